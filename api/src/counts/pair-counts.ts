/**
 * Videos and events together per pair of creators, kept on write: `creator_pairs` holds one row per
 * direction of every pair that shares a video (creator_id, other_id, videos, events), so a creator's
 * collaborators, most videos (or events) together first, are the first rows of an index, and the ties
 * among a network's creators are rows read by key instead of every video of each of them joined with
 * its authors (a quarter of a second for the hub of 1,000,000 videos).
 *
 * `events` counts as the network's `?weight=events` does: a collab event once, a video in no event on
 * its own (event ids are positive, so `-id` keys a video apart from every event).
 *
 * A pair's count can only move when a video both were authors of (before or after the change) was
 * named: so the pairs recounted are those among the current authors of each named video and the
 * stored pairs among the named creators (whose removed authorships name them).
 */
import type { EntityManager } from 'typeorm';
import { chunks, int, placeholders, rows } from '../database/sql';

/** Every pair's counts, once per direction, from the authorships (columns creator_id, other_id, videos, events). */
export const EXPECTED_PAIR_COUNTS_SQL = `SELECT a.creator_id AS creator_id, b.creator_id AS other_id, COUNT(*) AS videos,
         COUNT(DISTINCT COALESCE(v.event_id, -v.id)) AS events
    FROM video_authors a
    JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
    JOIN videos v ON v.id = a.video_id
   GROUP BY a.creator_id, b.creator_id`;

/** Statements that replace every pair's counts (restore, repair, seeding). */
export const REBUILD_PAIR_COUNTS_SQL: readonly string[] = [
  'DELETE FROM creator_pairs',
  `INSERT INTO creator_pairs (creator_id, other_id, videos, events) ${EXPECTED_PAIR_COUNTS_SQL}`,
];

/** Pairs per DELETE / INSERT statement (4 parameters a row direction; far below both engines' limits). */
const PAIRS_PER_STATEMENT = 100;

/** `a < b`, as one key. */
const pairKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Recounts the pairs the named videos and creators can have moved. `creatorIds` are the creators the
 * change named (authors removed included); the current authors of `videoIds` are read here.
 */
export async function refreshPairCounts(
  manager: EntityManager,
  creatorIds: Iterable<number>,
  videoIds: Iterable<number>,
): Promise<void> {
  const pairs = new Map<string, [number, number]>();
  const add = (a: number, b: number) => {
    if (a !== b) pairs.set(pairKey(a, b), a < b ? [a, b] : [b, a]);
  };
  const named = new Set(creatorIds);
  for (const part of chunks([...new Set(videoIds)])) {
    const authors = new Map<number, number[]>();
    for (const row of await rows<{ video_id: number; creator_id: number }>(
      manager,
      `SELECT video_id, creator_id FROM video_authors WHERE video_id IN ${placeholders(part.length)}`,
      part,
    )) {
      const list = authors.get(int(row.video_id)) ?? [];
      list.push(int(row.creator_id));
      authors.set(int(row.video_id), list);
    }
    for (const list of authors.values()) {
      for (const id of list) named.add(id);
      for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) add(list[i] as number, list[j] as number);
    }
  }
  // The stored pairs among the named creators: by key when they are few (a hub's every pair is
  // hundreds of rows, read on each write of its videos), else every pair of each, filtered here.
  const among = named.size <= PAIRS_PER_STATEMENT ? [...named] : null;
  for (const part of chunks([...named])) {
    for (const row of await rows<{ creator_id: number; other_id: number }>(
      manager,
      `SELECT creator_id, other_id FROM creator_pairs WHERE creator_id IN ${placeholders(part.length)}${
        among ? ` AND other_id IN ${placeholders(among.length)}` : ''
      }`,
      among ? [...part, ...among] : part,
    )) {
      const other = int(row.other_id);
      if (named.has(other)) add(int(row.creator_id), other);
    }
  }
  // Each pair is counted from the videos of its side with fewer (a hub's pairs cost its partner's).
  const videosOf = new Map<number, number>();
  for (const part of chunks([...named]))
    for (const row of await rows<{ creator_id: number; videos: number }>(
      manager,
      `SELECT creator_id, videos FROM creator_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      videosOf.set(int(row.creator_id), int(row.videos));
  for (const part of chunks([...pairs.values()], PAIRS_PER_STATEMENT)) {
    const counted: [number, number, number, number][] = [];
    for (const [a, b] of part) {
      const [few, many] = (videosOf.get(a) ?? 0) <= (videosOf.get(b) ?? 0) ? [a, b] : [b, a];
      // The video list of `few` probes (video, many) by the primary key: the unary plus keeps `many`
      // off the creator index, which would read its every video as well.
      const [row] = await rows<{ videos: number; events: number }>(
        manager,
        `SELECT COUNT(*) AS videos, COUNT(DISTINCT COALESCE(v.event_id, -v.id)) AS events
           FROM video_authors x
           JOIN video_authors y ON y.video_id = x.video_id AND +y.creator_id = ?
           JOIN videos v ON v.id = x.video_id
          WHERE x.creator_id = ?`,
        [many, few],
      );
      const videos = int(row?.videos ?? 0);
      if (videos > 0) counted.push([a, b, videos, int(row?.events ?? 0)]);
    }
    await manager.query(
      `DELETE FROM creator_pairs WHERE ${part.map(() => '(creator_id = ? AND other_id = ?) OR (creator_id = ? AND other_id = ?)').join(' OR ')}`,
      part.flatMap(([a, b]) => [a, b, b, a]),
    );
    if (counted.length === 0) continue;
    await manager.query(
      `INSERT INTO creator_pairs (creator_id, other_id, videos, events) VALUES ${counted
        .flatMap(() => ['(?, ?, ?, ?)', '(?, ?, ?, ?)'])
        .join(', ')}`,
      counted.flatMap(([a, b, videos, events]) => [a, b, videos, events, b, a, videos, events]),
    );
  }
}
