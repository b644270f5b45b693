/**
 * The collaboration network: a creator's ego network, pair pages, the shortest chain of
 * collaborations between two creators, and collaborations per month. Routes, limits and the answers'
 * shapes; the API computes them in SQL, the front ends read exactly these.
 */
import { formatMonth } from './format';
import type { CollaborationSide } from './groups';
import type { Video } from './types';

/** A creator as the network answers name it. */
export interface NetworkCreator {
  id: number;
  name: string;
  /** Photo URL; the generated avatar when none was given. */
  photo: string;
}

export interface NetworkNode extends NetworkCreator {
  /** Videos with more than one author this creator appears in (all of them, not only inside the graph). */
  collabCount: number;
  /** 0 for the centre, 1 for its collaborators, 2 for theirs. */
  hop: 0 | 1 | 2;
}

export interface NetworkEdge {
  /** The smaller id of the two. */
  source: number;
  target: number;
  /** Videos the two made together. */
  weight: number;
}

export type NetworkHops = 1 | 2;

/** What a network graph's node colours show: communities (the default) or groups as of today. */
export const NETWORK_COLOURS = ['community', 'group'] as const;
export type NetworkColour = (typeof NETWORK_COLOURS)[number];

/** GET /api/creators/:id/network?hops=1|2 */
export interface CreatorNetwork {
  /** The creator the id names now (a merged-away id answers its primary's network). */
  center: number;
  hops: NetworkHops;
  /** The centre first, then by hop, then most videos with the centre (or the first hop) first. */
  nodes: NetworkNode[];
  /** Every edge between two shown nodes, except between two second-hop nodes; heaviest first. */
  edges: NetworkEdge[];
  /** True when collaborators were left out to stay within NETWORK_LIMITS. */
  truncated: boolean;
  /**
   * 'events' with `?weight=events`: each edge's weight is then the collab events the two shared (an
   * event's uploads once) and each node's collabCount its collaborations counted by event; absent when
   * weighing videos.
   */
  weight?: 'events';
}

/** GET /api/pairs/:a/:b */
export interface PairVideos {
  a: NetworkCreator;
  b: NetworkCreator;
  /** Every video both are authors of, newest first by date (undated last), then newest added first. */
  videos: Video[];
  /** Those videos counted by collab event (an event's uploads once, a video in no event on its own). */
  collaborationEvents: number;
  /** Dates (YYYY-MM-DD) of the first and latest dated video together; null when none is dated. */
  first: string | null;
  latest: string | null;
  /**
   * Where each collaboration sat against the groups on its date (docs/product.md "Groups"): inside
   * the groups all its authors were members of, or across; videos with no member then are absent.
   */
  sides: PairVideoSide[];
}

/** A pair video's place against the groups on its date. */
export type PairVideoSide = { videoId: number } & CollaborationSide;

/** GET /api/path?from=&to= */
export interface CollaborationPath {
  from: number;
  to: number;
  /** From `from` to `to`, each next to the one before through a video together; null when none was found. */
  path: NetworkCreator[] | null;
}

/** One month of GET /api/creators/:id/activity and GET /api/stats/activity. */
export interface ActivityMonth {
  /** YYYY-MM */
  month: string;
  /** Videos with more than one author dated in that month (undated videos are left out). */
  count: number;
}

/** Oldest month first; months without collaborations are absent (see fillActivityMonths). */
export type Activity = ActivityMonth[];

export const NETWORK_LIMITS = {
  /** First-hop collaborators shown at most, the most videos together first. */
  neighbours: 200,
  /** First-hop collaborators whose own collaborators are looked at for two hops. */
  expandedNeighbours: 50,
  /** Second-hop creators shown at most, the most videos with the first hop first. */
  secondHop: 200,
  /** The connection finder's search: collaborations in a chain at most, creators visited at most. */
  pathDepth: 6,
  pathVisited: 20_000,
} as const;

export const NETWORK_ROUTES = {
  network: (id: number, hops: NetworkHops = 1) => `/api/creators/${id}/network?hops=${hops}`, // GET CreatorNetwork
  pair: (a: number, b: number) => `/api/pairs/${a}/${b}`, // GET PairVideos
  path: (from: number, to: number) => `/api/path?from=${from}&to=${to}`, // GET CollaborationPath
  activity: (id: number) => `/api/creators/${id}/activity`, // GET Activity
  allActivity: '/api/stats/activity', // GET Activity (every creator)
} as const;

export const PAIR_MUST_DIFFER = 'A pair needs two different creators';
export const INVALID_HOPS = 'hops must be 1 or 2';

/** The months from the first to the last of `activity`, with the missing ones as 0. */
export function fillActivityMonths(activity: readonly ActivityMonth[]): ActivityMonth[] {
  const parse = (month: string) => {
    const match = /^(\d{4})-(\d{2})$/.exec(month);
    return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
  };
  const counts = new Map<number, number>();
  for (const entry of activity) {
    const index = parse(entry.month);
    if (index !== null) counts.set(index, (counts.get(index) ?? 0) + entry.count);
  }
  if (counts.size === 0) return [];
  const indexes = [...counts.keys()];
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  const filled: ActivityMonth[] = [];
  for (let index = first; index <= last; index++) {
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    filled.push({
      month: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
      count: counts.get(index) ?? 0,
    });
  }
  return filled;
}

/**
 * What a filled activity (fillActivityMonths) comes to, said after its chart's title wherever the chart
 * is drawn: '3 from Nov 2023 to Mar 2024, most in Mar 2024 (2)'. Empty when there are no months.
 */
export function activitySummary(months: readonly ActivityMonth[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return '';
  const total = months.reduce((sum, month) => sum + month.count, 0);
  const max = Math.max(...months.map((month) => month.count));
  const busiest = max > 0 ? months.find((month) => month.count === max) : undefined;
  const most = busiest ? `, most in ${formatMonth(busiest.month)} (${max})` : '';
  return `${total} from ${formatMonth(first.month)} to ${formatMonth(last.month)}${most}`;
}
