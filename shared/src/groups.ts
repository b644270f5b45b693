/**
 * Groups over time: agencies, groups and teams whose members join and leave on given dates. The date
 * rules (what a period is, when two overlap, who was a member on a day) and the inside/across counting
 * live here once; the API applies them in SQL where it must and the front ends read these shapes.
 * See docs/product.md "Groups".
 */
import { COLLABORATION_MIN_AUTHORS } from './constants';
import type { LeaderboardCount } from './event-counting';
import type { PeriodLeaderboard } from './insights';
import type { Leaderboard } from './types';

export const GROUP_KINDS = ['agency', 'group', 'team'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const GROUP_KIND_LABELS: Record<GroupKind, string> = {
  agency: 'Agency',
  group: 'Group',
  team: 'Team',
};

export function isGroupKind(value: unknown): value is GroupKind {
  return typeof value === 'string' && (GROUP_KINDS as readonly string[]).includes(value);
}

export const GROUP_LIMITS = {
  name: 100,
  /** Groups per page of GET /api/groups unless `limit` says otherwise. */
  page: 24,
  /** Membership periods of one group at most (a group page lists them all). */
  memberships: 2000,
  /** Creators one GET /api/groups/of asks about at most (a network graph's nodes). */
  lookupIds: 500,
} as const;

/** A membership period: both days included; `to` null while the creator is still a member. */
export interface MembershipPeriod {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, or null: still a member. */
  to: string | null;
}

/** POST /api/groups, PUT /api/groups/:id */
export interface GroupInput {
  name: string;
  kind: GroupKind;
}

/** POST /api/groups/:id/members, PUT /api/groups/:id/members/:memberId */
export interface MembershipInput {
  creatorId: number;
  from: string;
  to?: string | null;
}

/** One membership period of a group: `id` is the membership's, `name` the creator's. */
export interface GroupMember extends MembershipPeriod {
  id: number;
  creatorId: number;
  name: string;
}

/** GET /api/groups/:id; also the answer of the group writes. Members by start, then name. */
export interface Group {
  id: number;
  name: string;
  kind: GroupKind;
  members: GroupMember[];
}

/** One row of GET /api/groups. */
export interface GroupListItem {
  id: number;
  name: string;
  kind: GroupKind;
  /** Creators who are members today. */
  currentMembers: number;
}

/** One of a creator's memberships, on its profile (oldest first). */
export interface CreatorMembership extends MembershipPeriod {
  groupId: number;
  groupName: string;
}

/** One year of GET /api/groups/:id/stats. */
export interface GroupYearStats {
  year: number;
  /** Collaborations whose authors were all members on the video's date. */
  inside: number;
  /** Collaborations with at least one member and at least one non-member on its date. */
  across: number;
}

/** GET /api/groups/:id/stats: oldest year first; years without a counted collaboration are absent. */
export type GroupStats = GroupYearStats[];

/** What a group's board ranks: the creators who were members of `group` on `asOf`. */
export interface GroupBoardScope {
  group: { id: number; name: string; kind: GroupKind };
  /** YYYY-MM-DD: the day whose members are ranked (today, UTC, unless `?asOf=` said otherwise). */
  asOf: string;
  /** Creators who were members that day. */
  members: number;
}

/** GET /api/leaderboard?group=&asOf= (all time): the two lists, of the members only. */
export type GroupLeaderboard = Leaderboard & GroupBoardScope;

/**
 * GET /api/leaderboard?group=&asOf=&period=week|month|year: the period's lists of the members only,
 * `previousRank` among them, and the new pairs of two members.
 */
export type GroupPeriodLeaderboard = PeriodLeaderboard & GroupBoardScope;

/** One group of GET /api/groups/of: `members` counts the creators asked about who are in it that day. */
export interface GroupLookupGroup {
  id: number;
  name: string;
  kind: GroupKind;
  members: number;
}

/**
 * GET /api/groups/of?ids=: the groups the given creators (a network graph's nodes) are members of on
 * `asOf` (today, UTC), so a graph can colour its creators by group.
 */
export interface GroupLookup {
  asOf: string;
  /** Most of the asked creators first, then by name. */
  groups: GroupLookupGroup[];
  /** [creator id, group id] per membership that day, in the order asked; a creator may be in several groups. */
  members: [number, number][];
}

/** A group a collaboration happened inside. */
export interface GroupRef {
  groupId: number;
  groupName: string;
}

/**
 * How a collaboration sits against the groups on its date: `inside` every group all its authors were
 * members of (by name), `across` when at least one author was a member of some group but no group held
 * them all.
 */
export type CollaborationSide = { side: 'inside'; groups: GroupRef[] } | { side: 'across' };

export const GROUP_ROUTES = {
  groups: '/api/groups', // GET Paged<GroupListItem> ?q=&offset=&limit=; POST GroupInput -> Group (admin)
  group: (id: number) => `/api/groups/${id}`, // GET Group; PUT GroupInput -> Group; DELETE (admin)
  members: (id: number) => `/api/groups/${id}/members`, // POST MembershipInput -> Group (admin)
  member: (id: number, memberId: number) => `/api/groups/${id}/members/${memberId}`, // PUT, DELETE (admin)
  stats: (id: number) => `/api/groups/${id}/stats`, // GET GroupStats
  of: '/api/groups/of', // GET GroupLookup ?ids=1,2,3
  ofIds: (ids: readonly number[]) => `/api/groups/of?ids=${ids.join(',')}`,
  /** The as-of leaderboard of a group: `asOf` defaults to today (UTC); `count=events` counts by event. */
  leaderboard: (id: number, asOf?: string, period?: string, count?: LeaderboardCount) => {
    const query = new URLSearchParams({ group: String(id) });
    if (asOf) query.set('asOf', asOf);
    if (period && period !== 'all') query.set('period', period);
    if (count === 'events') query.set('count', count);
    return `/api/leaderboard?${query.toString()}`;
  },
} as const;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  membershipNotFound: 'Membership not found',
  nameRequired: 'name must not be blank',
  nameTooLong: `name must be at most ${GROUP_LIMITS.name} characters`,
  kind: `kind must be one of ${GROUP_KINDS.join(', ')}`,
  from: 'from must be a date YYYY-MM-DD',
  to: 'to must be a date YYYY-MM-DD, or null while still a member',
  fromAfterTo: 'from must not be after to',
  asOf: 'asOf must be a date YYYY-MM-DD',
  group: 'group must be a group id',
  tooManyMemberships: `A group holds at most ${GROUP_LIMITS.memberships} membership periods`,
} as const;

export const groupExistsMessage = (name: string): string => `A group named "${name}" already exists`;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Was a creator with this period a member on `date` (YYYY-MM-DD)? Both ends count as member days. */
export function isMemberOn(period: MembershipPeriod, date: string): boolean {
  return period.from <= date && (period.to === null || date <= period.to);
}

/** Do two periods share at least one day? */
export function periodsOverlap(a: MembershipPeriod, b: MembershipPeriod): boolean {
  return (b.to === null || a.from <= b.to) && (a.to === null || b.from <= a.to);
}

/** "2020-04-01 to 2022-06-30", "2020-04-01 to now". */
export const periodText = (period: MembershipPeriod): string => `${period.from} to ${period.to ?? 'now'}`;

/**
 * What is wrong with a membership period, naming the field, or null: malformed dates, `from` after
 * `to`, or a period that overlaps one of `others` (the same creator's other periods in the group).
 */
export function membershipProblem(
  period: { from: unknown; to: unknown },
  others: readonly MembershipPeriod[] = [],
): string | null {
  if (!isIsoDate(period.from)) return GROUP_MESSAGES.from;
  if (period.to !== null && period.to !== undefined && !isIsoDate(period.to)) return GROUP_MESSAGES.to;
  const checked: MembershipPeriod = {
    from: period.from,
    to: (period.to as string | null | undefined) ?? null,
  };
  if (checked.to !== null && checked.from > checked.to) return GROUP_MESSAGES.fromAfterTo;
  const clash = others.find((other) => periodsOverlap(checked, other));
  if (clash)
    return `from and to overlap this creator's membership ${periodText(clash)}: periods of one creator in one group must not overlap`;
  return null;
}

export interface StoredMembership extends MembershipPeriod {
  id: number;
  groupId: number;
  /** A period of the creator that stays (the merge's primary); the others are the merged creators'. */
  primary: boolean;
}

/** What a merge of creators does to their periods; every period left becomes the primary's. */
export interface MembershipMergePlan {
  /** Periods that move to the primary unchanged. */
  move: number[];
  /** Periods widened to cover the overlapping ones they absorb. */
  widen: (MembershipPeriod & { id: number })[];
  /** Exact duplicates and absorbed periods. */
  remove: number[];
}

/**
 * Merging creators: each group keeps one creator's periods without overlap, so the merged creators'
 * periods move to the primary, an exact duplicate is dropped, and periods that overlap are joined into
 * one covering both (kept on the primary's row when there is one). Pure; the caller writes the plan.
 */
export function planMembershipMerge(memberships: readonly StoredMembership[]): MembershipMergePlan {
  const plan: MembershipMergePlan = { move: [], widen: [], remove: [] };
  const byGroup = new Map<number, StoredMembership[]>();
  for (const m of memberships) byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m]);
  for (const periods of byGroup.values()) {
    const sorted = [...periods].sort(
      (a, b) => a.from.localeCompare(b.from) || Number(b.primary) - Number(a.primary) || a.id - b.id,
    );
    const clusters: StoredMembership[][] = [];
    let end: string | null | undefined;
    for (const period of sorted) {
      const last = clusters[clusters.length - 1];
      if (last && end !== undefined && periodsOverlap(period, { from: last[0]!.from, to: end })) {
        last.push(period);
        if (end !== null) end = period.to === null || period.to > end ? period.to : end;
      } else {
        clusters.push([period]);
        end = period.to;
      }
    }
    for (const cluster of clusters) {
      const keeper = cluster.find((m) => m.primary) ?? cluster[0]!;
      const from = cluster[0]!.from;
      const to = cluster.some((m) => m.to === null)
        ? null
        : cluster.reduce((max, m) => ((m.to as string) > max ? (m.to as string) : max), keeper.to as string);
      for (const m of cluster) if (m !== keeper) plan.remove.push(m.id);
      if (keeper.from !== from || keeper.to !== to) plan.widen.push({ id: keeper.id, from, to });
      else if (!keeper.primary) plan.move.push(keeper.id);
    }
  }
  return plan;
}

/** The year of a YYYY-MM-DD date. */
const yearOf = (date: string): number => Number(date.slice(0, 4));

export interface DatedCollaboration {
  /** YYYY-MM-DD; undated videos ('') are never counted: membership needs a day. */
  date: string;
  authorIds: readonly number[];
}

export interface MemberPeriod extends MembershipPeriod {
  creatorId: number;
}

/**
 * Where one collaboration sits for a group: null when it does not count for it (undated, fewer than
 * two authors, or none of them a member on its date); `inside` when every author was a member on its
 * date, `across` otherwise. `memberships` are the group's periods (others' periods may be among them
 * only if they are the same group's).
 */
export function groupVideoSide(
  video: DatedCollaboration,
  memberships: readonly MemberPeriod[],
): 'inside' | 'across' | null {
  const authors = [...new Set(video.authorIds)];
  if (!video.date || authors.length < COLLABORATION_MIN_AUTHORS) return null;
  const members = authors.filter((id) =>
    memberships.some((m) => m.creatorId === id && isMemberOn(m, video.date)),
  ).length;
  if (members === 0) return null;
  return members === authors.length ? 'inside' : 'across';
}

/** The year a dated collaboration is counted in. */
export const collaborationYear = (date: string): number => yearOf(date);

/**
 * Per year, the collaborations that count for a group (groupVideoSide). `memberships` are the
 * group's periods; `videos` may hold others (they are skipped).
 */
export function groupYearStats(
  videos: readonly DatedCollaboration[],
  memberships: readonly MemberPeriod[],
): GroupStats {
  const periods = new Map<number, MemberPeriod[]>();
  for (const m of memberships) periods.set(m.creatorId, [...(periods.get(m.creatorId) ?? []), m]);
  const years = new Map<number, GroupYearStats>();
  for (const video of videos) {
    const own = [...new Set(video.authorIds)].flatMap((id) => periods.get(id) ?? []);
    const side = groupVideoSide(video, own);
    if (side === null) continue;
    const year = yearOf(video.date);
    const row = years.get(year) ?? { year, inside: 0, across: 0 };
    row[side] += 1;
    years.set(year, row);
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

export interface NamedMemberPeriod extends MemberPeriod {
  groupId: number;
  groupName: string;
}

/**
 * Where a collaboration sits on its date (see CollaborationSide), from the memberships of its authors;
 * null when it is undated, not a collaboration, or none of its authors was a member of any group then.
 */
export function collaborationSide(
  video: DatedCollaboration,
  memberships: readonly NamedMemberPeriod[],
): CollaborationSide | null {
  const authors = [...new Set(video.authorIds)];
  if (!video.date || authors.length < COLLABORATION_MIN_AUTHORS) return null;
  const current = memberships.filter((m) => authors.includes(m.creatorId) && isMemberOn(m, video.date));
  if (current.length === 0) return null;
  const byGroup = new Map<number, { ref: GroupRef; members: Set<number> }>();
  for (const m of current) {
    const entry = byGroup.get(m.groupId) ?? {
      ref: { groupId: m.groupId, groupName: m.groupName },
      members: new Set<number>(),
    };
    entry.members.add(m.creatorId);
    byGroup.set(m.groupId, entry);
  }
  const groups = [...byGroup.values()]
    .filter((entry) => entry.members.size === authors.length)
    .map((entry) => entry.ref)
    .sort((a, b) => a.groupName.localeCompare(b.groupName) || a.groupId - b.groupId);
  return groups.length > 0 ? { side: 'inside', groups } : { side: 'across' };
}

/** "inside Aurora", "inside Aurora and Nova", "across". */
export function collaborationSideLabel(side: CollaborationSide): string {
  if (side.side === 'across') return 'across';
  const names = side.groups.map((g) => g.groupName);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  return `inside ${list}`;
}

/** The years a period covers, for a timeline: "2020–2022", "2021–now", "2023". */
export function periodYears(period: MembershipPeriod): string {
  const from = period.from.slice(0, 4);
  const to = period.to === null ? 'now' : period.to.slice(0, 4);
  return from === to ? from : `${from}–${to}`;
}
