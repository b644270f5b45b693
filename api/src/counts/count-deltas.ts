/**
 * The stored figures of creators moved by difference: from the videos a change named, as they are now
 * and as they were before it (their authors and event), every creator's videos, collaborations,
 * collaborators and collaborations by event move by what those videos add or take away. Only what the
 * named videos cannot tell alone is read: whether a pair of creators, or a creator and an event, also
 * meet in a video the change did not touch. So a change costs the same for a creator with 5 videos as
 * for one with 5,000 (a recount of every video of a prolific creator took ~200 ms at 1,000,000 videos).
 */
import type { EntityManager } from 'typeorm';
import { COLLABORATION_MIN_AUTHORS } from '@friends/shared';
import { chunks, int, placeholders, rows } from '../database/sql';

/** One video's authors, event (null: in none) and date ('' when unknown). */
export interface VideoState {
  authors: ReadonlySet<number>;
  eventId: number | null;
  date: string;
}

/**
 * What a recorded change did to the rows the counts are made of: every authorship row it changed, as
 * it was before and as it is after (`[video, creator]`), and the event and date each changed video
 * had before.
 */
export interface CountChanges {
  authorshipsBefore: readonly (readonly [number, number])[];
  authorshipsAfter: readonly (readonly [number, number])[];
  /** Videos the change made are absent (they had no authors before). */
  videoBefore: ReadonlyMap<number, { eventId: number | null; date: string }>;
}

/** How far one creator's stored figures move. */
export interface CreatorDelta {
  videos: number;
  collaborations: number;
  collaborators: number;
  events: number;
}

const collaborative = (authors: number): boolean => authors >= COLLABORATION_MIN_AUTHORS;

/**
 * The named videos as they were before the change: their authors now, less the changed rows as they
 * are now, plus the changed rows as they were (a row changed in place, e.g. its position, stays).
 */
export function statesBefore(
  now: ReadonlyMap<number, VideoState>,
  videoIds: Iterable<number>,
  changes: CountChanges,
): Map<number, VideoState> {
  const before = new Map<number, { authors: Set<number>; eventId: number | null; date: string }>();
  for (const id of videoIds) {
    const current = now.get(id);
    const was = changes.videoBefore.get(id) ?? {
      eventId: current?.eventId ?? null,
      date: current?.date ?? '',
    };
    // One literal shape for every state: the code reading them stays optimized for one shape.
    before.set(id, { authors: new Set(current?.authors ?? []), eventId: was.eventId, date: was.date });
  }
  for (const [video, creator] of changes.authorshipsAfter) before.get(video)?.authors.delete(creator);
  for (const [video, creator] of changes.authorshipsBefore) before.get(video)?.authors.add(creator);
  return before;
}

/**
 * Every creator's delta over the named videos, from their states before and now. Creators absent
 * from the map do not move.
 */
export async function creatorDeltas(
  manager: EntityManager,
  before: ReadonlyMap<number, VideoState>,
  now: ReadonlyMap<number, VideoState>,
): Promise<Map<number, CreatorDelta>> {
  const deltas = new Map<number, CreatorDelta>();
  const of = (creator: number): CreatorDelta => {
    let found = deltas.get(creator);
    if (!found) deltas.set(creator, (found = { videos: 0, collaborations: 0, collaborators: 0, events: 0 }));
    return found;
  };
  // Per pair and per (creator, unit): in how many named videos they meet, before and now. A unit is
  // an event, or a video in none (keyed by -id: event ids are positive).
  const pairs = new Map<string, { x: number; y: number; before: number; now: number }>();
  const units = new Map<string, { creator: number; unit: number; before: boolean; now: boolean }>();
  const empty: VideoState = { authors: new Set(), eventId: null, date: '' };
  for (const [id, was] of before) {
    const is = now.get(id) ?? empty;
    for (const [state, side, sign] of [
      [was, 'before', -1],
      [is, 'now', 1],
    ] as const) {
      const authors = [...state.authors];
      const collab = collaborative(authors.length);
      const unit = state.eventId ?? -id;
      for (const x of authors) {
        const own = of(x);
        own.videos += sign;
        if (!collab) continue;
        own.collaborations += sign;
        const unitKey = `${x}:${unit}`;
        const seen = units.get(unitKey) ?? { creator: x, unit, before: false, now: false };
        seen[side] = true;
        units.set(unitKey, seen);
        for (const y of authors) {
          if (y <= x) continue;
          const pairKey = `${x}-${y}`;
          const pair = pairs.get(pairKey) ?? { x, y, before: 0, now: 0 };
          pair[side] += 1;
          pairs.set(pairKey, pair);
        }
      }
    }
  }

  const named = [...before.keys()];
  // A pair that met in named videos only before, or only now, is still (or already) a pair when it
  // meets in another video.
  const moved = [...pairs.values()].filter((p) => p.before > 0 !== p.now > 0);
  const met = await pairsMeetingElsewhere(manager, moved, named);
  for (const pair of moved) {
    if (met.has(`${pair.x}-${pair.y}`)) continue;
    const by = pair.now > 0 ? 1 : -1;
    of(pair.x).collaborators += by;
    of(pair.y).collaborators += by;
  }
  // Likewise a creator's event: still counted when another collaborative upload of it is theirs.
  const movedUnits = [...units.values()].filter((u) => u.before !== u.now);
  const inEvents = await eventAuthorsElsewhere(
    manager,
    [...new Set(movedUnits.filter((u) => u.unit > 0).map((u) => u.unit))],
    new Set(named),
  );
  for (const u of movedUnits) {
    if (u.unit > 0 && inEvents.has(`${u.creator}:${u.unit}`)) continue;
    of(u.creator).events += u.now ? 1 : -1;
  }
  return deltas;
}

/**
 * Which of the pairs (keys `x-y`) share a video outside `named`: read from the side of each pair with
 * fewer videos (the counts kept on write), a few statements for all of them.
 */
async function pairsMeetingElsewhere(
  manager: EntityManager,
  pairs: readonly { x: number; y: number }[],
  named: readonly number[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const skip = new Set(named);
  await sharedVideos(manager, pairs, null, (x, y, row) => {
    if (!skip.has(int(row.video_id))) found.add(`${x}-${y}`);
  });
  return found;
}

/** A pair's shared video, as read by `sharedVideos` (the `extra` table's columns added). */
export type SharedRow = { video_id: number } & Record<string, unknown>;

/**
 * Calls `each(x, y, row)` (x < y) for every video a pair shares, joined to `table` when given (alias `m`,
 * keyed by `video_id`; `where` filters it). Read from the side of each pair with fewer videos: statements for
 * up to 200 such creators and 500 partners each, rows of other combinations dropped.
 */
export async function sharedVideos(
  manager: EntityManager,
  pairs: readonly { x: number; y: number }[],
  table: string | null,
  each: (x: number, y: number, row: SharedRow) => void,
  columns = '',
  where = '',
  params: unknown[] = [],
): Promise<void> {
  if (pairs.length === 0) return;
  const sizes = new Map<number, number>();
  for (const part of chunks([...new Set(pairs.flatMap((p) => [p.x, p.y]))]))
    for (const row of await rows<{ creator_id: number; videos: number }>(
      manager,
      `SELECT creator_id, videos FROM creator_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      sizes.set(int(row.creator_id), int(row.videos));
  const partnersOf = new Map<number, Set<number>>();
  for (const { x, y } of pairs) {
    const [from, to] = (sizes.get(x) ?? 0) <= (sizes.get(y) ?? 0) ? [x, y] : [y, x];
    let of = partnersOf.get(from);
    if (!of) partnersOf.set(from, (of = new Set()));
    of.add(to);
  }
  for (const part of chunks([...partnersOf.keys()], 200)) {
    const others = [...new Set(part.flatMap((id) => [...(partnersOf.get(id) as Set<number>)]))];
    for (const slice of chunks(others))
      for (const row of await rows<SharedRow & { x: number; y: number }>(
        manager,
        `SELECT a.creator_id AS x, b.creator_id AS y, a.video_id${columns}
           FROM video_authors a
           JOIN video_authors b ON b.video_id = a.video_id
           ${table ? `JOIN ${table} m ON m.video_id = a.video_id` : ''}
          WHERE a.creator_id IN ${placeholders(part.length)} AND +b.creator_id IN ${placeholders(slice.length)}${where}`,
        [...part, ...slice, ...params],
      )) {
        const [a, b] = [int(row.x), int(row.y)];
        if (!partnersOf.get(a)?.has(b)) continue;
        each(Math.min(a, b), Math.max(a, b), row);
      }
  }
}

/**
 * `creator:event` for every author of a collaborative upload of the events, other than the named
 * videos (an event has few uploads: all of them are read).
 */
async function eventAuthorsElsewhere(
  manager: EntityManager,
  eventIds: readonly number[],
  named: ReadonlySet<number>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(eventIds))
    for (const row of await rows<{ id: number; event_id: number; creator_id: number }>(
      manager,
      `SELECT v.id, v.event_id, va.creator_id
         FROM videos v
         JOIN video_counts vc ON vc.video_id = v.id
         JOIN video_authors va ON va.video_id = v.id
        WHERE v.event_id IN ${placeholders(part.length)} AND vc.authors >= ${COLLABORATION_MIN_AUTHORS}`,
      part,
    ))
      if (!named.has(int(row.id))) found.add(`${int(row.creator_id)}:${int(row.event_id)}`);
  return found;
}
