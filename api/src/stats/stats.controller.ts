import { Controller, Get } from '@nestjs/common';
import { API_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { StatsService } from './stats.service';

/** The aggregate reads: answered as cached JSON text. */
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  /** Leaderboard */
  @Get(API_ROUTES.leaderboard)
  @JsonText()
  leaderboard(): Promise<Buffer> {
    return this.stats.leaderboardJson();
  }

  /** Analytics: shown on an admin view, but nothing in it is private (all derivable from public reads). */
  @Get(API_ROUTES.stats)
  @JsonText()
  analytics(): Promise<Buffer> {
    return this.stats.analyticsJson();
  }

  /** CreatorProfile; a merged-away id answers its primary's profile. */
  @Get(`${API_ROUTES.creators}/:id/profile`)
  @JsonText()
  profile(@PathId() id: number): Promise<Buffer> {
    return this.stats.profileJson(id);
  }
}
