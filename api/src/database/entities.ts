import { AdminSessionEntity } from '../auth/admin-session.entity';
import { CreatorAliasEntity } from '../creators/creator-alias.entity';
import { CreatorEntity } from '../creators/creator.entity';
import { SocialLinkEntity } from '../creators/social-link.entity';
import { GroupMemberEntity } from '../groups/group-member.entity';
import { GroupEntity } from '../groups/group.entity';
import { EventProposalEntity } from '../events/event-proposal.entity';
import { EventEntity } from '../events/event.entity';
import { SuggestionEntity } from '../suggestions/suggestion.entity';
import { VideoAuthorEntity } from '../videos/video-author.entity';
import { VideoCrewEntity } from '../videos/video-crew.entity';
import { VideoEntity } from '../videos/video.entity';

/** For the migration CLI; the Nest app registers the same entities per module (autoLoadEntities). */
export const ENTITIES = [
  AdminSessionEntity,
  CreatorEntity,
  SocialLinkEntity,
  CreatorAliasEntity,
  VideoEntity,
  VideoAuthorEntity,
  VideoCrewEntity,
  EventEntity,
  EventProposalEntity,
  SuggestionEntity,
  GroupEntity,
  GroupMemberEntity,
];
