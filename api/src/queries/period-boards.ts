/**
 * A period leaderboard read from the counts kept per period (counts/period-counts.ts): the top rows of
 * their indexes, each row's rank in the previous window from a count of the rows above it, the new
 * pairs from the top of theirs. The cost is the top rows, whatever the catalogue's size.
 */
import {
  LEADERBOARD_SIZE,
  compareLeaderboardEntries,
  defaultAvatarUrl,
  periodWindows,
  rankedPeriodList,
  type DatedPeriod,
  type LeaderboardCreator,
  type LeaderboardCount,
  type NewPair,
  type PeriodLeaderboard,
  type RankedLeaderboardEntry,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, placeholders, rows } from '../database/sql';

type Measure = 'collaborations' | 'collaborators';

interface Named {
  name: string;
  photo: string;
}

export async function storedPeriodBoard(
  manager: EntityManager,
  period: DatedPeriod,
  count: LeaderboardCount,
  today: string,
  size: number = LEADERBOARD_SIZE,
): Promise<PeriodLeaderboard> {
  const { current, previous } = periodWindows(period, today);
  return {
    period,
    current,
    previous,
    mostCollaborations: await rankedList(manager, period, count, 'collaborations', size),
    mostCollaborators: await rankedList(manager, period, count, 'collaborators', size),
    newPairs: await newPairs(manager, period, count, size),
  };
}

async function rankedList(
  manager: EntityManager,
  period: DatedPeriod,
  count: LeaderboardCount,
  measure: Measure,
  size: number,
): Promise<RankedLeaderboardEntry[]> {
  if (size <= 0) return [];
  const now = `current_${measure}`;
  const then = `previous_${measure}`;
  // The size-th count: every row at or above it is read (ties are ordered by name, which SQL cannot).
  const [edge] = await rows<{ n: number }>(
    manager,
    `SELECT ${now} AS n FROM period_counts WHERE period = ? AND counting = ? AND ${now} > 0
      ORDER BY ${now} DESC LIMIT 1 OFFSET ${size - 1}`,
    [period, count],
  );
  const top = (
    await rows<{ id: number; n: number; p: number; name: string; photo: string }>(
      manager,
      `SELECT c.id, pc.${now} AS n, pc.${then} AS p, c.name, c.photo
         FROM period_counts pc JOIN creators c ON c.id = pc.creator_id
        WHERE pc.period = ? AND pc.counting = ? AND pc.${now} >= ?`,
      [period, count, edge ? int(edge.n) : 1],
    )
  )
    .map((row) => ({
      id: int(row.id),
      name: row.name,
      photo: row.photo || defaultAvatarUrl(row.name),
      count: int(row.n),
      previous: int(row.p),
    }))
    .sort(compareLeaderboardEntries)
    .slice(0, size);
  // A rank is one more than the creators with a larger count (equal counts share a rank).
  const ranked = top.filter((entry) => entry.previous > 0);
  const above = new Map<number, number>();
  if (ranked.length > 0) {
    const lowest = Math.min(...ranked.map((entry) => entry.previous));
    const counts = (
      await rows<{ n: number; k: number }>(
        manager,
        `SELECT ${then} AS n, COUNT(*) AS k FROM period_counts
          WHERE period = ? AND counting = ? AND ${then} >= ? GROUP BY ${then}`,
        [period, count, lowest],
      )
    ).map((row) => [int(row.n), int(row.k)] as const);
    for (const entry of ranked)
      above.set(
        entry.id,
        counts.reduce((sum, [n, k]) => (n > entry.previous ? sum + k : sum), 0),
      );
  }
  return top.map(({ id, name, photo, count: n, previous }) => ({
    id,
    name,
    photo,
    count: n,
    previousRank: previous > 0 ? (above.get(id) as number) + 1 : null,
  }));
}

async function newPairs(
  manager: EntityManager,
  period: DatedPeriod,
  count: LeaderboardCount,
  size: number,
): Promise<NewPair[]> {
  if (size <= 0) return [];
  const found = await rows<{ a: number; b: number; first_date: string; videos: number }>(
    manager,
    `SELECT a, b, first_date, videos FROM period_new_pairs WHERE period = ? AND counting = ?
      ORDER BY videos DESC, first_date DESC, a, b LIMIT ${size}`,
    [period, count],
  );
  const ids = [...new Set(found.flatMap((row) => [int(row.a), int(row.b)]))];
  const names = new Map<number, Named>();
  if (ids.length > 0)
    for (const row of await rows<{ id: number; name: string; photo: string }>(
      manager,
      `SELECT id, name, photo FROM creators WHERE id IN ${placeholders(ids.length)}`,
      ids,
    ))
      names.set(int(row.id), { name: row.name, photo: row.photo || defaultAvatarUrl(row.name) });
  return found.map((row) => {
    const [a, b] = [int(row.a), int(row.b)];
    return {
      a: { id: a, ...(names.get(a) as Named) },
      b: { id: b, ...(names.get(b) as Named) },
      first: String(row.first_date),
      videos: int(row.videos),
    };
  });
}

/**
 * The period's board of `members` only (a group's board), from the same counts: each member's row
 * (every collaboration of theirs counts, inside the group or not), ranked among the members, and the
 * new pairs of two members. A few hundred indexed rows whatever the catalogue's size.
 */
export async function storedMembersPeriodBoard(
  manager: EntityManager,
  period: DatedPeriod,
  count: LeaderboardCount,
  today: string,
  members: readonly number[],
  size: number = LEADERBOARD_SIZE,
): Promise<PeriodLeaderboard> {
  const { current, previous } = periodWindows(period, today);
  const creators = new Map<number, LeaderboardCreator>();
  const figures = {
    collaborations: { now: new Map<number, number>(), then: new Map<number, number>() },
    collaborators: { now: new Map<number, number>(), then: new Map<number, number>() },
  };
  let pairs: NewPair[] = [];
  if (members.length > 0) {
    // Integers written into the SQL: a group may have more members than either engine's parameters.
    const only = `(${members.map((id) => int(id)).join(', ')})`;
    for (const row of await rows<{
      id: number;
      name: string;
      photo: string;
      cc: number;
      pc: number;
      cp: number;
      pp: number;
    }>(
      manager,
      `SELECT c.id, c.name, c.photo, pc.current_collaborations AS cc, pc.previous_collaborations AS pc,
              pc.current_collaborators AS cp, pc.previous_collaborators AS pp
         FROM period_counts pc JOIN creators c ON c.id = pc.creator_id
        WHERE pc.period = ? AND pc.counting = ? AND pc.creator_id IN ${only}`,
      [period, count],
    )) {
      const id = int(row.id);
      creators.set(id, { id, name: row.name, photo: row.photo || defaultAvatarUrl(row.name) });
      figures.collaborations.now.set(id, int(row.cc));
      figures.collaborations.then.set(id, int(row.pc));
      figures.collaborators.now.set(id, int(row.cp));
      figures.collaborators.then.set(id, int(row.pp));
    }
    const found = await rows<{ a: number; b: number; first_date: string; videos: number }>(
      manager,
      `SELECT a, b, first_date, videos FROM period_new_pairs
        WHERE period = ? AND counting = ? AND a IN ${only} AND b IN ${only}
        ORDER BY videos DESC, first_date DESC, a, b LIMIT ${Math.max(0, size)}`,
      [period, count],
    );
    const named = (id: number) => creators.get(id) ?? { id, name: '', photo: '' };
    pairs = found.map((row) => ({
      a: named(int(row.a)),
      b: named(int(row.b)),
      first: String(row.first_date),
      videos: int(row.videos),
    }));
  }
  return {
    period,
    current,
    previous,
    mostCollaborations: rankedPeriodList(
      creators,
      figures.collaborations.now,
      figures.collaborations.then,
      size,
    ),
    mostCollaborators: rankedPeriodList(
      creators,
      figures.collaborators.now,
      figures.collaborators.then,
      size,
    ),
    newPairs: pairs,
  };
}
