import { Controller, Get } from '@nestjs/common';
import { GROUP_ROUTES, type GroupStats } from '@friends/shared';
import { CachedAnswer, GROUP_TABLES } from '../common/cached-answer';
import { PathId } from '../common/id-params';
import { GroupBoards } from './group-boards';

/** The group reads that join creators and videos; the group board is served by the leaderboard route. */
@Controller()
export class GroupBoardsController {
  constructor(private readonly boards: GroupBoards) {}

  /** GroupStats: per year `{ year, inside, across }`, oldest first (docs/product.md "Groups"). */
  @Get(`${GROUP_ROUTES.groups}/:id/stats`)
  @CachedAnswer({ reads: GROUP_TABLES })
  stats(@PathId() id: number): Promise<GroupStats> {
    return this.boards.stats(id);
  }
}
