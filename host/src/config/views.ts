/**
 * The one registry of views: the tab bar and the view switch both read it. Key order is tab order.
 * `tab` says who sees the view's tab; `remote` is the exposed module that renders the view.
 */
import { ADMIN_VIEWS, type ViewId } from '@friends/shared';
import type { RemoteModuleId } from '../lib/federation';

export type TabAudience = 'everyone' | 'visitor' | 'admin' | 'none';

export interface ViewConfig {
  label: string;
  tab: TabAudience;
  remote: RemoteModuleId | null;
}

export const VIEWS = {
  search: { label: 'Search Creators', tab: 'everyone', remote: 'public_remote/SearchView' },
  leaderboard: { label: 'Leaderboard', tab: 'everyone', remote: 'public_remote/LeaderboardView' },
  'admin-login': { label: 'Admin', tab: 'visitor', remote: null },
  videos: { label: 'Manage Videos', tab: 'admin', remote: 'admin_remote/VideosView' },
  suggestions: { label: 'Suggestions', tab: 'admin', remote: 'admin_remote/SuggestionsView' },
  review: { label: 'Review', tab: 'admin', remote: 'admin_remote/ReviewView' },
  authors: { label: 'Manage Creators', tab: 'admin', remote: 'admin_remote/CreatorsView' },
  stats: { label: 'Analytics', tab: 'admin', remote: 'admin_remote/AnalyticsView' },
  history: { label: 'History', tab: 'admin', remote: 'admin_remote/HistoryView' },
  'author-page': { label: 'Creator', tab: 'none', remote: 'public_remote/CreatorView' },
  pair: { label: 'Videos together', tab: 'none', remote: 'public_remote/PairView' },
  group: { label: 'Group', tab: 'none', remote: 'public_remote/GroupView' },
} as const satisfies Record<ViewId, ViewConfig>;

export const DEFAULT_VIEW: ViewId = 'search';

/** The views whose tab shows for this role, in registry order. */
export function tabsFor(isAdmin: boolean): ViewId[] {
  return (Object.keys(VIEWS) as ViewId[]).filter((view) => {
    const { tab } = VIEWS[view];
    return tab === 'everyone' || tab === (isAdmin ? 'admin' : 'visitor');
  });
}

/** Admin-type views (docs/product.md §2) show the login screen to visitors. */
export function requiresAdmin(view: ViewId): boolean {
  return ADMIN_VIEWS.includes(view);
}
