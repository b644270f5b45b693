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

/** One video's authors and event (null: in none). */
export interface VideoState {
  authors: ReadonlySet<number>;
  eventId: number | null;
}

/**
 * What a recorded change did to the rows the counts are made of: every authorship row it changed, as
 * it was before and as it is after (`[video, creator]`), and the event each changed video had before.
 */
export interface CountChanges {
  authorshipsBefore: readonly (readonly [number, number])[];
  authorshipsAfter: readonly (readonly [number, number])[];
  /** Videos the change made are absent (they had no authors before). */
  eventBefore: ReadonlyMap<number, number | null>;
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
  const before = new Map<number, { authors: Set<number>; eventId: number | null }>();
  for (const id of videoIds) {
    const current = now.get(id);
    const eventId = changes.eventBefore.has(id)
      ? (changes.eventBefore.get(id) as number | null)
      : (current?.eventId ?? null);
    before.set(id, { authors: new Set(current?.authors ?? []), eventId });
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
  const empty: VideoState = { authors: new Set(), eventId: null };
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
 * Which of the pairs (keys `x-y`) share a video outside `named`: one indexed probe per pair, from the
 * side with fewer videos (the counts kept on write), stopping at the first video found.
 */
async function pairsMeetingElsewhere(
  manager: EntityManager,
  pairs: readonly { x: number; y: number; now: number }[],
  named: readonly number[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (pairs.length === 0) return found;
  const sizes = new Map<number, number>();
  for (const part of chunks([...new Set(pairs.flatMap((p) => [p.x, p.y]))]))
    for (const row of await rows<{ creator_id: number; videos: number }>(
      manager,
      `SELECT creator_id, videos FROM creator_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      sizes.set(int(row.creator_id), int(row.videos));
  // Named videos are left out in code (an IN list of a bulk change's thousands would not fit one
  // statement).
  const skip = new Set(named);
  for (const { x, y, now } of pairs) {
    const [from, to] = (sizes.get(x) ?? 0) <= (sizes.get(y) ?? 0) ? [x, y] : [y, x];
    // The pair is in `now` named videos: one more row than that is a video outside them.
    const limit = now + 1;
    for (const row of await rows<{ video_id: number }>(
      manager,
      `SELECT a.video_id
         FROM video_authors a
         JOIN video_authors b ON b.video_id = a.video_id
        WHERE a.creator_id = ? AND +b.creator_id = ?
        LIMIT ${limit}`,
      [from, to],
    ))
      if (!skip.has(int(row.video_id))) {
        found.add(`${x}-${y}`);
        break;
      }
  }
  return found;
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
