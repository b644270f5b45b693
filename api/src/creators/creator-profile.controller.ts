import { Controller, Get } from '@nestjs/common';
import { API_ROUTES, PAGING, type CreatorProfile, type VideoPage } from '@friends/shared';
import {
  CachedAnswer,
  CATALOGUE_TABLES,
  type AnswerTable,
  type CachedAnswerOptions,
} from '../common/cached-answer';
import type { LightRoute } from '../common/light-routes';
import { parseId, PathId } from '../common/id-params';
import { PageQuery, type Page } from '../common/page-params';
import { CreatorProfileService } from './creator-profile.service';

const PROFILE_PATH = `${API_ROUTES.creators}/:id/profile`;
/**
 * What a profile reads (creator-profile.service.ts): the creator (a merged-away id through its
 * aliases) with its links and names, its counts, its pairs with their names, the first page of its
 * videos with their authors and crew, its groups.
 */
const PROFILE_READS: readonly AnswerTable[] = [
  'creators',
  'creator_aliases',
  'social_links',
  'creator_other_names',
  'creator_counts',
  'creator_event_counts',
  'creator_pairs',
  'creator_video_dates',
  'videos',
  'video_authors',
  'video_crew',
  'group_members',
  'creator_groups',
];

/**
 * The creators a profile shows: its own, its frequent collaborators, and the authors and credited crew
 * of its first videos. What it reads of the per-creator tables is theirs alone (a video of its page is
 * one of its own), so a write of other creators' rows leaves it current (AnswerOptions.shows).
 */
function profileShows(answer: unknown): number[] {
  const profile = answer as CreatorProfile;
  const ids = [profile.creator.id, ...profile.frequentCollaborators.map((other) => other.id)];
  for (const video of profile.videos) {
    ids.push(...video.authorIds);
    for (const credit of video.crew) if (credit.creatorId !== null) ids.push(credit.creatorId);
  }
  return ids;
}

const PROFILE_ANSWER: CachedAnswerOptions = { reads: PROFILE_READS, shows: profileShows };

/**
 * The profile for the HTTP server's light path (common/cached-answers.ts), which the first read of a
 * creator's page after a write takes: the route's own checks and call, so both answer alike.
 */
export function creatorProfileRoute(profiles: CreatorProfileService): LightRoute {
  return {
    path: PROFILE_PATH,
    params: [],
    answer: PROFILE_ANSWER,
    prepare: (_query, segments) => {
      const id = parseId(segments.id);
      return () => profiles.profile(id);
    },
  };
}

/** A creator's page, public. */
@Controller()
export class CreatorProfileController {
  constructor(private readonly profiles: CreatorProfileService) {}

  @Get(PROFILE_PATH)
  @CachedAnswer(PROFILE_ANSWER)
  profile(@PathId() id: number): Promise<CreatorProfile> {
    return this.profiles.profile(id);
  }

  /** `?offset=&limit=` a page of the creator's videos, newest first (the profile's order). */
  @Get(`${API_ROUTES.creators}/:id/videos`)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  videos(
    @PathId() id: number,
    @PageQuery({ defaultLimit: PAGING.profileVideos, maxLimit: PAGING.maxLimit }) page: Page,
  ): Promise<VideoPage> {
    return this.profiles.videos(id, page);
  }
}
