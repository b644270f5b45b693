import {
  BadRequestException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Post,
  Query,
} from '@nestjs/common';
import {
  HISTORY_LIMITS,
  HISTORY_MESSAGES,
  HISTORY_ROUTES,
  actorName,
  type HistoryDetail,
  type HistoryItem,
  type HistoryPage,
  type HistoryUndoResult,
} from '@friends/shared';
import { TransactionRunner } from '../database/transaction-runner.service';
import { currentActor } from './actor-context';
import { readEntry, readEntryRows, readSubject } from './history-details';
import { AdminOnly } from '../auth/access.decorators';
import { parseId, PathId } from '../common/id-params';
import { HistoryService } from './history.service';

const optionalId = (value: unknown): number | undefined => (value === undefined ? undefined : parseId(value));

/** The entry with its actor named for the person reading (their own session reads 'You'). */
const readable = (item: HistoryItem): HistoryItem =>
  Object.assign({}, item, { actorName: actorName(item.actor, currentActor()) });

/** The change history and undo: admin only, reads included. */
@AdminOnly()
@Controller()
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly tx: TransactionRunner,
  ) {}

  /** HistoryPage, newest first: `?limit=` (1–200), `?before=<id>`, `?creator=<id>` or `?video=<id>`. */
  @Get(HISTORY_ROUTES.history)
  async list(@Query() query: Record<string, unknown>): Promise<HistoryPage> {
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
    const page = await this.history.list({ limit, before: optionalId(query.before), creator, video });
    const items = page.items.map(readable);
    const subject =
      creator !== undefined || video !== undefined
        ? await this.tx.read((manager) =>
            creator !== undefined
              ? readSubject(manager, 'creator', creator)
              : readSubject(manager, 'video', video!),
          )
        : undefined;
    return subject ? { ...page, items, subject } : { ...page, items };
  }

  /** HistoryDetail: one entry with the rows it changed, each named, and what changed in it. */
  @Get(`${HISTORY_ROUTES.history}/:id`)
  detail(@PathId() id: number): Promise<HistoryDetail> {
    return this.tx.read(async (manager) => {
      const entry = await readEntry(manager, id);
      if (!entry) throw new NotFoundException(HISTORY_MESSAGES.notFound);
      return { entry: readable(entry), ...(await readEntryRows(manager, id)) };
    });
  }

  @Post(`${HISTORY_ROUTES.history}/:id/undo`)
  @HttpCode(200)
  undo(@PathId() id: number): Promise<HistoryUndoResult> {
    return this.history.undo(id);
  }
}
