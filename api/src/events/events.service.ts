import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EVENT_MIN_VIDEOS, quoted, type CollabEvent, type MessageResponse } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Change } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { int, lockFor, missingIds, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { eventScopes } from '../history/row-snapshot';
import { VideosService } from '../videos/videos.service';
import { EventEntity } from './event.entity';
import { readEvent } from './event-reader';

export const EVENT_NOT_FOUND = 'Event not found';

/**
 * Collab events (docs/product.md "Collab events"): the only writer of `events` and `event_proposals`;
 * videos join and leave an event through VideosService. Grouping and ungrouping are each one change,
 * in history and undoable.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly changes: ChangesService,
    private readonly videos: VideosService,
  ) {}

  /** GET /api/events/:id. */
  async get(id: number): Promise<CollabEvent> {
    const event = await this.tx.read((manager) => readEvent(manager, id));
    if (!event) throw new NotFoundException(EVENT_NOT_FOUND);
    return event;
  }

  /** POST /api/events: groups the videos as one event, titled after the earliest. */
  async group(videoIds: readonly number[]): Promise<CollabEvent> {
    const ids = [...new Set(videoIds)];
    if (ids.length < EVENT_MIN_VIDEOS)
      throw new BadRequestException(`videoIds must name at least ${EVENT_MIN_VIDEOS} different videos`);
    return this.changes.run(
      { kind: 'event.create', summary: '', scopes: [{ table: 'videos', column: 'id', ids }] },
      async (change) => {
        const id = await this.groupWithin(change, ids);
        const event = (await readEvent(change.manager, id))!;
        change.summary = `Grouped ${event.videos.length} videos as one event: ${quoted(event.title)}`;
        return event;
      },
    );
  }

  /**
   * Inside a caller's change (an import, an accepted proposal): a new event of these videos; 404 when
   * one is unknown, 400 when one is already in another event. The new event's id.
   */
  async groupWithin(change: Change, videoIds: readonly number[]): Promise<number> {
    const { manager } = change;
    const missing = await missingIds(manager, 'videos', videoIds);
    if (missing.length > 0)
      throw new NotFoundException(`Video(s) not found: ${missing.slice(0, 20).join(', ')}`);
    const found = await rows<{ id: number; title: string; date: string; event_id: number | null }>(
      manager,
      `SELECT id, title, date, event_id FROM videos WHERE id IN ${placeholders(videoIds.length)}
        ORDER BY CASE WHEN date = '' THEN 1 ELSE 0 END, date, id${lockFor(manager, 'update')}`,
      [...videoIds],
    );
    const grouped = found.filter((video) => video.event_id !== null && video.event_id !== undefined);
    if (grouped.length > 0)
      throw new BadRequestException(
        `Already in another event: ${grouped.map((v) => `video ${int(v.id)} (event ${int(v.event_id)})`).join(', ')}`,
      );
    const result = await manager.insert(EventEntity, { title: found[0]?.title ?? '' });
    const id = int(result.identifiers[0]?.id);
    change.made({ table: 'events', column: 'id', ids: [id] });
    await this.videos.setEventWithin(change, videoIds, id);
    return id;
  }

  /** DELETE /api/events/:id: the videos stay, each on its own again. */
  async ungroup(id: number): Promise<MessageResponse> {
    return this.changes.run(
      { kind: 'event.delete', summary: '', scopes: eventScopes([id]) },
      async (change) => {
        const event = await readEvent(change.manager, id);
        if (!event) throw new NotFoundException(EVENT_NOT_FOUND);
        await this.videos.setEventWithin(
          change,
          event.videos.map((video) => video.id),
          null,
        );
        await change.manager.delete(EventEntity, { id });
        change.summary = `Ungrouped the event ${quoted(event.title)} (${event.videos.length} videos)`;
        return { message: change.summary };
      },
    );
  }

  /** The events of these videos (for callers that must know before grouping). */
  async eventsOf(manager: EntityManager, videoIds: readonly number[]): Promise<Map<number, number>> {
    const found = videoIds.length
      ? await rows<{ id: number; event_id: number | null }>(
          manager,
          `SELECT id, event_id FROM videos WHERE id IN ${placeholders(videoIds.length)} AND event_id IS NOT NULL`,
          [...videoIds],
        )
      : [];
    return new Map(found.map((row) => [int(row.id), int(row.event_id)]));
  }
}
