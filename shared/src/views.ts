/**
 * The contract between the host and the remotes: view ids, navigation, and the props every
 * exposed view receives. Kept free of React so it stays universal; the remotes add React types.
 */
import type { LeaderboardPeriod } from './insights';

/** docs/product.md §2 views, plus the pair page of the network feature. */
export const VIEW_IDS = [
  'search',
  'leaderboard',
  'author-page',
  'admin-login',
  'videos',
  'suggestions',
  'review',
  'authors',
  'stats',
  'pair',
  'history',
  'group',
] as const;
export type ViewId = (typeof VIEW_IDS)[number];

/** Views that show the admin-login screen to visitors (docs/product.md §2). */
export const ADMIN_VIEWS: readonly ViewId[] = [
  'videos',
  'suggestions',
  'review',
  'authors',
  'stats',
  'history',
  'admin-login',
];

export interface NavigateParams {
  /** author-page: the creator to show; history: only this creator's changes. */
  creatorId?: number;
  /** history: only this video's changes. */
  videoId?: number;
  /** videos: prefill the add-video form's URL (a reviewed suggestion). */
  prefillUrl?: string;
  /** group: the group whose page to show (`?group=<id>`). */
  groupId?: number;
  /** pair: the two creators whose videos together to show (`?pair=<a>-<b>`). */
  pairIds?: [number, number];
  /** leaderboard: the period counted (`?view=leaderboard&period=week`); all time when absent. */
  period?: LeaderboardPeriod;
  /** search: a `with:` collaboration search as typed (`?q=`); plain text searches stay out of the address. */
  query?: string;
  /** search: with `query`, list the videos the named creators made together (`&show=videos`). */
  show?: 'videos';
}

export type Navigate = (view: ViewId, params?: NavigateParams) => void;

/** Props the host passes to every exposed remote view. */
export interface RemoteViewProps {
  navigate: Navigate;
  /** Like navigate, but rewrites the current history entry (the search box mirroring its query). */
  replace?: Navigate;
  isAdmin: boolean;
  params: NavigateParams;
}

/**
 * Fired on `window` by any bundle's API client when the API answers 401, so the host can drop the
 * admin flag and show the login screen (docs/architecture.md "Deliberate departures" 1) without the bundles knowing each other.
 */
export const UNAUTHORIZED_EVENT = 'friends:unauthorized';

/** TanStack Query keys, shared so a mutation in one bundle refreshes what another bundle shows. */
export const QUERY_KEYS = {
  creators: ['creators'],
  creatorProfile: (id: number) => ['creators', id, 'profile'],
  /** The pages of a creator's videos after the profile's first one. */
  creatorVideos: (id: number) => ['creators', id, 'videos'],
  /** A paged creator search (under the creators prefix: writes refresh it). `text` as parseSearchQuery gives it. */
  creatorSearch: (text: string, scope: 'all' | 'names' = 'all') => ['creators', 'search', scope, text],
  /** Every match's id (a bulk list's Select All). */
  creatorSearchIds: (text: string, scope: 'all' | 'names' = 'all') => ['creators', 'ids', scope, text],
  /** Named creators (chips of a picker, a detection's existing creators). */
  creatorsByIds: (ids: readonly number[]) => ['creators', 'by-ids', ids.join(',')],
  creatorDuplicates: ['creators', 'duplicates'],
  /** A paged video list of the admin (under the videos prefix). */
  videoSearch: (text: string, youtube = false) => ['videos', 'search', youtube, text],
  videos: ['videos'],
  leaderboard: ['leaderboard'],
  periodLeaderboard: (period: string) => ['leaderboard', period],
  communities: ['network', 'communities'],
  communitiesSummary: (limit: number, members: number) => ['network', 'communities', limit, members],
  /** `ids` as sent (sorted, comma-separated). */
  communitiesOf: (ids: string) => ['network', 'communities', 'of', ids],
  bridges: (limit: number) => ['network', 'bridges', limit],
  suggested: (id: number) => ['creators', id, 'suggested'],
  stats: ['stats'],
  suggestions: ['suggestions'],
  /** The review queue of weak detections (its total is the Review tab's badge). */
  review: ['review'],
  session: ['session'],
  creatorNetwork: (id: number, hops: number) => ['creators', id, 'network', hops],
  creatorActivity: (id: number) => ['creators', id, 'activity'],
  pair: (a: number, b: number) => ['pairs', a, b],
  /** Everything of groups (a write to a group refreshes its page, stats and board). */
  groups: ['groups'],
  group: (id: number) => ['groups', id],
  groupStats: (id: number) => ['groups', id, 'stats'],
  groupBoard: (id: number) => ['groups', id, 'board'],
  groupSearch: (text: string) => ['groups', 'search', text],
  path: (from: number, to: number) => ['path', from, to],
  activity: ['stats', 'activity'],
  /** The admin's API keys. */
  apiKeys: ['api-keys'],
  /** Every history page and filter: any write makes them stale. */
  history: ['history'],
} as const;
