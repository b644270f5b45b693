import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CountChanges } from '../counts/count-deltas';
import { CountsService, type CountTargets } from '../counts/counts.service';
import { AnswerInvalidation } from '../database/answer-invalidation';
import { int } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { GROUP_COUNT_TABLES, rebuildGroupCounts, refreshGroupCounts } from '../groups/group-counts';
import { TABLE_NAMES } from '../history/row-snapshot';
import { Change, type ChangeSpec } from './change';
import { closeGroup, writeEntry, type RowChange } from './history-writer';

/** The tables of the stored counts, moved whenever a creator, video or authorship row changes. */
export const COUNT_TABLES = [
  'creator_counts',
  'creator_event_counts',
  'video_counts',
  'count_totals',
] as const;

/** What a committed change wrote: its history entry (null when none) and every table it changed. */
export interface ChangeOutcome {
  entry: number | null;
  tables: ReadonlySet<string>;
}

/**
 * The one unit of work every change of the data goes through (docs/architecture.md "One unit of
 * work"). A service says what it changes (a ChangeSpec: the rows it may touch, the kind and summary
 * of the user's action) and does the change in `work`; in the same transaction this then records
 * the history entry from the rows that really changed, brings the stored counts of the creators and
 * videos among them (and the groups' collaborations) up to date, and declares the tables the change wrote to the answer invalidation
 * (AnswerInvalidation.touch). No service calls the history or counts machinery itself.
 */
@Injectable()
export class ChangesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly counts: CountsService,
  ) {}

  /** Runs `work` as one change, in one transaction: all of it, its history and its counts, or none. */
  async run<T>(spec: ChangeSpec, work: (change: Change) => Promise<T>): Promise<T> {
    return (await this.runWithOutcome(spec, work)).result;
  }

  /** As `run`, also answering what was recorded and which tables changed (for tests and callers that show it). */
  async runWithOutcome<T>(
    spec: ChangeSpec,
    work: (change: Change) => Promise<T>,
  ): Promise<{ result: T; outcome: ChangeOutcome }> {
    let outcome: ChangeOutcome = { entry: null, tables: new Set() };
    const result = await this.tx.write(async (manager) => {
      const change = new Change(manager, spec.history !== false && !spec.everything);
      if (spec.scopes?.length) await change.touch(...spec.scopes);
      const result = await work(change);
      outcome = await this.finish(manager, spec, change);
      // The statements are watched too; this names what the rows say changed, whatever SQL did it.
      AnswerInvalidation.touch(manager, spec.everything ? 'all' : [...outcome.tables]);
      return result;
    });
    return { result, outcome };
  }

  /**
   * Ends a group of transactions that make one entry (an import run): the next change naming its key
   * starts a new entry. Changes no data, so no cached answer.
   */
  async closeGroup(key: string): Promise<void> {
    await this.tx.write((manager) => closeGroup(manager, key), { affectsAnswers: false });
  }

  private async finish(manager: EntityManager, spec: ChangeSpec, change: Change): Promise<ChangeOutcome> {
    if (spec.history === false) {
      // No rows were read: the counts of every creator and video the scopes name are recomputed.
      const tables = new Set<string>(change.declaredTables());
      const targets = change.declaredTargets();
      if (targets.creatorIds.size + targets.videoIds.size > 0) {
        await this.counts.refresh(manager, targets);
        for (const table of COUNT_TABLES) tables.add(table);
      }
      if (await refreshGroupCounts(manager, [], targets.videoIds))
        for (const table of GROUP_COUNT_TABLES) tables.add(table);
      return { entry: null, tables };
    }
    const summary = change.summary ?? spec.summary;
    const kind = change.kind ?? spec.kind;
    if (spec.everything) {
      await this.counts.rebuild(manager);
      await rebuildGroupCounts(manager);
      const entry = await writeEntry(manager, { ...spec, kind, summary, always: true }, []);
      return { entry, tables: new Set([...TABLE_NAMES, ...COUNT_TABLES, ...GROUP_COUNT_TABLES, 'history']) };
    }
    const changes = await change.rowChanges();
    const tables = new Set<string>(changes.map((c) => c.table));
    const targets = countTargets(changes);
    let counted: ReadonlySet<number> = targets.creatorIds;
    if (targets.creatorIds.size + targets.videoIds.size > 0) {
      counted = await this.counts.refresh(manager, targets, targets);
      for (const table of COUNT_TABLES) tables.add(table);
    }
    AnswerInvalidation.scope(manager, counted, creatorScopedTables(changes));
    // A group's collaborations move with its periods and with its members' videos (groups/group-counts.ts).
    if (await refreshGroupCounts(manager, changes)) for (const table of GROUP_COUNT_TABLES) tables.add(table);
    const entry = await writeEntry(manager, { ...spec, kind, summary }, changes);
    if (entry !== null) tables.add('history');
    return { entry, tables };
  }
}

/** Tables whose rows carry what a creator is searched by (creator-search-keys.ts). */
const NAMED_BY = new Set<string>(['social_links', 'creator_aliases', 'creator_other_names']);

/**
 * Tables whose changed rows a recorded change attributes to the creators it counted (CreatorScope):
 * those with a row per creator or a `creator_id` (countTargets names each changed row's creator), those
 * CountsService.refresh rewrites only for the creators it counts (their counts, pairs, videos' dates and
 * name keys), and `videos`, whose changed rows' authors it counts (removed ones are among the recorded
 * `video_authors` rows).
 */
const CREATOR_SCOPED_TABLES = [
  'creators',
  ...NAMED_BY,
  'video_authors',
  'creator_search_keys',
  'creator_search_shorts',
  'creator_search_grams',
  'creator_counts',
  'creator_event_counts',
  'creator_pairs',
  'creator_video_dates',
  'videos',
];

/**
 * CREATOR_SCOPED_TABLES but `creators` when the change added or removed one: then the list of creators
 * itself changed, which no creator's scope covers.
 */
function creatorScopedTables(changes: readonly RowChange[]): string[] {
  const listChanged = changes.some((c) => c.table === 'creators' && (c.before === null || c.after === null));
  return listChanged ? CREATOR_SCOPED_TABLES.filter((table) => table !== 'creators') : CREATOR_SCOPED_TABLES;
}

/**
 * The creators and videos whose stored counts the rows may have moved: every creator, video and
 * authorship row names its own (CountsService.refresh adds each video's current authors), so the
 * authorships a change removed are counted from their `before` rows. With the changed authorships
 * before and after and the videos' events and dates before, by which the counts move (count-deltas.ts).
 */
export function countTargets(changes: readonly RowChange[]): {
  creatorIds: Set<number>;
  videoIds: Set<number>;
  eventIds: Set<number>;
} & CountTargets &
  CountChanges {
  const creatorIds = new Set<number>();
  const videoIds = new Set<number>();
  const eventIds = new Set<number>();
  const authorshipsBefore: [number, number][] = [];
  const authorshipsAfter: [number, number][] = [];
  const videoBefore = new Map<number, { eventId: number | null; date: string }>();
  for (const change of changes) {
    if (change.table === 'video_authors') {
      if (change.before) authorshipsBefore.push([int(change.before.video_id), int(change.before.creator_id)]);
      if (change.after) authorshipsAfter.push([int(change.after.video_id), int(change.after.creator_id)]);
    } else if (change.table === 'videos' && change.before) {
      const event = change.before.event_id;
      videoBefore.set(int(change.before.id), {
        eventId: event === null || event === undefined ? null : int(event),
        date: String(change.before.date ?? ''),
      });
    }
    for (const row of [change.before, change.after]) {
      if (!row) continue;
      if (change.table === 'creators') creatorIds.add(int(row.id));
      // A creator's names and links: its name-search keys are refreshed with its counts.
      else if (NAMED_BY.has(change.table)) creatorIds.add(int(row.creator_id));
      else if (change.table === 'videos') {
        videoIds.add(int(row.id));
        // Counted by event per period, an event's unit holds every author of its uploads.
        if (row.event_id !== null && row.event_id !== undefined) eventIds.add(int(row.event_id));
      } else if (change.table === 'video_authors') {
        creatorIds.add(int(row.creator_id));
        videoIds.add(int(row.video_id));
      }
    }
  }
  return { creatorIds, videoIds, eventIds, authorshipsBefore, authorshipsAfter, videoBefore };
}
