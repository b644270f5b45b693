import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { GroupBoards } from './group-boards';
import { GroupBoardsController } from './group-boards.controller';
import { LeaderboardsController } from './leaderboards.controller';
import { LeaderboardsService } from './leaderboards.service';
import { NetworkAnalysisService } from './network-analysis.service';
import { NetworkController } from './network.controller';
import { NetworkService } from './network.service';

/**
 * The reads that join several modules' tables (creators, videos, the stored counts): leaderboards,
 * analytics and the collaboration network. They only read; each table's module writes it.
 */
@Module({
  controllers: [LeaderboardsController, AnalyticsController, NetworkController, GroupBoardsController],
  providers: [LeaderboardsService, AnalyticsService, NetworkService, NetworkAnalysisService, GroupBoards],
})
export class QueriesModule {}
