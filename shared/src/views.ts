/**
 * The contract between the host and the remotes: view ids, navigation, and the props every
 * exposed view receives. Kept free of React so it stays universal; the remotes add React types.
 */
import type { LeaderboardCount } from './event-counting';
import type { LeaderboardPeriod } from './insights';
import type { NetworkColour } from './network';

/** Who sees a view's tab: everyone, visitors only, admins only, or nobody (reached by a link). */
export type TabAudience = 'everyone' | 'visitor' | 'admin' | 'none';

export interface ViewDefinition {
  /** The tab's label (and the view's name in standalone pages). */
  label: string;
  tab: TabAudience;
  /** The federated module that renders the view (`<remote>/<expose>`); null: the host renders it. */
  remote: `${'public_remote' | 'admin_remote'}/${string}` | null;
  /** Visitors opening it see the admin-login screen instead. */
  admin: boolean;
}

/**
 * The one list of views (docs/product.md §2, plus the pair page of the network feature): the host's tab
 * bar and view switch, the address parser and both remotes' standalone pages derive theirs from it. Key
 * order is tab order.
 */
export const VIEWS = {
  search: { label: 'Search Creators', tab: 'everyone', remote: 'public_remote/SearchView', admin: false },
  leaderboard: {
    label: 'Leaderboard',
    tab: 'everyone',
    remote: 'public_remote/LeaderboardView',
    admin: false,
  },
  'admin-login': { label: 'Admin', tab: 'visitor', remote: null, admin: true },
  videos: { label: 'Manage Videos', tab: 'admin', remote: 'admin_remote/VideosView', admin: true },
  suggestions: { label: 'Suggestions', tab: 'admin', remote: 'admin_remote/SuggestionsView', admin: true },
  review: { label: 'Review', tab: 'admin', remote: 'admin_remote/ReviewView', admin: true },
  authors: { label: 'Manage Creators', tab: 'admin', remote: 'admin_remote/CreatorsView', admin: true },
  groups: { label: 'Groups', tab: 'admin', remote: 'admin_remote/GroupsView', admin: true },
  stats: { label: 'Analytics', tab: 'admin', remote: 'admin_remote/AnalyticsView', admin: true },
  history: { label: 'History', tab: 'admin', remote: 'admin_remote/HistoryView', admin: true },
  'author-page': { label: 'Creator', tab: 'none', remote: 'public_remote/CreatorView', admin: false },
  pair: { label: 'Videos together', tab: 'none', remote: 'public_remote/PairView', admin: false },
  group: { label: 'Group', tab: 'none', remote: 'public_remote/GroupView', admin: false },
  event: { label: 'Collab event', tab: 'none', remote: 'public_remote/EventView', admin: false },
} as const satisfies Record<string, ViewDefinition>;

export type ViewId = keyof typeof VIEWS;

export const VIEW_IDS = Object.keys(VIEWS) as ViewId[];

/** Views that show the admin-login screen to visitors (docs/product.md §2). */
export const ADMIN_VIEWS: readonly ViewId[] = VIEW_IDS.filter((view) => VIEWS[view].admin);

/** The views one remote renders, in tab order. */
export function viewsOfRemote(remote: 'public_remote' | 'admin_remote'): ViewId[] {
  return VIEW_IDS.filter((view) => VIEWS[view].remote?.startsWith(`${remote}/`));
}

export interface NavigateParams {
  /** author-page: the creator to show; history: only this creator's changes. */
  creatorId?: number;
  /** history: only this video's changes. */
  videoId?: number;
  /** videos: prefill the add-video form's URL (a reviewed suggestion). */
  prefillUrl?: string;
  /** group: the group whose page to show (`?group=<id>`). */
  groupId?: number;
  /** event: the collab event whose uploads to show (`?event=<id>`). */
  eventId?: number;
  /** pair: the two creators whose videos together to show (`?pair=<a>-<b>`). */
  pairIds?: [number, number];
  /** leaderboard: the period counted (`?view=leaderboard&period=week`); all time when absent. */
  period?: LeaderboardPeriod;
  /**
   * leaderboard and group: what is counted (`&count=events`: each collab event once); videos when
   * absent.
   */
  count?: LeaderboardCount;
  /** author-page: colour the network by group (`&colour=group`, the panel open); by community when absent. */
  colour?: NetworkColour;
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
  /**
   * The first rows of a short term's answer, held beside the paged search (never shown as its pages) so
   * the next keystroke can be filtered from them; under the creators prefix, so writes refresh it.
   */
  creatorSearchLookahead: (text: string) => ['creators', 'lookahead', 'all', text],
  /** Every match's id (a bulk list's Select All). */
  creatorSearchIds: (text: string, scope: 'all' | 'names' = 'all') => ['creators', 'ids', scope, text],
  /** Named creators (chips of a picker, a detection's existing creators). */
  creatorsByIds: (ids: readonly number[]) => ['creators', 'by-ids', ids.join(',')],
  creatorDuplicates: ['creators', 'duplicates'],
  /** Who else has a channel URL (`channelUrlKey` form), leaving out the creator being edited. */
  channelOwner: (key: string, exclude: number | null) => ['creators', 'channel-owner', key, exclude ?? 0],
  /** A paged video list of the admin (under the videos prefix). */
  videoSearch: (text: string, youtube = false) => ['videos', 'search', youtube, text],
  videos: ['videos'],
  leaderboard: ['leaderboard'],
  periodLeaderboard: (period: string) => ['leaderboard', period],
  /** A board counted by event (`count` 'events'); under the leaderboard prefix, so writes refresh it. */
  leaderboardByEvent: (period: string) => ['leaderboard', period, 'events'],
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
  creatorNetwork: (id: number, hops: number, weight: string = 'videos') =>
    weight === 'videos' ? ['creators', id, 'network', hops] : ['creators', id, 'network', hops, weight],
  creatorActivity: (id: number) => ['creators', id, 'activity'],
  pair: (a: number, b: number) => ['pairs', a, b],
  /** A collab event (under the videos prefix: grouping and ungrouping refresh it). */
  event: (id: number) => ['videos', 'event', id],
  /** Everything of groups (a write to a group refreshes its page, stats and board). */
  groups: ['groups'],
  group: (id: number) => ['groups', id],
  groupStats: (id: number) => ['groups', id, 'stats'],
  groupBoard: (id: number, count: string = 'videos') =>
    count === 'videos' ? ['groups', id, 'board'] : ['groups', id, 'board', count],
  /** The groups of a graph's creators today; `ids` as sent (sorted, comma-separated). */
  groupsOf: (ids: string) => ['groups', 'of', ids],
  groupSearch: (text: string) => ['groups', 'search', text],
  path: (from: number, to: number) => ['path', from, to],
  activity: ['stats', 'activity'],
  /** The admin's API keys. */
  apiKeys: ['api-keys'],
  /** Every history page and filter: any write makes them stale. */
  history: ['history'],
} as const;
