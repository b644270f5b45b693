import { Controller, Get, Query } from '@nestjs/common';
import { API_ROUTES, NETWORK_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId, QueryId } from '../common/id-params';
import { NetworkQueryDto } from './dto/network-query.dto';
import { NetworkService, type CachedJson } from './network.service';

/** The collaboration network reads (issue 9): public, answered as cached JSON. A merged-away id answers its primary. */
@Controller()
export class NetworkController {
  constructor(private readonly network: NetworkService) {}

  /** CreatorNetwork */
  @Get(`${API_ROUTES.creators}/:id/network`)
  @JsonText()
  creatorNetwork(@PathId() id: number, @Query() query: NetworkQueryDto): CachedJson {
    return this.network.networkJson(id, query.hops === '2' ? 2 : 1);
  }

  /** Activity of one creator */
  @Get(`${API_ROUTES.creators}/:id/activity`)
  @JsonText()
  creatorActivity(@PathId() id: number): CachedJson {
    return this.network.activityJson(id);
  }

  /** Activity of every creator (the analytics chart) */
  @Get(NETWORK_ROUTES.allActivity)
  @JsonText()
  activity(): CachedJson {
    return this.network.allActivityJson();
  }

  /** PairVideos */
  @Get('/api/pairs/:a/:b')
  @JsonText()
  pair(@PathId('a') a: number, @PathId('b') b: number): CachedJson {
    return this.network.pairJson(a, b);
  }

  /** CollaborationPath */
  @Get('/api/path')
  @JsonText()
  path(@QueryId('from') from: number, @QueryId('to') to: number): CachedJson {
    return this.network.pathJson(from, to);
  }
}
