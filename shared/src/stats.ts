/**
 * Reference definitions of the figures of docs/product.md §2 (creator page, analytics, leaderboard). The API
 * computes them in SQL (docs/architecture.md "Deliberate departures" 5); its tests compare against these.
 */
import { COLLABORATION_MIN_AUTHORS, FREQUENT_COLLABORATORS_SIZE, LEADERBOARD_SIZE } from './constants';
import type { CreatorStats, Leaderboard, LeaderboardEntry } from './types';

export interface VideoAuthorship {
  id: number;
  authorIds: number[];
  date?: string;
}

export interface LeaderboardCreator {
  id: number;
  name: string;
  photo: string;
}

/** A video's distinct authors: a repeated id counts once. */
function authorsOf(video: VideoAuthorship): Set<number> {
  return new Set(video.authorIds);
}

/** True for a video with more than one (distinct) author: a collaboration. */
export function isCollaboration(video: VideoAuthorship): boolean {
  return authorsOf(video).size >= COLLABORATION_MIN_AUTHORS;
}

/**
 * Total videos the creator is an author of; solo ones (the only author); collaborations (more than
 * one author); collaborators (distinct co-authors over all its videos).
 */
export function computeCreatorStats(creatorId: number, videos: readonly VideoAuthorship[]): CreatorStats {
  let totalVideos = 0;
  let collaborations = 0;
  const coAuthors = new Set<number>();
  for (const video of videos) {
    const authors = authorsOf(video);
    if (!authors.has(creatorId)) continue;
    totalVideos += 1;
    if (authors.size >= COLLABORATION_MIN_AUTHORS) collaborations += 1;
    for (const id of authors) if (id !== creatorId) coAuthors.add(id);
  }
  return {
    totalVideos,
    soloVideos: totalVideos - collaborations,
    collaborations,
    collaborators: coAuthors.size,
  };
}

/** Videos made together, per co-author. */
function coAuthorCounts(creatorId: number, videos: readonly VideoAuthorship[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const video of videos) {
    const authors = authorsOf(video);
    if (!authors.has(creatorId)) continue;
    for (const id of authors) if (id !== creatorId) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The creator's co-authors by videos made together: count descending, then id ascending; at most limit. */
export function frequentCollaborators(
  creatorId: number,
  videos: readonly VideoAuthorship[],
  limit: number = FREQUENT_COLLABORATORS_SIZE,
): { id: number; count: number }[] {
  return [...coAuthorCounts(creatorId, videos)]
    .map(([id, count]) => ({ id, count }))
    .sort((a, b) => b.count - a.count || a.id - b.id)
    .slice(0, Math.max(0, limit));
}

/** Orders text by its lowercase form, code unit by code unit (no locale, so every runtime agrees). */
function compareFolded(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The leaderboard order: count descending, then name case-insensitively ascending, then id ascending.
 * For SQL: ORDER BY count DESC, LOWER(name) ASC, id ASC gives the same order for ASCII names (SQLite's
 * LOWER folds only ASCII; MySQL collations also ignore accents), so tests should use ASCII names.
 */
export function compareLeaderboardEntries(
  a: Pick<LeaderboardEntry, 'id' | 'name' | 'count'>,
  b: Pick<LeaderboardEntry, 'id' | 'name' | 'count'>,
): number {
  return b.count - a.count || compareFolded(a.name, b.name) || a.id - b.id;
}

function topEntries(
  creators: readonly LeaderboardCreator[],
  countOf: (id: number) => number,
  size: number,
): LeaderboardEntry[] {
  return creators
    .map(({ id, name, photo }) => ({ id, name, photo, count: countOf(id) }))
    .filter((entry) => entry.count > 0)
    .sort(compareLeaderboardEntries)
    .slice(0, Math.max(0, size));
}

/**
 * docs/product.md §2 leaderboard: 'Most Collaborations' counts a creator's videos with more than one author,
 * 'Most Collaborators' its distinct co-authors. Creators with a count of 0 are not listed; authors
 * missing from `creators` are ignored. Ordered by compareLeaderboardEntries, at most `size` each.
 */
export function buildLeaderboard(
  creators: readonly LeaderboardCreator[],
  videos: readonly VideoAuthorship[],
  size: number = LEADERBOARD_SIZE,
): Leaderboard {
  const collaborations = new Map<number, number>();
  const coAuthors = new Map<number, Set<number>>();
  for (const video of videos) {
    const authors = authorsOf(video);
    if (authors.size < 2) continue;
    for (const id of authors) {
      collaborations.set(id, (collaborations.get(id) ?? 0) + 1);
      const others = coAuthors.get(id) ?? new Set<number>();
      for (const other of authors) if (other !== id) others.add(other);
      coAuthors.set(id, others);
    }
  }
  return {
    mostCollaborations: topEntries(creators, (id) => collaborations.get(id) ?? 0, size),
    mostCollaborators: topEntries(creators, (id) => coAuthors.get(id)?.size ?? 0, size),
  };
}
