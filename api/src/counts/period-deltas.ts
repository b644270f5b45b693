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
  const empty: VideoState = { authors: new Set(), eventId: null, date: '' };
  const states = [...before].map(([id, was]) => ({ id, was, is: now.get(id) ?? empty }));

  // Left to the recomputation: every author of every event involved.
  const recompute = new Set<number>();
  const events = new Set<number>(eventIds);
  for (const { was, is } of states)
    for (const s of [was, is])
      if (s.eventId !== null) {
        events.add(s.eventId);
        for (const author of [...was.authors, ...is.authors]) recompute.add(author);
      }
  for (const author of await eventAuthors(manager, events)) recompute.add(author);

  const moving = new Set<number>();
  for (const { was, is } of states)
    for (const author of [...was.authors, ...is.authors]) if (!recompute.has(author)) moving.add(author);
  if (moving.size === 0) return recompute;

  const isUnit = (s: VideoState) => s.authors.size >= COLLABORATION_MIN && s.date !== '' && s.date <= day;
  const windows = PERIODS.map((period) => ({ period, ...periodWindows(period, day) }));
  const key = (period: string, counting: string, creator: number) => `${period}|${counting}|${creator}`;
  const deltas = new Map<string, Figures>();
  const deltaOf = (k: string): Figures => {
    let found = deltas.get(k);
    if (!found)
      deltas.set(
        k,
        (found = {
          currentCollaborations: 0,
          previousCollaborations: 0,
          currentCollaborators: 0,
          previousCollaborators: 0,
        }),
      );
    return found;
  };

  // Collaborations: each named video is a unit of its authors, the same in both ways of counting.
  const pairs = new Map<string, [number, number]>();
  for (const { was, is } of states)
    for (const [s, sign] of [
      [was, -1],
      [is, 1],
    ] as const) {
      if (!isUnit(s)) continue;
      for (const x of s.authors) {
        if (!moving.has(x)) continue;
        for (const w of windows)
          for (const counting of PERIOD_COUNTINGS) {
            const d = deltaOf(key(w.period, counting, x));
            if (s.date >= w.current.from) d.currentCollaborations += sign;
            else if (s.date >= w.previous.from) d.previousCollaborations += sign;
          }
      }
      // Every pair with a moving creator; a pair with one left to the recomputation is written there.
      for (const x of s.authors)
        for (const y of s.authors)
          if (x < y && (moving.has(x) || moving.has(y))) pairs.set(`${x}-${y}`, [x, y]);
    }

  // Pairs: worked out whole, before and after, from their units outside the named videos.
  const outside = await pairUnits(manager, [...pairs.values()], new Set(before.keys()), day);
  for (const [pairKey, [x, y]] of pairs) {
    const units = outside.get(pairKey) as PairUnits;
    const sides = { before: clone(units), after: clone(units) };
    for (const { was, is } of states) {
      if (isUnit(was) && was.authors.has(x) && was.authors.has(y))
        for (const counting of PERIOD_COUNTINGS) sides.before[counting].push(was.date);
      if (isUnit(is) && is.authors.has(x) && is.authors.has(y))
        for (const counting of PERIOD_COUNTINGS) sides.after[counting].push(is.date);
    }
    const ours = moving.has(x) && moving.has(y);
    if (ours) await manager.query('DELETE FROM period_new_pairs WHERE a = ? AND b = ?', [x, y]);
    const fresh: (string | number)[][] = [];
    for (const w of windows)
      for (const counting of PERIOD_COUNTINGS) {
        const inWindow = (dates: string[], from: string, to: string) =>
          dates.some((date) => date >= from && date <= to);
        const moved = (side: PairUnits) => ({
          current: inWindow(side[counting], w.current.from, w.current.to) ? 1 : 0,
          previous: inWindow(side[counting], w.previous.from, w.previous.to) ? 1 : 0,
        });
        const was = moved(sides.before);
        const is = moved(sides.after);
        for (const creator of [x, y]) {
          if (!moving.has(creator)) continue;
          const d = deltaOf(key(w.period, counting, creator));
          d.currentCollaborators += is.current - was.current;
          d.previousCollaborators += is.previous - was.previous;
        }
        const dates = sides.after[counting];
        if (!ours || dates.length === 0) continue;
        const first = dates.reduce((a, b) => (b < a ? b : a));
        if (first < w.current.from) continue;
        const videos = dates.filter((date) => date >= w.current.from && date <= w.current.to).length;
        fresh.push([w.period, counting, x, y, first, videos]);
      }
    if (fresh.length > 0)
      await manager.query(
        `INSERT INTO period_new_pairs (period, counting, a, b, first_date, videos) VALUES ${fresh.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        fresh.flat(),
      );
  }

  // The creators' rows: stored figures plus their deltas.
  const ids = [...moving];
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
      stored.set(key(String(row.period), String(row.counting), int(row.creator_id)), {
        currentCollaborations: int(row.current_collaborations),
        previousCollaborations: int(row.previous_collaborations),
        currentCollaborators: int(row.current_collaborators),
        previousCollaborators: int(row.previous_collaborators),
      });
  // Only the rows whose figures move are written: an UPDATE of the figures that moved leaves the
  // other figures' indexes alone (deleting and inserting every row of a moved creator rewrote all
  // six of the table's b-trees for each of them: a third of a write's pages at 100,000 videos).
  const updates = new Map<number, { where: [string, string, number]; set: [string, number][] }[]>();
  const deletes = new Map<number, [string, string, number][]>();
  const inserts = new Map<number, (string | number)[][]>();
  const add = <T>(map: Map<number, T[]>, x: number, item: T) => {
    const list = map.get(x);
    if (list) list.push(item);
    else map.set(x, [item]);
  };
  for (const x of ids)
    for (const w of windows)
      for (const counting of PERIOD_COUNTINGS) {
        const k = key(w.period, counting, x);
        const d = deltas.get(k);
        if (!d || Object.values(d).every((v) => v === 0)) continue;
        const was = stored.get(k);
        const base = was ?? {
          currentCollaborations: 0,
          previousCollaborations: 0,
          currentCollaborators: 0,
          previousCollaborators: 0,
        };
        const figures: Figures = {
          currentCollaborations: base.currentCollaborations + d.currentCollaborations,
          previousCollaborations: base.previousCollaborations + d.previousCollaborations,
          currentCollaborators: base.currentCollaborators + d.currentCollaborators,
          previousCollaborators: base.previousCollaborators + d.previousCollaborators,
        };
        if (Object.values(figures).some((v) => v < 0)) {
          recompute.add(x);
          continue;
        }
        const kept = figures.currentCollaborations + figures.previousCollaborations > 0;
        if (!was) {
          if (kept) add(inserts, x, rowOf(w.period, counting, x, figures));
        } else if (!kept) {
          add(deletes, x, [w.period, counting, x]);
        } else {
          const set = FIGURE_COLUMNS.filter(([field]) => figures[field] !== was[field]).map(
            ([field, column]): [string, number] => [column, figures[field]],
          );
          add(updates, x, { where: [w.period, counting, x], set });
        }
      }
  // A creator with a row below zero is recomputed whole (by the caller): none of its rows is written here.
  const written = <T>(map: Map<number, T[]>): T[] =>
    [...map].filter(([x]) => !recompute.has(x)).flatMap(([, list]) => list);
  for (const where of written(deletes))
    await manager.query(
      'DELETE FROM period_counts WHERE period = ? AND counting = ? AND creator_id = ?',
      where,
    );
  for (const { where, set } of written(updates))
    await manager.query(
      `UPDATE period_counts SET ${set.map(([column]) => `${column} = ?`).join(', ')}
        WHERE period = ? AND counting = ? AND creator_id = ?`,
      [...set.map(([, value]) => value), ...where],
    );
  for (const part of chunks(written(inserts), 100))
    await manager.query(
      `INSERT INTO period_counts (period, counting, creator_id, current_collaborations, previous_collaborations,
                                  current_collaborators, previous_collaborators)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      part.flat(),
    );
  return recompute;
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
