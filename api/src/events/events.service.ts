import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  EVENT_MIN_VIDEOS,
  quoted,
  type CollabEvent,
  type EventProposalDecision,
  type EventProposalItem,
  type EventProposalPage,
  type MessageResponse,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Change } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import type { Page } from '../common/page-params';
import { chunks, int, lockFor, missingIds, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { eventScopes } from '../history/row-snapshot';
import { VideosService } from '../videos/videos.service';
import { EventProposalEntity } from './event-proposal.entity';
import { EventEntity } from './event.entity';
import { readEvent } from './event-reader';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_PROPOSAL_NOT_FOUND = 'Proposed grouping not found';
/** The most evidence an event keeps (the column's length). */
const EVIDENCE_MAX = 1000;

/** Evidence lines joined, each once, within the column. */
function joinEvidence(lines: readonly string[]): string {
  return [...new Set(lines.filter(Boolean))].join('; ').slice(0, EVIDENCE_MAX);
}

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
  async groupWithin(change: Change, videoIds: readonly number[], evidence = ''): Promise<number> {
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
    const result = await manager.insert(EventEntity, {
      title: found[0]?.title ?? '',
      evidence: joinEvidence([evidence]),
    });
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

  /**
   * Inside a caller's change (an import): these videos join an existing event, its evidence extended.
   * Videos already in it are left; a video in another event is refused (400), as in groupWithin.
   */
  async joinWithin(
    change: Change,
    eventId: number,
    videoIds: readonly number[],
    evidence: string,
  ): Promise<void> {
    const { manager } = change;
    await change.touch({ table: 'events', column: 'id', ids: [eventId] });
    const [event] = await rows<{ evidence: string | null }>(
      manager,
      `SELECT evidence FROM events WHERE id = ?${lockFor(manager, 'update')}`,
      [eventId],
    );
    if (!event) throw new NotFoundException(EVENT_NOT_FOUND);
    const current = await this.eventsOf(manager, videoIds);
    const elsewhere = [...current].filter(([, id]) => id !== eventId);
    if (elsewhere.length > 0)
      throw new BadRequestException(
        `Already in another event: ${elsewhere.map(([video, id]) => `video ${video} (event ${id})`).join(', ')}`,
      );
    const joining = videoIds.filter((id) => !current.has(id));
    if (joining.length > 0) await this.videos.setEventWithin(change, joining, eventId);
    const next = joinEvidence([...(event.evidence ?? '').split('; '), evidence]);
    if (next !== (event.evidence ?? ''))
      await manager.update(EventEntity, { id: eventId }, { evidence: next });
  }

  /**
   * Inside a caller's change (an import): a weak grouping of two videos waits for review, unless the
   * pair is already proposed or both already sit in one event. Whether it was filed.
   */
  async proposeWithin(change: Change, videoA: number, videoB: number, evidence: string): Promise<boolean> {
    const { manager } = change;
    const [a, b] = videoA < videoB ? [videoA, videoB] : [videoB, videoA];
    if (a === b) return false;
    const [known] = await rows<{ id: number }>(
      manager,
      'SELECT id FROM event_proposals WHERE video_a = ? AND video_b = ?',
      [a, b],
    );
    if (known) return false;
    const [keyA, keyB] = await this.rejectionKeys(manager, a, b);
    const [rejected] = await rows<{ id: number }>(
      manager,
      'SELECT id FROM event_rejections WHERE key_a = ? AND key_b = ?',
      [keyA, keyB],
    );
    if (rejected) return false;
    const events = await this.eventsOf(manager, [a, b]);
    if (events.has(a) && events.get(a) === events.get(b)) return false;
    const result = await manager.insert(EventProposalEntity, {
      videoA: a,
      videoB: b,
      evidence: evidence.slice(0, 300),
      createdAt: new Date().toISOString(),
    });
    change.made({ table: 'event_proposals', column: 'id', ids: [int(result.identifiers[0]?.id)] });
    return true;
  }

  /** Pending proposed groupings, oldest first, with their two uploads. */
  async proposals(page: Page): Promise<EventProposalPage> {
    return this.tx.read(async (manager) => {
      const [count] = await rows<{ total: number | string }>(
        manager,
        'SELECT COUNT(*) AS total FROM event_proposals',
      );
      const found = await rows<{
        id: number;
        video_a: number;
        video_b: number;
        evidence: string;
        created_at: string;
      }>(
        manager,
        `SELECT id, video_a, video_b, evidence, created_at FROM event_proposals ORDER BY id
          LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      );
      const videoIds = [...new Set(found.flatMap((p) => [int(p.video_a), int(p.video_b)]))];
      const videos = await proposalVideos(manager, videoIds);
      return {
        total: int(count?.total),
        items: found.map((p): EventProposalItem => ({
          id: int(p.id),
          videos: [int(p.video_a), int(p.video_b)].flatMap((id) => videos.get(id) ?? []),
          reason: p.evidence,
          createdAt: p.created_at,
        })),
      };
    });
  }

  /** How many groupings wait for review. */
  async proposalCount(): Promise<number> {
    const [count] = await this.tx.read((manager) =>
      rows<{ total: number | string }>(manager, 'SELECT COUNT(*) AS total FROM event_proposals'),
    );
    return int(count?.total);
  }

  /**
   * Accepts a proposed grouping, as one change in history (undoable like POST /api/events): neither
   * upload in an event → a new event of the two; one in an event → the other joins it; each in its own
   * event → the second event's uploads join the first and the second goes. Proposals left inside one
   * event go with it.
   */
  async acceptProposal(id: number): Promise<EventProposalDecision> {
    return this.changes.run({ kind: 'review.decision', summary: '' }, async (change) => {
      const { manager } = change;
      const proposal = await this.lockProposal(change, id);
      const [a, b] = [int(proposal.video_a), int(proposal.video_b)];
      const titles = await rows<{ id: number; title: string }>(
        manager,
        'SELECT id, title FROM videos WHERE id IN (?, ?)',
        [a, b],
      );
      const titleOf = (video: number) => titles.find((t) => int(t.id) === video)?.title ?? '';
      const events = await this.eventsOf(manager, [a, b]);
      const [ea, eb] = [events.get(a), events.get(b)];
      const evidence = `Accepted from review: ${proposal.evidence}`;
      let eventId: number;
      if (ea === undefined && eb === undefined) eventId = await this.groupWithin(change, [a, b], evidence);
      else if (ea !== undefined && eb !== undefined && ea !== eb) {
        eventId = ea;
        await change.touch(...eventScopes([eb]));
        const moving = await rows<{ id: number }>(manager, 'SELECT id FROM videos WHERE event_id = ?', [eb]);
        await this.videos.setEventWithin(
          change,
          moving.map((v) => int(v.id)),
          ea,
        );
        await manager.delete(EventEntity, { id: eb });
        await this.joinWithin(change, ea, [], evidence);
      } else {
        eventId = (ea ?? eb)!;
        await this.joinWithin(change, eventId, [a, b], evidence);
      }
      await this.dropSettledProposals(change, eventId);
      change.summary = `Grouped ${quoted(titleOf(a))} and ${quoted(titleOf(b))} as one event (proposed)`;
      return { id, eventId };
    });
  }

  /**
   * Rejects a proposed grouping: the proposal goes and the rejection is remembered, so no later import
   * proposes these two uploads again (both undoable); the uploads stay apart.
   */
  async rejectProposal(id: number): Promise<EventProposalDecision> {
    return this.changes.run({ kind: 'review.decision', summary: '' }, async (change) => {
      const proposal = await this.lockProposal(change, id);
      await change.manager.delete(EventProposalEntity, { id });
      const [keyA, keyB] = await this.rejectionKeys(
        change.manager,
        int(proposal.video_a),
        int(proposal.video_b),
      );
      const [known] = await rows<{ id: number }>(
        change.manager,
        'SELECT id FROM event_rejections WHERE key_a = ? AND key_b = ?',
        [keyA, keyB],
      );
      if (!known) {
        await change.manager.query(
          'INSERT INTO event_rejections (key_a, key_b, created_at) VALUES (?, ?, ?)',
          [keyA, keyB, new Date().toISOString()],
        );
        const [made] = await rows<{ id: number }>(
          change.manager,
          'SELECT id FROM event_rejections WHERE key_a = ? AND key_b = ?',
          [keyA, keyB],
        );
        change.made({ table: 'event_rejections', column: 'id', ids: [int(made?.id)] });
      }
      const titles = await rows<{ title: string }>(
        change.manager,
        'SELECT title FROM videos WHERE id IN (?, ?) ORDER BY id',
        [int(proposal.video_a), int(proposal.video_b)],
      );
      change.summary = `Kept ${titles.map((t) => quoted(t.title)).join(' and ')} apart (proposed grouping rejected)`;
      return { id, eventId: null };
    });
  }

  private async lockProposal(
    change: Change,
    id: number,
  ): Promise<{ video_a: number; video_b: number; evidence: string }> {
    await change.touch({ table: 'event_proposals', column: 'id', ids: [id] });
    const [proposal] = await rows<{ video_a: number; video_b: number; evidence: string }>(
      change.manager,
      `SELECT video_a, video_b, evidence FROM event_proposals WHERE id = ?${lockFor(change.manager, 'update')}`,
      [id],
    );
    if (!proposal) throw new NotFoundException(EVENT_PROPOSAL_NOT_FOUND);
    return proposal;
  }

  /**
   * The two uploads' keys as a rejection remembers them, lower first: each video's URL key (so the
   * rejection outlives a delete and re-import), or its id for a video without one.
   */
  private async rejectionKeys(manager: EntityManager, a: number, b: number): Promise<[string, string]> {
    const found = await rows<{ id: number; url_key: string | null }>(
      manager,
      'SELECT id, url_key FROM videos WHERE id IN (?, ?)',
      [a, b],
    );
    const keyOf = (video: number) => found.find((row) => int(row.id) === video)?.url_key ?? `video:${video}`;
    const [x, y] = [keyOf(a), keyOf(b)];
    return x < y ? [x, y] : [y, x];
  }

  /** Proposals whose two uploads now sit in this event are settled and go. */
  private async dropSettledProposals(change: Change, eventId: number): Promise<void> {
    const settled = await rows<{ id: number }>(
      change.manager,
      `SELECT p.id FROM event_proposals p
         JOIN videos va ON va.id = p.video_a JOIN videos vb ON vb.id = p.video_b
        WHERE va.event_id = ? AND vb.event_id = ?`,
      [eventId, eventId],
    );
    const ids = settled.map((r) => int(r.id));
    if (ids.length === 0) return;
    await change.touch({ table: 'event_proposals', column: 'id', ids });
    for (const part of chunks(ids))
      await change.manager.query(
        `DELETE FROM event_proposals WHERE id IN ${placeholders(part.length)}`,
        part,
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

/** The uploads of proposed groupings, by id, with their authors' names in order. */
async function proposalVideos(
  manager: EntityManager,
  ids: readonly number[],
): Promise<Map<number, EventProposalItem['videos'][number]>> {
  const result = new Map<number, EventProposalItem['videos'][number]>();
  if (ids.length === 0) return result;
  const videos = await rows<{
    id: number;
    title: string;
    url: string;
    date: string;
    event_id: number | null;
  }>(manager, `SELECT id, title, url, date, event_id FROM videos WHERE id IN ${placeholders(ids.length)}`, [
    ...ids,
  ]);
  for (const v of videos)
    result.set(int(v.id), {
      id: int(v.id),
      title: v.title,
      url: v.url,
      date: v.date,
      authors: [],
      eventId: v.event_id === null || v.event_id === undefined ? null : int(v.event_id),
    });
  const authors = await rows<{ video_id: number; creator_id: number; name: string }>(
    manager,
    `SELECT va.video_id, va.creator_id, c.name FROM video_authors va JOIN creators c ON c.id = va.creator_id
      WHERE va.video_id IN ${placeholders(ids.length)} ORDER BY va.video_id, va.position`,
    [...ids],
  );
  for (const a of authors) result.get(int(a.video_id))?.authors.push({ id: int(a.creator_id), name: a.name });
  return result;
}
