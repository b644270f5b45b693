import { Controller, Get } from '@nestjs/common';
import { API_ROUTES, PAGING, type CreatorProfile, type VideoPage } from '@friends/shared';
import { CachedAnswer, CATALOGUE_TABLES, GROUP_TABLES } from '../common/cached-answer';
import { PathId } from '../common/id-params';
import { PageQuery, type Page } from '../common/page-params';
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
