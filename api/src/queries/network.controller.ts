import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  API_ROUTES,
  BRIDGES_DEFAULT_LIMIT,
  BRIDGES_MAX_LIMIT,
  COMMUNITIES_MAX_LIMIT,
  COMMUNITY_LOOKUP_MAX_IDS,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
} from '@friends/shared';
import { CachedAnswer, CATALOGUE_TABLES, GROUP_TABLES } from '../common/cached-answer';
import { JsonText } from '../common/json-response';
import { PathId, QueryId } from '../common/id-params';
import { NetworkQueryDto } from './dto/network-query.dto';
import { NetworkAnalysisService } from './network-analysis.service';
import { NetworkService } from './network.service';

const INVALID_LIMIT = `limit must be a whole number from 1 to ${BRIDGES_MAX_LIMIT}`;

/** `?limit=` as written: decimal digits only (see common/page-params.ts), 1 to BRIDGES_MAX_LIMIT. */
function parseLimit(value: unknown): number {
  if (value === undefined) return BRIDGES_DEFAULT_LIMIT;
  const text = typeof value === 'string' ? value : '';
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= BRIDGES_MAX_LIMIT)) throw new BadRequestException(INVALID_LIMIT);
  return limit;
}

/** `?name=` as written (decimal digits only) from min to max; undefined when absent. */
function wholeNumber(name: string, value: unknown, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : '';
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const INVALID_IDS = `ids must be 1 to ${COMMUNITY_LOOKUP_MAX_IDS} creator ids, comma-separated`;

/** `?ids=3,1,2`: positive ids, distinct, sorted (one cache entry per set). */
function parseIds(value: unknown): number[] {
  const text = typeof value === 'string' ? value : '';
  const parts = text.split(',');
  if (!text || parts.length > COMMUNITY_LOOKUP_MAX_IDS) throw new BadRequestException(INVALID_IDS);
  const ids = new Set<number>();
  for (const part of parts) {
    const id = /^\d{1,9}$/.test(part) ? Number(part) : 0;
    if (id < 1) throw new BadRequestException(INVALID_IDS);
    ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The collaboration network's reads, public, each answer cached: a creator's network and activity,
 * a pair, a chain between two creators, who might collaborate, and the communities and bridges of the
 * last network analysis. A merged-away id answers its primary.
 */
@Controller()
export class NetworkController {
  constructor(
    private readonly network: NetworkService,
    private readonly analysis: NetworkAnalysisService,
  ) {}

  /** CreatorNetwork; `?weight=events` weighs the edges by collab events together. */
  @Get(`${API_ROUTES.creators}/:id/network`)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  creatorNetwork(@PathId() id: number, @Query() query: NetworkQueryDto) {
    return this.network.networkOf(id, query.hops === '2' ? 2 : 1, query.weight ?? 'videos');
  }

  /** Activity of one creator */
  @Get(`${API_ROUTES.creators}/:id/activity`)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  creatorActivity(@PathId() id: number) {
    return this.network.activityOf(id);
  }

  /** Activity of every creator (the analytics chart) */
  @Get(NETWORK_ROUTES.allActivity)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  activity() {
    return this.network.everyActivity();
  }

  /** PairVideos */
  @Get('/api/pairs/:a/:b')
  @CachedAnswer({ reads: GROUP_TABLES })
  pair(@PathId('a') a: number, @PathId('b') b: number) {
    return this.network.pairOf(a, b);
  }

  /** CollaborationPath */
  @Get('/api/path')
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  path(@QueryId('from') from: number, @QueryId('to') to: number) {
    return this.network.pathBetween(from, to);
  }

  /** SuggestedCreator[]; a merged-away id answers its primary's suggestions. */
  @Get(`${API_ROUTES.creators}/:id/suggested`)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  suggested(@PathId() id: number) {
    return this.network.suggestionsFor(id);
  }

  /**
   * Communities, from the last analysis of the network: all of them, or (`?limit=&members=`) the
   * first communities with their first members, as a summary shows them.
   */
  @Get(INSIGHTS_ROUTES.communities)
  @JsonText()
  @ApiQuery({
    name: 'limit',
    required: false,
    description: 'only the first (largest) communities; `total` still counts all',
    schema: { type: 'integer', minimum: 1, maximum: COMMUNITIES_MAX_LIMIT },
  })
  @ApiQuery({
    name: 'members',
    required: false,
    description: 'only the first (most connected) members of each community; `size` still counts all',
    schema: { type: 'integer', minimum: 0, maximum: COMMUNITIES_MAX_LIMIT },
  })
  communities(@Query('limit') limit?: unknown, @Query('members') members?: unknown) {
    return this.analysis.communitiesJson({
      limit: wholeNumber('limit', limit, 1, COMMUNITIES_MAX_LIMIT),
      members: wholeNumber('members', members, 0, COMMUNITIES_MAX_LIMIT),
    });
  }

  /** CommunityLookup: the communities of the given creators (a network graph's nodes). */
  @Get(INSIGHTS_ROUTES.communitiesOf)
  @JsonText()
  @ApiQuery({
    name: 'ids',
    required: true,
    description: `creator ids, comma-separated (1 to ${COMMUNITY_LOOKUP_MAX_IDS})`,
    schema: { type: 'string', example: '1,2,3' },
  })
  communitiesOf(@Query('ids') ids?: unknown) {
    return this.analysis.communitiesOfJson(parseIds(ids));
  }

  /** Bridge[], highest betweenness first, from the last analysis of the network. */
  @Get('/api/network/bridges')
  @JsonText()
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: BRIDGES_MAX_LIMIT, default: BRIDGES_DEFAULT_LIMIT },
  })
  bridges(@Query('limit') limit?: unknown) {
    return this.analysis.bridgesJson(parseLimit(limit));
  }
}
