import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import {
  API_ROUTES,
  HISTORY_ROUTES,
  LIMITS,
  PAGING,
  type BulkDeleteResult,
  type ChannelOwner,
  type SavedCreator,
  type CreatorIds,
  type CreatorListItem,
  type CreatorPage,
  type CreatorSearchScope,
  type DuplicateGroupPage,
  type MessageResponse,
} from '@friends/shared';
import { BulkDeleteDto } from '../common/bulk-ids.dto';
import { SavedCreatorDto } from './dto/saved-creator.dto';
import { CachedAnswer, CREATOR_TABLES, type CachedAnswerOptions } from '../common/cached-answer';
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
import { AdminOnly } from '../auth/access.decorators';
import { parseId, parseIdList, PathId, QueryId } from '../common/id-params';
import { CreatorsService } from './creators.service';
import { CreateCreatorDto, MergeCreatorsDto, UpdateCreatorDto } from './dto/creator.dto';

function parseScope(scope: unknown): CreatorSearchScope {
  if (scope === undefined) return 'all';
  if (scope !== 'all' && scope !== 'names') throw new BadRequestException("scope must be 'all' or 'names'");
  return scope;
}

/**
 * A page of every creator (no term) or of given ids shows its own creators' rows and nothing of the
 * others but how many there are: a write changing only other creators' rows leaves it current (the
 * first page of All Creators, read by every visitor, outlives the writes of creators it does not show).
 * A term's or `with:` page is a match of names or videos: any write of what it reads may change it.
 * Told by the raw `q` (absent or blank), not by folding it again: a term that folds to nothing (marks
 * alone) is then treated as a term, which only drops its page more often.
 */
function shownCreators(answer: unknown, query: Readonly<Record<string, unknown>>): readonly number[] | null {
  const { q } = query;
  if (q !== undefined && (typeof q !== 'string' || q.trim() !== '')) return null;
  return (answer as CreatorPage).items.map((item) => item.id);
}

const SEARCH_ANSWER: CachedAnswerOptions = {
  reads: [...CREATOR_TABLES, 'video_authors'],
  keep: 'when-asked-again',
  shows: shownCreators,
};
const SEARCH_PAGE = { defaultLimit: PAGING.creatorsPage, maxLimit: PAGING.maxLimit, visitorWindow: true };

/**
 * The creator search without `ids` for the HTTP server's light path (common/cached-answers.ts): the
 * route's own checks and call, so both answer alike.
 */
export function creatorSearchRoute(creators: CreatorsService): LightRoute {
  return {
    path: API_ROUTES.creatorsSearch,
    params: ['q', 'scope', 'offset', 'limit'],
    answer: SEARCH_ANSWER,
    prepare: (query) => {
      const search = searchQueryOf(parseTerm(query));
      const scope = parseScope(query.scope);
      const page = parseVisitorPage(query, SEARCH_PAGE);
      return () => creators.search(search, scope, page);
    },
  };
}

/** docs/product.md §7 creator calls. Reads are public; every write needs the admin session (AuthGuard). */
@Controller()
export class CreatorsController {
  constructor(private readonly creators: CreatorsService) {}

  @Get(API_ROUTES.creators)
  @CachedAnswer({ reads: CREATOR_TABLES })
  list(): Promise<CreatorListItem[]> {
    return this.creators.listAll();
  }

  /**
   * CreatorPage: one page of the creators whose name, alias or channel (`scope=names`: name or alias)
   * contains `q`, ignoring case, in id order, with how many match. What the search screens read.
   * `with:"Name"` terms in `q` keep the creators who have a video with each named creator; a name that
   * names no creator gives an empty page listing it in `unknownNames`; a malformed term is a 400.
   */
  @Get(API_ROUTES.creatorsSearch)
  @CachedAnswer(SEARCH_ANSWER)
  @ApiQuery({ name: 'scope', required: false, enum: ['all', 'names'] })
  @ApiQuery({
    name: 'ids',
    required: false,
    description: `only these creators (comma-separated ids, at most ${PAGING.maxLimit}); not with q`,
    schema: { type: 'string', example: '3,17' },
  })
  search(
    @SearchTerm(WITH_SEARCH_DOC('the creators who have a video with every named creator')) q: string,
    @Query('scope') scope: unknown,
    @Query('ids') ids: unknown,
    @PageQuery(SEARCH_PAGE) page: Page,
  ): Promise<CreatorPage> {
    const searchScope = parseScope(scope);
    if (ids !== undefined) {
      if (q !== '') throw new BadRequestException('ids and q cannot be used together');
      return this.creators.byIds(parseIdList(ids, PAGING.maxLimit), page);
    }
    return this.creators.search(searchQueryOf(q), searchScope, page);
  }

  /**
   * CreatorIds (admin): the id of every creator the search matches, for a bulk list's Select All. Every
   * match is every creator for a short term (100,000 ids, 0.1–0.2 s at 1,000,000 videos): not a
   * stranger's to ask for.
   */
  @Get(API_ROUTES.creatorsSearchIds)
  @AdminOnly()
  @CachedAnswer({ reads: [...CREATOR_TABLES, 'video_authors'] })
  @ApiQuery({ name: 'scope', required: false, enum: ['all', 'names'] })
  searchIds(
    @SearchTerm(WITH_SEARCH_DOC('the creators who have a video with every named creator')) q: string,
    @Query('scope') scope: unknown,
  ): Promise<CreatorIds> {
    return this.creators.searchIds(searchQueryOf(q), parseScope(scope));
  }

  /** DuplicateGroupPage: creators sharing a normalised name or alias, a page of groups. */
  @Get(API_ROUTES.creatorsDuplicates)
  @CachedAnswer({ reads: CREATOR_TABLES })
  duplicates(
    @PageQuery({ defaultLimit: PAGING.duplicatesPage, maxLimit: PAGING.maxLimit }) page: Page,
  ): Promise<DuplicateGroupPage> {
    return this.creators.duplicates(page);
  }

  /**
   * ChannelOwner: the creator (other than `exclude`) whose channel is this URL, compared in canonical
   * form, so the admin form can warn while the URL is typed. Admin only: it reads like a save would.
   */
  @Get(API_ROUTES.creatorsChannelOwner)
  @AdminOnly()
  @ApiQuery({ name: 'url', required: true, schema: { type: 'string', maxLength: LIMITS.url } })
  @ApiQuery({ name: 'exclude', required: false, schema: { type: 'integer', minimum: 1 } })
  channelOwner(@Query('url') url: unknown, @Query('exclude') exclude: unknown): Promise<ChannelOwner> {
    if (typeof url !== 'string') throw new BadRequestException('url must be one string');
    if (url.length > LIMITS.url)
      throw new BadRequestException(`url must be at most ${LIMITS.url} characters`);
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (/[\u0000-\u001f\u007f]/.test(url))
      throw new BadRequestException('url must not contain control characters');
    if (exclude !== undefined && (typeof exclude !== 'string' || !/^\d{1,10}$/.test(exclude)))
      throw new BadRequestException('exclude must be the id of the creator being edited');
    return this.creators.channelOwner(url, exclude === undefined ? null : parseId(exclude));
  }

  /** SavedCreator: with `warnings` when the channel URL is also another creator's (saved all the same). */
  @Post(API_ROUTES.creators)
  @ApiCreatedResponse({ type: SavedCreatorDto })
  create(@Body() body: CreateCreatorDto): Promise<SavedCreator> {
    return this.creators.create(body);
  }

  /** SavedCreator, with `warnings` as for POST. */
  @Put(API_ROUTES.creators)
  @ApiOkResponse({ type: SavedCreatorDto })
  update(@Body() body: UpdateCreatorDto): Promise<SavedCreator> {
    return this.creators.update(body);
  }

  @Patch(API_ROUTES.creators)
  @HttpCode(200)
  merge(@Body() body: MergeCreatorsDto): Promise<MessageResponse> {
    return this.creators.merge(body);
  }

  @Delete(API_ROUTES.creators)
  removeByQuery(@QueryId() id: number): Promise<MessageResponse> {
    return this.creators.remove(id);
  }

  @Delete(`${API_ROUTES.creators}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.creators.remove(id);
  }

  /** Several creators as one change: one history entry, undone as one. */
  @Post(HISTORY_ROUTES.creatorsBulkDelete)
  @HttpCode(200)
  removeMany(@Body() body: BulkDeleteDto): Promise<BulkDeleteResult> {
    return this.creators.removeMany(body.ids);
  }
}
