import { Controller, Get } from '@nestjs/common';
import { API_ROUTES, PAGING, type CreatorProfile, type VideoPage } from '@friends/shared';
import {
  CachedAnswer,
  CATALOGUE_TABLES,
  GROUP_TABLES,
  type CachedAnswerOptions,
} from '../common/cached-answer';
import type { LightRoute } from '../common/light-routes';
import { parseId, PathId } from '../common/id-params';
import { PageQuery, type Page } from '../common/page-params';
import { CreatorProfileService } from './creator-profile.service';

const PROFILE_PATH = `${API_ROUTES.creators}/:id/profile`;
/** A merged-away id answers its primary's profile; its memberships make it read the group tables. */
const PROFILE_ANSWER: CachedAnswerOptions = { reads: GROUP_TABLES };

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
