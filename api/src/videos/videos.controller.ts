import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  API_ROUTES,
  HISTORY_ROUTES,
  PAGING,
  type BulkDeleteResult,
  type LinkEvidence,
  type MessageResponse,
  type Video,
  type VideoIds,
  type VideoPage,
} from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { CachedAnswer, CATALOGUE_TABLES, type CachedAnswerOptions } from '../common/cached-answer';
import type { Answer } from '../common/json-text';
import type { LightRoute } from '../common/light-routes';
import {
  PageQuery,
  SearchTerm,
  WITH_SEARCH_DOC,
  parseVisitorPage,
  parseTerm,
  searchQueryOf,
  type Page,
} from '../common/page-params';
import { BulkDeleteDto } from '../common/bulk-ids.dto';
import { PathId, QueryId } from '../common/id-params';
import { CreateVideoDto, UpdateVideoDto } from './dto/video.dto';
import type { VideoFilter } from './video-reader';
import { VideosService } from './videos.service';

function videoFilter(q: string, youtube: unknown): VideoFilter {
  if (youtube !== undefined && youtube !== 'true' && youtube !== 'false')
    throw new BadRequestException("youtube must be 'true' or 'false'");
  const { text, withNames } = searchQueryOf(q);
  return { text, withNames, youtube: youtube === 'true' };
}

const SEARCH_PAGE = { defaultLimit: PAGING.videosPage, maxLimit: PAGING.maxLimit, visitorWindow: true };
const SEARCH_ANSWER: CachedAnswerOptions = { reads: CATALOGUE_TABLES, keep: 'when-asked-again' };

/**
 * The video search for the HTTP server's light path (common/cached-answers.ts): the route's own
 * checks and call, so both answer alike.
 */
export function videoSearchRoute(videos: VideosService): LightRoute {
  return {
    path: API_ROUTES.videosSearch,
    params: ['q', 'youtube', 'offset', 'limit'],
    answer: SEARCH_ANSWER,
    prepare: (query) => {
      const filter = videoFilter(parseTerm(query), query.youtube);
      const page = parseVisitorPage(query, SEARCH_PAGE);
      return () => videos.search(filter, page);
    },
  };
}

/** docs/product.md §7 video calls. Reads are public; every write needs the admin session (AuthGuard). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Get(API_ROUTES.videos)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  list(): Promise<Video[]> {
    return this.videos.list();
  }

  /**
   * VideoPage: one page of the videos whose title or an author's name contains `q`, ignoring case
   * (`youtube=true`: only videos on YouTube, the rescan list), in id order, with how many match: a text
   * search counts only to a step past the page, and says `totalCapped: true` when more match.
   * `with:"Name"` terms keep the videos every named creator appears in (unknown names: an empty page
   * listing them in `unknownNames`; a malformed term: 400).
   */
  @Get(API_ROUTES.videosSearch)
  @CachedAnswer(SEARCH_ANSWER)
  @ApiQuery({ name: 'youtube', required: false, enum: ['true', 'false'] })
  search(
    @SearchTerm(WITH_SEARCH_DOC('the videos every named creator appears in')) q: string,
    @Query('youtube') youtube: unknown,
    @PageQuery(SEARCH_PAGE) page: Page,
  ): Promise<Answer<VideoPage>> {
    return this.videos.search(videoFilter(q, youtube), page);
  }

  /**
   * VideoIds (admin): the ids of every video /api/videos/search matches for the same `q` and `youtube`,
   * so Select All in a paged list covers the matches not loaded yet.
   */
  @Get(API_ROUTES.videosSearchIds)
  @AdminOnly()
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  @ApiQuery({ name: 'youtube', required: false, enum: ['true', 'false'] })
  searchIds(
    @SearchTerm(WITH_SEARCH_DOC('the videos every named creator appears in')) q: string,
    @Query('youtube') youtube: unknown,
  ): Promise<VideoIds> {
    return this.videos.ids(videoFilter(q, youtube));
  }

  /** Why each author is linked (admin-only): source, matched text, confidence, time. */
  @Get(`${API_ROUTES.videos}/:id/evidence`)
  @AdminOnly()
  evidence(@PathId() id: number): Promise<LinkEvidence[]> {
    return this.videos.evidence(id);
  }

  @Post(API_ROUTES.videos)
  create(@Body() body: CreateVideoDto): Promise<Video> {
    return this.videos.create(body);
  }

  @Put(API_ROUTES.videos)
  update(@Body() body: UpdateVideoDto): Promise<Video> {
    return this.videos.update(body);
  }

  @Delete(API_ROUTES.videos)
  removeByQuery(@QueryId() id: number): Promise<MessageResponse> {
    return this.videos.remove(id);
  }

  @Delete(`${API_ROUTES.videos}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.videos.remove(id);
  }

  /** Several videos as one change: one history entry, undone as one. */
  @Post(HISTORY_ROUTES.videosBulkDelete)
  @HttpCode(200)
  removeMany(@Body() body: BulkDeleteDto): Promise<BulkDeleteResult> {
    return this.videos.removeMany(body.ids);
  }
}
