/**
 * The counts per period (period-counts.ts) moved by difference for a recorded change, so that a new
 * video of a creator with thousands does not recompute that creator's two years of collaborations.
 *
 * Only creators whose units are all plain videos in the change move this way: a video in an event
 * makes a unit of every author of the event (counted by event), so the authors of every event the
 * change's videos were or are in are left to the recomputation. For the others, a named video is its
 * own unit in both ways of counting: a creator's collaborations per window move by what the named
 * videos add or take away, and each pair meeting in a named video is worked out whole from its units
 * (its other shared videos and shared events, read from the side with fewer videos): whether it meets
 * in each window before and after the change (collaborators) and its new-pair rows.
 */
import { periodWindows } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { sharedVideos, type VideoState } from './count-deltas';
import { PERIODS, PERIOD_COUNTINGS, type PeriodCounting } from './period-counts';

const COLLABORATION_MIN = 2;

interface Figures {
  currentCollaborations: number;
  previousCollaborations: number;
  currentCollaborators: number;
  previousCollaborators: number;
}

/** Each figure and its column in `period_counts`. */
const FIGURE_COLUMNS: readonly [keyof Figures, string][] = [
  ['currentCollaborations', 'current_collaborations'],
  ['previousCollaborations', 'previous_collaborations'],
  ['currentCollaborators', 'current_collaborators'],
  ['previousCollaborators', 'previous_collaborators'],
];

/** A pair's units as dates (at most the stored day), by way of counting. */
type PairUnits = Record<PeriodCounting, string[]>;

/** Every author of the videos of `eventIds`: an event's unit has all of them, so they move with it. */
export async function eventAuthors(manager: EntityManager, eventIds: Iterable<number>): Promise<Set<number>> {
  const authors = new Set<number>();
  for (const part of chunks([...eventIds]))
    for (const row of await rows<{ creator_id: number }>(
      manager,
      `SELECT DISTINCT va.creator_id FROM videos v JOIN video_authors va ON va.video_id = v.id
        WHERE v.event_id IN ${placeholders(part.length)}`,
      part,
    ))
      authors.add(int(row.creator_id));
  return authors;
}

/**
 * Moves the period rows of the named videos' authors whose units are all plain videos; answers the
 * creators left to recompute (authors of the events involved, and any whose stored rows were wrong).
 *
 * Each step is a function of its own: one function holding them all took V8 ~200 ms to optimize,
 * again after every deoptimization, on the core the requests share.
 */
export async function movePeriodCounts(
  manager: EntityManager,
  before: ReadonlyMap<number, VideoState>,
  now: ReadonlyMap<number, VideoState>,
  eventIds: Iterable<number>,
): Promise<Set<number>> {
  const [state] = await rows<{ day: string }>(
    manager,
    `SELECT day FROM period_state WHERE id = 1${lockFor(manager, 'share')}`,
  );
  if (!state) return new Set();
  const day = String(state.day);
  const states: StateChange[] = [...before].map(([id, was]) => ({ id, was, is: now.get(id) ?? EMPTY }));
  const recompute = await eventAuthorsInvolved(manager, states, eventIds);
  const moving = new Set<number>();
  for (const { was, is } of states)
    for (const author of [...was.authors, ...is.authors]) if (!recompute.has(author)) moving.add(author);
  if (moving.size === 0) return recompute;

  const windows: DatedWindows[] = PERIODS.map((period) => ({ period, ...periodWindows(period, day) }));
  const deltas = new FigureDeltas();
  const pairs = moveCollaborations(deltas, states, moving, windows, day);
  await movePairs(manager, deltas, pairs, states, moving, windows, day);
  const ids = [...moving];
  const stored = await storedFigures(manager, ids);
  await writeFigures(manager, plannedRows(deltas, stored, ids, windows, recompute), recompute);
  return recompute;
}

/** A named video as it was and as it is. */
interface StateChange {
  id: number;
  was: VideoState;
  is: VideoState;
}

/** A period's windows, as of the stored day. */
interface DatedWindows extends ReturnType<typeof periodWindows> {
  period: string;
}

const EMPTY: VideoState = { authors: new Set(), eventId: null, date: '' };

const NO_FIGURES: Readonly<Figures> = {
  currentCollaborations: 0,
  previousCollaborations: 0,
  currentCollaborators: 0,
  previousCollaborators: 0,
};

/** A creator's row of `period_counts`, as a key of the maps below. */
const rowKey = (period: string, counting: string, creator: number): string =>
  `${period}|${counting}|${creator}`;

/** How each creator's figures move, per period and way of counting. */
class FigureDeltas {
  private readonly byKey = new Map<string, Figures>();

  /** The delta to add to, made on first use. */
  of(period: string, counting: string, creator: number): Figures {
    const k = rowKey(period, counting, creator);
    let found = this.byKey.get(k);
    if (!found) this.byKey.set(k, (found = { ...NO_FIGURES }));
    return found;
  }

  get(period: string, counting: string, creator: number): Figures | undefined {
    return this.byKey.get(rowKey(period, counting, creator));
  }
}

/** A video counts as a unit of its authors when it has two or more and is dated at most the day. */
const isUnit = (s: VideoState, day: string): boolean =>
  s.authors.size >= COLLABORATION_MIN && s.date !== '' && s.date <= day;

/** Left to the recomputation: every author of every event involved. */
async function eventAuthorsInvolved(
  manager: EntityManager,
  states: readonly StateChange[],
  eventIds: Iterable<number>,
): Promise<Set<number>> {
  const recompute = new Set<number>();
  const events = new Set<number>(eventIds);
  for (const { was, is } of states)
    for (const s of [was, is])
      if (s.eventId !== null) {
        events.add(s.eventId);
        for (const author of [...was.authors, ...is.authors]) recompute.add(author);
      }
  for (const author of await eventAuthors(manager, events)) recompute.add(author);
  return recompute;
}

/**
 * Collaborations: each named video is a unit of its authors, the same in both ways of counting.
 * Answers every pair with a moving creator (a pair with one left to the recomputation is written there).
 */
function moveCollaborations(
  deltas: FigureDeltas,
  states: readonly StateChange[],
  moving: ReadonlySet<number>,
  windows: readonly DatedWindows[],
  day: string,
): Map<string, [number, number]> {
  const pairs = new Map<string, [number, number]>();
  for (const { was, is } of states)
    for (const [s, sign] of [
      [was, -1],
      [is, 1],
    ] as const) {
      if (!isUnit(s, day)) continue;
      for (const x of s.authors) {
        if (!moving.has(x)) continue;
        for (const w of windows)
          for (const counting of PERIOD_COUNTINGS) {
            const d = deltas.of(w.period, counting, x);
            if (s.date >= w.current.from) d.currentCollaborations += sign;
            else if (s.date >= w.previous.from) d.previousCollaborations += sign;
          }
      }
      for (const x of s.authors)
        for (const y of s.authors)
          if (x < y && (moving.has(x) || moving.has(y))) pairs.set(`${x}-${y}`, [x, y]);
    }
  return pairs;
}

/**
 * Pairs: worked out whole, before and after, from their units outside the named videos; moves the
 * creators' collaborators and rewrites the new-pair rows of pairs whose creators both move.
 */
async function movePairs(
  manager: EntityManager,
  deltas: FigureDeltas,
  pairs: ReadonlyMap<string, [number, number]>,
  states: readonly StateChange[],
  moving: ReadonlySet<number>,
  windows: readonly DatedWindows[],
  day: string,
): Promise<void> {
  const outside = await pairUnits(manager, [...pairs.values()], new Set(states.map(({ id }) => id)), day);
  for (const [pairKey, [x, y]] of pairs) {
    const sides = pairSides(outside.get(pairKey) as PairUnits, states, x, y, day);
    const ours = moving.has(x) && moving.has(y);
    if (ours) await manager.query('DELETE FROM period_new_pairs WHERE a = ? AND b = ?', [x, y]);
    const fresh: (string | number)[][] = [];
    for (const w of windows)
      for (const counting of PERIOD_COUNTINGS) {
        const was = windowsMet(sides.before[counting], w);
        const is = windowsMet(sides.after[counting], w);
        for (const creator of [x, y]) {
          if (!moving.has(creator)) continue;
          const d = deltas.of(w.period, counting, creator);
          d.currentCollaborators += is.current - was.current;
          d.previousCollaborators += is.previous - was.previous;
        }
        const row = ours ? newPairRow(sides.after[counting], w, counting, x, y) : null;
        if (row) fresh.push(row);
      }
    if (fresh.length > 0)
      await manager.query(
        `INSERT INTO period_new_pairs (period, counting, a, b, first_date, videos) VALUES ${fresh.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        fresh.flat(),
      );
  }
}

/** A pair's units before and after the change: those outside the named videos plus the named ones. */
function pairSides(
  outside: PairUnits,
  states: readonly StateChange[],
  x: number,
  y: number,
  day: string,
): { before: PairUnits; after: PairUnits } {
  const sides = { before: clone(outside), after: clone(outside) };
  for (const { was, is } of states) {
    if (isUnit(was, day) && was.authors.has(x) && was.authors.has(y))
      for (const counting of PERIOD_COUNTINGS) sides.before[counting].push(was.date);
    if (isUnit(is, day) && is.authors.has(x) && is.authors.has(y))
      for (const counting of PERIOD_COUNTINGS) sides.after[counting].push(is.date);
  }
  return sides;
}

/** Whether a pair with units on `dates` meets in the period's current and previous window (1 or 0). */
function windowsMet(dates: readonly string[], w: DatedWindows): { current: number; previous: number } {
  const met = (from: string, to: string) => (dates.some((date) => date >= from && date <= to) ? 1 : 0);
  return { current: met(w.current.from, w.current.to), previous: met(w.previous.from, w.previous.to) };
}

/** The pair's new-pair row for the window: only when its first unit is in the current window. */
function newPairRow(
  dates: readonly string[],
  w: DatedWindows,
  counting: PeriodCounting,
  x: number,
  y: number,
): (string | number)[] | null {
  if (dates.length === 0) return null;
  const first = dates.reduce((a, b) => (b < a ? b : a));
  if (first < w.current.from) return null;
  const videos = dates.filter((date) => date >= w.current.from && date <= w.current.to).length;
  return [w.period, counting, x, y, first, videos];
}

/** The stored figures of the creators' rows, by period, way of counting and creator. */
async function storedFigures(manager: EntityManager, ids: readonly number[]): Promise<Map<string, Figures>> {
  const stored = new Map<string, Figures>();
  for (const part of chunks(ids))
    for (const row of await rows<{
      period: string;
      counting: string;
      creator_id: number;
      current_collaborations: number;
      previous_collaborations: number;
      current_collaborators: number;
      previous_collaborators: number;
    }>(
      manager,
      `SELECT period, counting, creator_id, current_collaborations, previous_collaborations,
              current_collaborators, previous_collaborators
         FROM period_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      stored.set(rowKey(String(row.period), String(row.counting), int(row.creator_id)), {
        currentCollaborations: int(row.current_collaborations),
        previousCollaborations: int(row.previous_collaborations),
        currentCollaborators: int(row.current_collaborators),
        previousCollaborators: int(row.previous_collaborators),
      });
  return stored;
}

/** The row writes that move the creators' figures, by creator. */
interface PlannedRows {
  updates: Map<number, { where: [string, string, number]; set: [string, number][] }[]>;
  deletes: Map<number, [string, string, number][]>;
  inserts: Map<number, (string | number)[][]>;
}

/**
 * Stored figures plus their deltas. A creator with a row below zero joins `recompute` (recomputed
 * whole by the caller).
 */
function plannedRows(
  deltas: FigureDeltas,
  stored: ReadonlyMap<string, Figures>,
  ids: readonly number[],
  windows: readonly DatedWindows[],
  recompute: Set<number>,
): PlannedRows {
  const planned: PlannedRows = { updates: new Map(), deletes: new Map(), inserts: new Map() };
  const add = <T>(map: Map<number, T[]>, x: number, item: T) => {
    const list = map.get(x);
    if (list) list.push(item);
    else map.set(x, [item]);
  };
  for (const x of ids)
    for (const w of windows)
      for (const counting of PERIOD_COUNTINGS) {
        const d = deltas.get(w.period, counting, x);
        if (!d || FIGURE_COLUMNS.every(([field]) => d[field] === 0)) continue;
        const was = stored.get(rowKey(w.period, counting, x));
        const base = was ?? NO_FIGURES;
        const figures: Figures = {
          currentCollaborations: base.currentCollaborations + d.currentCollaborations,
          previousCollaborations: base.previousCollaborations + d.previousCollaborations,
          currentCollaborators: base.currentCollaborators + d.currentCollaborators,
          previousCollaborators: base.previousCollaborators + d.previousCollaborators,
        };
        if (FIGURE_COLUMNS.some(([field]) => figures[field] < 0)) {
          recompute.add(x);
          continue;
        }
        const kept = figures.currentCollaborations + figures.previousCollaborations > 0;
        if (!was) {
          if (kept) add(planned.inserts, x, rowOf(w.period, counting, x, figures));
        } else if (!kept) {
          add(planned.deletes, x, [w.period, counting, x]);
        } else {
          const set = FIGURE_COLUMNS.filter(([field]) => figures[field] !== was[field]).map(
            ([field, column]): [string, number] => [column, figures[field]],
          );
          add(planned.updates, x, { where: [w.period, counting, x], set });
        }
      }
  return planned;
}

/**
 * Writes the planned rows, none of a creator left to the recomputation. Only the figures that moved
 * are updated, which leaves the other figures' indexes alone (deleting and inserting every row of a
 * moved creator rewrote all six of the table's b-trees for each of them: a third of a write's pages
 * at 100,000 videos).
 */
async function writeFigures(
  manager: EntityManager,
  { updates, deletes, inserts }: PlannedRows,
  recompute: ReadonlySet<number>,
): Promise<void> {
  const written = <T>(map: Map<number, T[]>): T[] =>
    [...map].filter(([x]) => !recompute.has(x)).flatMap(([, list]) => list);
  for (const where of written(deletes))
    await manager.query(
      'DELETE FROM period_counts WHERE period = ? AND counting = ? AND creator_id = ?',
      where,
    );
  for (const { where, set } of written(updates)) {
    const params: (string | number)[] = set.map(([, value]) => value);
    params.push(...where);
    await manager.query(
      `UPDATE period_counts SET ${set.map(([column]) => `${column} = ?`).join(', ')}
        WHERE period = ? AND counting = ? AND creator_id = ?`,
      params,
    );
  }
  for (const part of chunks(written(inserts), 100))
    await manager.query(
      `INSERT INTO period_counts (period, counting, creator_id, current_collaborations, previous_collaborations,
                                  current_collaborators, previous_collaborators)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      part.flat(),
    );
}

const rowOf = (period: string, counting: string, creator: number, f: Figures): (string | number)[] => [
  period,
  counting,
  creator,
  f.currentCollaborations,
  f.previousCollaborations,
  f.currentCollaborators,
  f.previousCollaborators,
];

const clone = (units: PairUnits): PairUnits => ({ videos: [...units.videos], events: [...units.events] });

/**
 * Every pair's units dated at most `day` outside the named videos: each shared dated collaborative
 * video (by event, a video in no event) and, by event, each event both have an upload in (dated by its
 * earliest). Read from the side with fewer videos.
 */
async function pairUnits(
  manager: EntityManager,
  pairs: readonly [number, number][],
  named: ReadonlySet<number>,
  day: string,
): Promise<Map<string, PairUnits>> {
  const found = new Map<string, PairUnits>();
  for (const [x, y] of pairs) found.set(`${x}-${y}`, { videos: [], events: [] });
  const list = pairs.map(([x, y]) => ({ x, y }));
  await sharedVideos(
    manager,
    list,
    'video_months',
    (x, y, row) => {
      if (named.has(int(row.video_id))) return;
      const units = found.get(`${x}-${y}`) as PairUnits;
      units.videos.push(String(row.date));
      if (row.event_id === null) units.events.push(String(row.date));
    },
    ', m.date, m.event_id',
    ' AND m.date <= ?',
    [day],
  );
  // Events both have an upload in: those of the side with fewer videos, whole (events have few uploads).
  const sizes = new Map<number, number>();
  for (const part of chunks([...new Set(pairs.flat())]))
    for (const row of await rows<{ creator_id: number; videos: number }>(
      manager,
      `SELECT creator_id, videos FROM creator_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      sizes.set(int(row.creator_id), int(row.videos));
  const fewer = (x: number, y: number) => ((sizes.get(x) ?? 0) <= (sizes.get(y) ?? 0) ? x : y);
  const eventsOf = new Map<number, number[]>();
  for (const part of chunks([...new Set(pairs.map(([x, y]) => fewer(x, y)))]))
    for (const row of await rows<{ creator_id: number; event_id: number }>(
      manager,
      `SELECT DISTINCT a.creator_id, m.event_id
         FROM video_authors a JOIN video_months m ON m.video_id = a.video_id
        WHERE a.creator_id IN ${placeholders(part.length)} AND m.event_id IS NOT NULL`,
      part,
    )) {
      const own = eventsOf.get(int(row.creator_id)) ?? [];
      own.push(int(row.event_id));
      eventsOf.set(int(row.creator_id), own);
    }
  const byEvent = new Map<number, { date: string; authors: Set<number> }>();
  for (const part of chunks([...new Set([...eventsOf.values()].flat())]))
    for (const row of await rows<{ event_id: number; date: string; creator_id: number }>(
      manager,
      `SELECT m.event_id, m.date, va.creator_id
         FROM video_months m JOIN video_authors va ON va.video_id = m.video_id
        WHERE m.event_id IN ${placeholders(part.length)}`,
      part,
    )) {
      const id = int(row.event_id);
      const date = String(row.date);
      const event = byEvent.get(id) ?? { date, authors: new Set<number>() };
      if (date < event.date) event.date = date;
      event.authors.add(int(row.creator_id));
      byEvent.set(id, event);
    }
  for (const [x, y] of pairs)
    for (const id of eventsOf.get(fewer(x, y)) ?? []) {
      const event = byEvent.get(id);
      if (event && event.date <= day && event.authors.has(x) && event.authors.has(y))
        (found.get(`${x}-${y}`) as PairUnits).events.push(event.date);
    }
  return found;
}
