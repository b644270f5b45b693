import { Controller, Get } from '@nestjs/common';
import { GROUP_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { GroupBoards } from './group-boards';

/** The group reads that join creators and videos; the group board is served by the leaderboard route. */
@Controller()
export class GroupBoardsController {
  constructor(private readonly boards: GroupBoards) {}

  /** GroupStats: per year `{ year, inside, across }`, oldest first (docs/product.md "Groups"). */
  @Get(`${GROUP_ROUTES.groups}/:id/stats`)
  @JsonText()
  stats(@PathId() id: number): Promise<Buffer> {
    return this.boards.statsJson(id);
  }
}
