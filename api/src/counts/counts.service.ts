/**
 * Counts kept on write. Every creator's videos / collaborations / distinct collaborators, every video's
 * number of authors and the totals (creators, videos, collaborations, creators with videos) are stored
 * in `creator_counts`, `video_counts` and `count_totals`, and are brought up to date in the SAME
 * transaction as each change, so readers (creator lists, leaderboard, analytics, profiles) read them
 * instead of recomputing aggregates after every write.
 *
 * No service calls this: the unit of work (ChangesService, docs/architecture.md "One unit of work")
 * names to `refresh` every creator and video among the rows a change really changed, the removed
 * authorships included (from their rows before the change).
 *
 * - `refresh(manager, targets, changes?)` brings the named creators, the named videos and every author
 *   of those videos up to date, and moves the totals by the difference from what was stored. With the
 *   change's rows before and after (a recorded change) the creators' figures move by what the named
 *   videos added or took away (count-deltas.ts, period-deltas.ts); without, the named creators are
 *   recounted (idempotent: naming too much is harmless).
 * - `rebuild(manager)` recomputes everything from scratch (restore, seeding, the repair command
 *   `npm run repair-counts -w @friends/api`).
 *
 * The stored rows have no foreign keys on purpose: a deleted creator's or video's row stays until the
 * refresh of its change subtracts it from the totals. On MySQL/MariaDB every write transaction first
 * takes the `count_totals` row lock (TransactionRunner), so changes are counted one at a time and the
 * reads below see every committed change; SQLite writes are serialised anyway.
 */
import { Injectable } from '@nestjs/common';
import { COLLABORATION_MIN_AUTHORS, utcDay } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import {
  EXPECTED_CREATOR_COUNTS_SQL,
  EXPECTED_EVENT_COUNTS_SQL,
  EXPECTED_VIDEO_COUNTS_SQL,
  REBUILD_COUNTS_SQL,
} from './counts-sql';
import { authorRowInCollaborationSql, isCollaborationSql } from '../videos/collaboration-sql';
import { rebuildCreatorSearchKeys, refreshCreatorSearchKeys } from '../creators/creator-search-keys';
import { rebuildVideoTitleKeys, refreshVideoTitleKeys } from '../videos/video-title-keys';
import { chunks, int, placeholders, rows } from '../database/sql';
import {
  creatorDeltas,
  statesBefore,
  type CountChanges,
  type CreatorDelta,
  type VideoState,
} from './count-deltas';
import { creatorVideoDatesDrift, refreshCreatorVideoDates } from './creator-video-dates';
import { REBUILD_MONTH_COUNTS_SQL, refreshMonthCounts } from './month-counts';
import { EXPECTED_PAIR_COUNTS_SQL, REBUILD_PAIR_COUNTS_SQL, refreshPairCounts } from './pair-counts';
import { rebuildPeriodCounts, refreshPeriodCounts } from './period-counts';
import { eventAuthors, movePeriodCounts } from './period-deltas';

/** Creators and videos a change touched (any iterable of ids; repeats are fine). */
export interface CountTargets {
  creatorIds?: Iterable<number>;
  videoIds?: Iterable<number>;
  /** Events whose uploads changed (before and after): counted by event, all their authors move. */
  eventIds?: Iterable<number>;
}

/** The totals, as stored. */
export interface CountTotals {
  creators: number;
  videos: number;
  /** Videos with more than one author. */
  collaborations: number;
  /** Creators with at least one video. */
  creatorsWithVideos: number;
}

/** One creator's stored figures (shared's CreatorStats before solo videos are derived). */
export interface StoredCreatorCounts {
  videos: number;
  collaborations: number;
  collaborators: number;
}

/** How far the stored counts are from a recomputation from scratch (all 0 when they agree). */
export interface CountDrift {
  /** Creators whose stored row is missing, extra or different. */
  creators: number;
  /** Creators whose count by event is missing, extra or different. */
  eventCounts: number;
  /** Videos likewise. */
  videos: number;
  /** Pairs of creators (each direction) whose videos or events together are missing, extra or different. */
  pairs: number;
  /** Authorships whose row in `creator_video_dates` is missing, extra or of another date. */
  videoDates: number;
  /** Totals that differ from the recomputation. */
  totals: (keyof CountTotals)[];
}

interface Delta {
  creators: number;
  videos: number;
  collaborations: number;
  creatorsWithVideos: number;
}

const COLUMNS = {
  creators: 'creators',
  videos: 'videos',
  collaborations: 'collaborations',
  creatorsWithVideos: 'creators_with_videos',
} as const;

/** Rows per multi-row INSERT (4 columns × 200 stays far below both engines' parameter limits). */
const INSERT_ROWS = 200;

/** A video with this many authors is a collaboration (shared's rule). */
const collaborative = (authors: number): boolean => authors >= COLLABORATION_MIN_AUTHORS;

const toCounts = (row: StoredCreatorCounts): StoredCreatorCounts => ({
  videos: int(row.videos),
  collaborations: int(row.collaborations),
  collaborators: int(row.collaborators),
});

const sameCounts = (a: StoredCreatorCounts, b: StoredCreatorCounts): boolean =>
  a.videos === b.videos && a.collaborations === b.collaborations && a.collaborators === b.collaborators;

@Injectable()
export class CountsService {
  /**
   * Brings the stored counts of the named creators and videos (and their authors) up to date. With
   * `changes` (a recorded change: its rows before and after), the creators' figures move by what the
   * named videos added or took away (count-deltas.ts); without, the named creators are recounted.
   * Answers every creator whose kept rows it may have written (the named ones, the videos' authors).
   */
  async refresh(
    manager: EntityManager,
    target: CountTargets,
    changes?: CountChanges,
  ): Promise<ReadonlySet<number>> {
    const creatorIds = new Set<number>(target.creatorIds ?? []);
    const videoIds = new Set<number>(target.videoIds ?? []);
    const eventIds = new Set<number>(target.eventIds ?? []);
    const named = [...creatorIds];
    const delta: Delta = { creators: 0, videos: 0, collaborations: 0, creatorsWithVideos: 0 };
    const now = new Map<number, VideoState>();
    for (const part of chunks([...videoIds])) await this.refreshVideos(manager, part, creatorIds, delta, now);
    await refreshMonthCounts(manager, videoIds);
    await refreshCreatorVideoDates(manager, videoIds);
    const before = changes ? statesBefore(now, videoIds, changes) : null;
    if (before) {
      const deltas = await creatorDeltas(manager, before, now);
      for (const id of deltas.keys()) creatorIds.add(id);
      for (const part of chunks([...creatorIds])) await this.moveCreators(manager, part, deltas, delta);
    } else {
      for (const part of chunks([...creatorIds])) {
        await this.storeCreators(manager, part, await this.recountCreators(manager, part), delta);
        await this.storeEventCounts(manager, part, await this.recountEventCounts(manager, part));
      }
    }
    await refreshPairCounts(manager, named, videoIds);
    // The name-search index is kept the same way, for the creators named (not every author found).
    await refreshCreatorSearchKeys(manager, named);
    if (before) {
      // Per period, by difference where only plain videos are involved (period-deltas.ts).
      await refreshPeriodCounts(manager, await movePeriodCounts(manager, before, now, eventIds));
    } else {
      // Per period, every author of the events named moves too.
      for (const author of await eventAuthors(manager, eventIds)) creatorIds.add(author);
      await refreshPeriodCounts(manager, creatorIds);
    }
    // The video-title index, for the videos named (their titles may have moved).
    await refreshVideoTitleKeys(manager, videoIds);
    const changed = (Object.keys(COLUMNS) as (keyof Delta)[]).filter((key) => delta[key] !== 0);
    if (changed.length > 0) {
      await manager.query(
        `UPDATE count_totals SET ${changed.map((key) => `${COLUMNS[key]} = ${COLUMNS[key]} + ?`).join(', ')} WHERE id = 1`,
        changed.map((key) => delta[key]),
      );
    }
    return creatorIds;
  }

  /** Recomputes every stored count and search key from scratch. */
  async rebuild(manager: EntityManager): Promise<void> {
    await this.rebuildCounts(manager);
    await rebuildCreatorSearchKeys(manager);
    await rebuildVideoTitleKeys(manager);
  }

  /**
   * Recomputes the counts kept on write (per creator, video, pair, month and period) from the rows, as
   * for rows written without the API (the bench's generated sets, which write their search keys
   * themselves).
   */
  async rebuildCounts(manager: EntityManager): Promise<void> {
    for (const sql of REBUILD_COUNTS_SQL) await manager.query(sql);
    for (const sql of REBUILD_MONTH_COUNTS_SQL) await manager.query(sql);
    for (const sql of REBUILD_PAIR_COUNTS_SQL) await manager.query(sql);
    await rebuildPeriodCounts(manager, utcDay());
  }

  /** Compares every stored count with a recomputation from scratch (the repair command and the tests). */
  async drift(manager: EntityManager): Promise<CountDrift> {
    const expectedVideos = new Map<number, number>();
    for (const row of await rows<{ video_id: number; authors: number }>(manager, EXPECTED_VIDEO_COUNTS_SQL))
      expectedVideos.set(int(row.video_id), int(row.authors));
    const storedVideos = new Map<number, number>();
    for (const row of await rows<{ video_id: number; authors: number }>(
      manager,
      'SELECT video_id, authors FROM video_counts',
    ))
      storedVideos.set(int(row.video_id), int(row.authors));
    const videos = differing(expectedVideos, storedVideos, (a, b) => a === b);

    const expectedCreators = new Map<number, StoredCreatorCounts>();
    for (const row of await rows<{ creator_id: number } & StoredCreatorCounts>(
      manager,
      EXPECTED_CREATOR_COUNTS_SQL,
    ))
      expectedCreators.set(int(row.creator_id), toCounts(row));
    const storedCreators = new Map<number, StoredCreatorCounts>();
    for (const row of await rows<{ creator_id: number } & StoredCreatorCounts>(
      manager,
      'SELECT creator_id, videos, collaborations, collaborators FROM creator_counts',
    ))
      storedCreators.set(int(row.creator_id), toCounts(row));
    const creators = differing(expectedCreators, storedCreators, sameCounts);

    const eventCounts = differing(
      await eventCountMap(manager, EXPECTED_EVENT_COUNTS_SQL),
      await eventCountMap(manager, 'SELECT creator_id, events FROM creator_event_counts'),
      (a, b) => a === b,
    );

    const pairs = differing(
      await pairCountMap(manager, EXPECTED_PAIR_COUNTS_SQL),
      await pairCountMap(manager, 'SELECT creator_id, other_id, videos, events FROM creator_pairs'),
      (a, b) => a === b,
    );

    const expected: CountTotals = {
      creators: expectedCreators.size,
      videos: expectedVideos.size,
      collaborations: [...expectedVideos.values()].filter(collaborative).length,
      creatorsWithVideos: [...expectedCreators.values()].filter((own) => own.videos > 0).length,
    };
    const stored = await this.totals(manager);
    const totals = (Object.keys(expected) as (keyof CountTotals)[]).filter(
      (key) => stored[key] !== expected[key],
    );
    const videoDates = await creatorVideoDatesDrift(manager);
    return { creators, eventCounts, videos, pairs, videoDates, totals };
  }

  async totals(manager: EntityManager): Promise<CountTotals> {
    const [row] = await rows<Record<string, unknown>>(
      manager,
      'SELECT creators, videos, collaborations, creators_with_videos FROM count_totals WHERE id = 1',
    );
    return {
      creators: int(row?.creators),
      videos: int(row?.videos),
      collaborations: int(row?.collaborations),
      creatorsWithVideos: int(row?.creators_with_videos),
    };
  }

  private async refreshVideos(
    manager: EntityManager,
    ids: number[],
    authors: Set<number>,
    delta: Delta,
    states: Map<number, VideoState>,
  ): Promise<void> {
    const list = placeholders(ids.length);
    const actual = new Map<number, number>();
    for (const row of await rows<{
      id: number;
      event_id: number | null;
      date: string | null;
      creator_id: number | null;
    }>(
      manager,
      `SELECT v.id, v.event_id, v.date, va.creator_id
         FROM videos v LEFT JOIN video_authors va ON va.video_id = v.id
        WHERE v.id IN ${list}`,
      ids,
    )) {
      const id = int(row.id);
      let state = states.get(id);
      if (!state) {
        state = {
          authors: new Set(),
          eventId: row.event_id === null ? null : int(row.event_id),
          date: String(row.date ?? ''),
        };
        states.set(id, state);
      }
      if (row.creator_id === null) actual.set(id, actual.get(id) ?? 0);
      else {
        actual.set(id, (actual.get(id) ?? 0) + 1);
        authors.add(int(row.creator_id));
        (state.authors as Set<number>).add(int(row.creator_id));
      }
    }
    const stored = new Map<number, number>();
    for (const row of await rows<{ video_id: number; authors: number }>(
      manager,
      `SELECT video_id, authors FROM video_counts WHERE video_id IN ${list}`,
      ids,
    ))
      stored.set(int(row.video_id), int(row.authors));

    const stale: number[] = [];
    const fresh: [number, number][] = [];
    for (const id of ids) {
      const before = stored.get(id);
      const now = actual.get(id);
      if (before === now) continue;
      if (before !== undefined) {
        stale.push(id);
        delta.videos -= 1;
        if (collaborative(before)) delta.collaborations -= 1;
      }
      if (now !== undefined) {
        fresh.push([id, now]);
        delta.videos += 1;
        if (collaborative(now)) delta.collaborations += 1;
      }
    }
    await replaceRows(manager, 'video_counts', 'video_id', ['video_id', 'authors'], stale, fresh);
  }

  /** The creators' figures counted from every video of theirs (existing creators only). */
  private async recountCreators(
    manager: EntityManager,
    ids: number[],
  ): Promise<Map<number, StoredCreatorCounts>> {
    const list = placeholders(ids.length);
    // Existence and every figure in one statement: collaborators are the other authors of its videos.
    const actual = new Map<number, StoredCreatorCounts>();
    for (const row of await rows<{ id: number } & StoredCreatorCounts>(
      manager,
      `SELECT c.id,
              COUNT(DISTINCT a.video_id) AS videos,
              COUNT(DISTINCT CASE WHEN ${authorRowInCollaborationSql('a')} THEN a.video_id END) AS collaborations,
              COUNT(DISTINCT b.creator_id) AS collaborators
         FROM creators c
         LEFT JOIN video_authors a ON a.creator_id = c.id
         LEFT JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
        WHERE c.id IN ${list}
        GROUP BY c.id`,
      ids,
    ))
      actual.set(int(row.id), toCounts(row));
    return actual;
  }

  /**
   * The named creators' figures moved by their deltas: a creator that exists has its stored figures
   * (none yet: zeros) plus its delta. One that came out below zero was stored wrong before: it is
   * recounted.
   */
  private async moveCreators(
    manager: EntityManager,
    ids: number[],
    deltas: ReadonlyMap<number, CreatorDelta>,
    delta: Delta,
  ): Promise<void> {
    const list = placeholders(ids.length);
    const exists = new Set<number>();
    for (const row of await rows<{ id: number }>(manager, `SELECT id FROM creators WHERE id IN ${list}`, ids))
      exists.add(int(row.id));
    const stored = await this.storedCreators(manager, ids);
    const storedEvents = await this.storedEventCounts(manager, ids);
    const actual = new Map<number, StoredCreatorCounts>();
    const events = new Map<number, number>();
    const wrong: number[] = [];
    for (const id of ids) {
      const by = deltas.get(id) ?? { videos: 0, collaborations: 0, collaborators: 0, events: 0 };
      const was = stored.get(id) ?? { videos: 0, collaborations: 0, collaborators: 0 };
      const figures = {
        videos: was.videos + by.videos,
        collaborations: was.collaborations + by.collaborations,
        collaborators: was.collaborators + by.collaborators,
      };
      const eventCount = (storedEvents.get(id) ?? 0) + by.events;
      if (figures.videos < 0 || figures.collaborations < 0 || figures.collaborators < 0 || eventCount < 0)
        wrong.push(id);
      if (exists.has(id)) actual.set(id, figures);
      if (eventCount > 0) events.set(id, eventCount);
    }
    if (wrong.length > 0) {
      for (const [id, figures] of await this.recountCreators(manager, wrong)) actual.set(id, figures);
      const recounted = await this.recountEventCounts(manager, wrong);
      for (const id of wrong) {
        const eventCount = recounted.get(id);
        if (eventCount === undefined) events.delete(id);
        else events.set(id, eventCount);
      }
    }
    await this.storeCreators(manager, ids, actual, delta, stored);
    await this.storeEventCounts(manager, ids, events, storedEvents);
  }

  private async storedCreators(
    manager: EntityManager,
    ids: number[],
  ): Promise<Map<number, StoredCreatorCounts>> {
    const stored = new Map<number, StoredCreatorCounts>();
    for (const row of await rows<{ creator_id: number } & StoredCreatorCounts>(
      manager,
      `SELECT creator_id, videos, collaborations, collaborators FROM creator_counts WHERE creator_id IN ${placeholders(ids.length)}`,
      ids,
    ))
      stored.set(int(row.creator_id), toCounts(row));
    return stored;
  }

  /** Replaces the stored rows of `ids` by `actual` (absent: the creator is gone) and moves the totals. */
  private async storeCreators(
    manager: EntityManager,
    ids: number[],
    actual: ReadonlyMap<number, StoredCreatorCounts>,
    delta: Delta,
    known?: ReadonlyMap<number, StoredCreatorCounts>,
  ): Promise<void> {
    const stored = known ?? (await this.storedCreators(manager, ids));

    const stale: number[] = [];
    const fresh: [number, number, number, number][] = [];
    for (const id of ids) {
      const before = stored.get(id);
      const now = actual.get(id);
      if (before && now && sameCounts(before, now)) continue;
      if (!before && !now) continue;
      if (before) {
        stale.push(id);
        delta.creators -= 1;
        if (before.videos > 0) delta.creatorsWithVideos -= 1;
      }
      if (now) {
        fresh.push([id, now.videos, now.collaborations, now.collaborators]);
        delta.creators += 1;
        if (now.videos > 0) delta.creatorsWithVideos += 1;
      }
    }
    await replaceRows(
      manager,
      'creator_counts',
      'creator_id',
      ['creator_id', 'videos', 'collaborations', 'collaborators'],
      stale,
      fresh,
    );
  }

  /**
   * The named creators' collaborations counted by event (`creator_event_counts`, EXPECTED_EVENT_COUNTS_SQL
   * for a few creators): the distinct events among their collaborative videos, read after the video
   * counts of this change are up to date. A creator's count moves only with its own videos (their
   * authors or their event), and each of those names the creator to the refresh.
   */
  private async recountEventCounts(manager: EntityManager, ids: number[]): Promise<Map<number, number>> {
    const list = placeholders(ids.length);
    const actual = new Map<number, number>();
    for (const row of await rows<{ creator_id: number; events: number }>(
      manager,
      `SELECT va.creator_id, COUNT(DISTINCT COALESCE(v.event_id, -v.id)) AS events
         FROM video_authors va
         JOIN video_counts vc ON vc.video_id = va.video_id
         JOIN videos v ON v.id = va.video_id
        WHERE va.creator_id IN ${list} AND ${isCollaborationSql('vc.authors')}
        GROUP BY va.creator_id`,
      ids,
    ))
      actual.set(int(row.creator_id), int(row.events));
    return actual;
  }

  private async storedEventCounts(manager: EntityManager, ids: number[]): Promise<Map<number, number>> {
    const stored = new Map<number, number>();
    for (const row of await rows<{ creator_id: number; events: number }>(
      manager,
      `SELECT creator_id, events FROM creator_event_counts WHERE creator_id IN ${placeholders(ids.length)}`,
      ids,
    ))
      stored.set(int(row.creator_id), int(row.events));
    return stored;
  }

  /** Replaces the stored counts by event of `ids` by `actual` (absent: none). */
  private async storeEventCounts(
    manager: EntityManager,
    ids: number[],
    actual: ReadonlyMap<number, number>,
    known?: ReadonlyMap<number, number>,
  ): Promise<void> {
    const stored = known ?? (await this.storedEventCounts(manager, ids));
    const stale = ids.filter((id) => stored.has(id) && stored.get(id) !== actual.get(id));
    const fresh = [...actual]
      .filter(([id, events]) => stored.get(id) !== events)
      .map(([id, events]) => [id, events]);
    await replaceRows(manager, 'creator_event_counts', 'creator_id', ['creator_id', 'events'], stale, fresh);
  }
}

/** `creator_id → events` from a query answering those two columns. */
async function eventCountMap(manager: EntityManager, sql: string): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const row of await rows<{ creator_id: number; events: number }>(manager, sql))
    found.set(int(row.creator_id), int(row.events));
  return found;
}

/** `videos/events` together per `creator:other`. */
async function pairCountMap(manager: EntityManager, sql: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const row of await rows<{ creator_id: number; other_id: number; videos: number; events: number }>(
    manager,
    sql,
  ))
    found.set(`${int(row.creator_id)}:${int(row.other_id)}`, `${int(row.videos)}/${int(row.events)}`);
  return found;
}

/** Keys missing from either map or with different values. */
function differing<K, T>(a: Map<K, T>, b: Map<K, T>, same: (x: T, y: T) => boolean): number {
  let count = 0;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) count += 1;
  }
  for (const key of b.keys()) if (!a.has(key)) count += 1;
  return count;
}

/** Deletes the `stale` keys, then inserts `fresh` rows (an update is both: portable, no upsert dialect). */
async function replaceRows(
  manager: EntityManager,
  table: string,
  key: string,
  columns: readonly string[],
  stale: number[],
  fresh: number[][],
): Promise<void> {
  for (const part of chunks(stale))
    await manager.query(`DELETE FROM ${table} WHERE ${key} IN ${placeholders(part.length)}`, part);
  for (const part of chunks(fresh, INSERT_ROWS)) {
    const row = placeholders(columns.length);
    await manager.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => row).join(', ')}`,
      part.flat(),
    );
  }
}
