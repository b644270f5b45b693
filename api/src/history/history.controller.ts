import { BadRequestException, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { HISTORY_LIMITS, HISTORY_ROUTES, type HistoryPage, type HistoryUndoResult } from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { parseId, PathId } from '../common/id-params';
import { HistoryService } from './history.service';

const optionalId = (value: unknown): number | undefined => (value === undefined ? undefined : parseId(value));

/** The change history and undo: admin only, reads included. */
@AdminOnly()
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  /** HistoryPage, newest first: `?limit=` (1–200), `?before=<id>`, `?creator=<id>` or `?video=<id>`. */
  @Get(HISTORY_ROUTES.history)
  list(@Query() query: Record<string, unknown>): Promise<HistoryPage> {
    const text = query.limit;
    let limit: number = HISTORY_LIMITS.defaultPage;
    if (text !== undefined) {
      limit = typeof text === 'string' && /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(limit >= 1 && limit <= HISTORY_LIMITS.maxPage))
        throw new BadRequestException(`limit must be a whole number from 1 to ${HISTORY_LIMITS.maxPage}`);
    }
    const creator = optionalId(query.creator);
    const video = optionalId(query.video);
    if (creator !== undefined && video !== undefined)
      throw new BadRequestException('Filter by creator or by video, not both');
    return this.history.list({ limit, before: optionalId(query.before), creator, video });
  }

  @Post(`${HISTORY_ROUTES.history}/:id/undo`)
  @HttpCode(200)
  undo(@PathId() id: number): Promise<HistoryUndoResult> {
    return this.history.undo(id);
  }
}
