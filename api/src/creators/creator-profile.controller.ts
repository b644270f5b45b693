import { Controller, Get } from '@nestjs/common';
import { API_ROUTES, type CreatorProfile } from '@friends/shared';
import { CachedAnswer, GROUP_TABLES } from '../common/cached-answer';
import { PathId } from '../common/id-params';
import { CreatorProfileService } from './creator-profile.service';

/** A creator's page, public. */
@Controller()
export class CreatorProfileController {
  constructor(private readonly profiles: CreatorProfileService) {}

  /** A merged-away id answers its primary's profile; its memberships make it read the group tables. */
  @Get(`${API_ROUTES.creators}/:id/profile`)
  @CachedAnswer({ reads: GROUP_TABLES })
  profile(@PathId() id: number): Promise<CreatorProfile> {
    return this.profiles.profile(id);
  }
}
