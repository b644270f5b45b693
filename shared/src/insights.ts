/**
 * Insights on the collaboration network: leaderboards by period, communities and bridges,
 * "might collaborate" suggestions (the `with:` collaboration search is in search.ts). The periods are
 * defined here once; the API computes the answers and the front ends read these shapes.
 * See docs/architecture.md "Insights".
 */
import { LEADERBOARD_SIZE } from './constants';
import { competitionRanks } from './format';
import { compareLeaderboardEntries, type LeaderboardCreator } from './stats';
import type { LeaderboardCount } from './event-counting';
import type { LeaderboardEntry } from './types';

// ---------------------------------------------------------------------------------------------------
// Leaderboards by period

export const LEADERBOARD_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export type DatedPeriod = Exclude<LeaderboardPeriod, 'all'>;

/**
 * Periods are rolling windows of whole UTC days ending today (today included), not calendar weeks or
 * months: "this month" on the 1st would otherwise hold a single day against a full previous month.
 */
export const PERIOD_DAYS: Record<DatedPeriod, number> = { week: 7, month: 30, year: 365 };

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  week: 'Last 7 days',
  month: 'Last 30 days',
  year: 'Last 365 days',
  all: 'All time',
};

export const INVALID_PERIOD = `period must be one of ${LEADERBOARD_PERIODS.join(', ')}`;

export function isLeaderboardPeriod(value: unknown): value is LeaderboardPeriod {
  return typeof value === 'string' && (LEADERBOARD_PERIODS as readonly string[]).includes(value);
}

/** Inclusive YYYY-MM-DD bounds. */
export interface DateRange {
  from: string;
  to: string;
}

export interface PeriodWindows {
  current: DateRange;
  /** The window of the same length just before `current`. */
  previous: DateRange;
}

const DAY_MS = 86_400_000;

/** The UTC date of `now` as YYYY-MM-DD. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) moved by `days` whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The current and previous windows of a dated period, today being `today` (YYYY-MM-DD, UTC). */
export function periodWindows(period: DatedPeriod, today: string): PeriodWindows {
  const days = PERIOD_DAYS[period];
  return {
    current: { from: addDays(today, -(days - 1)), to: today },
    previous: { from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) },
  };
}

export interface RankedLeaderboardEntry extends LeaderboardEntry {
  /** The rank in the same list over the previous window (any rank, not only the top 10); null: unranked. */
  previousRank: number | null;
}

export interface PairCreator {
  id: number;
  name: string;
  photo: string;
}

/** A pair whose first dated video together falls in the current window. */
export interface NewPair {
  a: PairCreator;
  b: PairCreator;
  /** Date of their first video together. */
  first: string;
  /** Videos together in the current window. */
  videos: number;
}

/** GET /api/leaderboard?period=week|month|year (`all`, the default, answers Leaderboard as before). */
export interface PeriodLeaderboard {
  period: DatedPeriod;
  current: DateRange;
  previous: DateRange;
  mostCollaborations: RankedLeaderboardEntry[];
  mostCollaborators: RankedLeaderboardEntry[];
  /** At most LEADERBOARD_SIZE, the most videos together first. */
  newPairs: NewPair[];
}

export interface DatedAuthorship {
  authorIds: readonly number[];
  /** YYYY-MM-DD; undated videos are never passed here (they count only for `all`). */
  date: string;
}

export const pairKey = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

interface WindowCounts {
  collaborations: Map<number, number>;
  collaborators: Map<number, Set<number>>;
  /** Per pair key: videos together and the first date, in this window. */
  pairs: Map<string, { a: number; b: number; videos: number; first: string }>;
}

function countWindow(videos: readonly DatedAuthorship[], range: DateRange): WindowCounts {
  const counts: WindowCounts = { collaborations: new Map(), collaborators: new Map(), pairs: new Map() };
  for (const video of videos) {
    if (video.date < range.from || video.date > range.to) continue;
    const authors = [...new Set(video.authorIds)];
    if (authors.length < 2) continue;
    for (const id of authors) {
      counts.collaborations.set(id, (counts.collaborations.get(id) ?? 0) + 1);
      const others = counts.collaborators.get(id) ?? new Set<number>();
      for (const other of authors) if (other !== id) others.add(other);
      counts.collaborators.set(id, others);
    }
    for (let i = 0; i < authors.length; i++) {
      for (let j = i + 1; j < authors.length; j++) {
        const [a, b] = [authors[i]!, authors[j]!].sort((x, y) => x - y) as [number, number];
        const key = pairKey(a, b);
        const pair = counts.pairs.get(key);
        if (pair) {
          pair.videos += 1;
          if (video.date < pair.first) pair.first = video.date;
        } else counts.pairs.set(key, { a, b, videos: 1, first: video.date });
      }
    }
  }
  return counts;
}

/** Every creator with a count above 0, in leaderboard order (count, then name, then id). */
function ranking(creators: ReadonlyMap<number, LeaderboardCreator>, count: ReadonlyMap<number, number>) {
  return [...count]
    .filter(([id, n]) => n > 0 && creators.has(id))
    .map(([id, n]) => Object.assign({}, creators.get(id) as LeaderboardCreator, { count: n }))
    .sort(compareLeaderboardEntries);
}

/**
 * One list of a period's board: `creators` ranked by their `current` counts (top `size`), each with
 * its rank among them by the `previous` counts (null when it had none).
 */
export function rankedPeriodList(
  creators: ReadonlyMap<number, LeaderboardCreator>,
  current: ReadonlyMap<number, number>,
  previous: ReadonlyMap<number, number>,
  size: number,
): RankedLeaderboardEntry[] {
  const previousList = ranking(creators, previous);
  const previousRanks = competitionRanks(previousList.map((entry) => entry.count));
  const before = new Map(previousList.map((entry, index) => [entry.id, previousRanks[index] as number]));
  return ranking(creators, current)
    .slice(0, Math.max(0, size))
    .map(({ id, name, photo, count }) => ({ id, name, photo, count, previousRank: before.get(id) ?? null }));
}

const sizes = (map: ReadonlyMap<number, ReadonlySet<number>>) =>
  new Map([...map].map(([id, set]) => [id, set.size]));

/**
 * The leaderboard of a dated period: the two lists over the current window with each row's rank in the
 * previous one, and the pairs new in the current window. `videos` must hold every dated video of both
 * windows; `pairsBefore` the pair keys (pairKey) that have a dated video together before the current
 * window; `creators` every author of those videos (others are left out).
 */
export function buildPeriodLeaderboard(
  period: DatedPeriod,
  today: string,
  creators: ReadonlyMap<number, LeaderboardCreator>,
  videos: readonly DatedAuthorship[],
  pairsBefore: ReadonlySet<string>,
  size: number = LEADERBOARD_SIZE,
): PeriodLeaderboard {
  const { current, previous } = periodWindows(period, today);
  const now = countWindow(videos, current);
  const then = countWindow(videos, previous);
  const named = (id: number): PairCreator => {
    const { name, photo } = creators.get(id) as LeaderboardCreator;
    return { id, name, photo };
  };
  const newPairs = [...now.pairs]
    .filter(([key, pair]) => !pairsBefore.has(key) && creators.has(pair.a) && creators.has(pair.b))
    .map(([, pair]) => pair)
    .sort(
      (x, y) =>
        y.videos - x.videos || (x.first < y.first ? 1 : x.first > y.first ? -1 : 0) || x.a - y.a || x.b - y.b,
    )
    .slice(0, Math.max(0, size))
    .map((pair) => ({ a: named(pair.a), b: named(pair.b), first: pair.first, videos: pair.videos }));
  return {
    period,
    current,
    previous,
    mostCollaborations: rankedPeriodList(creators, now.collaborations, then.collaborations, size),
    mostCollaborators: rankedPeriodList(creators, sizes(now.collaborators), sizes(then.collaborators), size),
    newPairs,
  };
}

// ---------------------------------------------------------------------------------------------------
// Communities, bridges, suggestions

export interface CommunityMember {
  id: number;
  name: string;
}

export interface Community {
  /** The smallest creator id among its members: stable while the community keeps that member. */
  id: number;
  /** The names of its most connected members (by videos with other members). */
  label: string;
  /** Its members in all (`members` lists only the first ones when the request gave `?members=`). */
  size: number;
  /** Most connected first. */
  members: CommunityMember[];
}

/**
 * GET /api/network/communities: every creator with a collaboration, in exactly one community; largest
 * first. `?limit=&members=` trims it to the first communities and their first members (what a summary
 * shows), `size` and `total` still counting all.
 */
export interface Communities {
  communities: Community[];
  /** Communities in all. */
  total: number;
}

/** A community without its member list. */
export interface CommunityLabel {
  id: number;
  label: string;
  size: number;
}

/**
 * GET /api/network/communities/of?ids=: the communities of the given creators only, as a graph that
 * shows those creators needs them (not the whole answer: about 340 KB at 10,000 creators).
 */
export interface CommunityLookup {
  /** The communities of the creators asked about, largest first. */
  communities: CommunityLabel[];
  /** [creator id, community id] per creator asked about that is in a community, in the order asked. */
  members: [number, number][];
}

/** One row of GET /api/network/bridges?limit= (betweenness centrality, highest first). */
export interface Bridge {
  id: number;
  name: string;
  /** Normalised betweenness centrality: the share of shortest collaboration chains passing through. */
  score: number;
}

/** One row of GET /api/creators/:id/suggested: never appeared with the creator, shares collaborators. */
export interface SuggestedCreator {
  id: number;
  name: string;
  sharedCollaborators: number;
}

/** Names in a community's label at most. */
export const COMMUNITY_LABEL_NAMES = 2;
export const BRIDGES_DEFAULT_LIMIT = 10;
export const BRIDGES_MAX_LIMIT = 100;
export const SUGGESTED_SIZE = 10;
/** `?limit=` and `?members=` of GET /api/network/communities at most. */
export const COMMUNITIES_MAX_LIMIT = 1000;
/** Creators per GET /api/network/communities/of at most: more than a network graph ever shows. */
export const COMMUNITY_LOOKUP_MAX_IDS = 500;

export const communityLabel = (names: readonly string[]): string =>
  names.slice(0, COMMUNITY_LABEL_NAMES).join(' & ');

export const INSIGHTS_ROUTES = {
  /** The board of a period; counted by event with `count` 'events' (the default counts videos). */
  leaderboard: (period: LeaderboardPeriod = 'all', count: LeaderboardCount = 'videos') => {
    const query = new URLSearchParams();
    if (period !== 'all') query.set('period', period);
    if (count !== 'videos') query.set('count', count);
    const text = query.toString();
    return text ? `/api/leaderboard?${text}` : '/api/leaderboard';
  },
  communities: '/api/network/communities', // GET Communities
  /** The first `limit` communities with their first `members` members. */
  communitiesSummary: (limit: number, members: number) =>
    `/api/network/communities?limit=${limit}&members=${members}`, // GET Communities
  communitiesOf: '/api/network/communities/of', // GET CommunityLookup (?ids=1,2,3)
  communitiesOfIds: (ids: readonly number[]) => `/api/network/communities/of?ids=${ids.join(',')}`,
  bridges: (limit: number = BRIDGES_DEFAULT_LIMIT) => `/api/network/bridges?limit=${limit}`, // GET Bridge[]
  suggested: (id: number) => `/api/creators/${id}/suggested`, // GET SuggestedCreator[]
} as const;
