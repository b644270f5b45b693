/**
 * The host's view registry: the shared list of views (label, tab audience, rendering module), checked
 * against the modules the host can load. The tab bar and the view switch both read it.
 */
import { VIEWS as SHARED_VIEWS, type TabAudience, type ViewId } from '@friends/shared';
import type { RemoteModuleId } from '../lib/federation';

export type { TabAudience };

/** The shared list as it is, after the compiler has checked that every view's module is one the host loads. */
const loadable = <T extends Record<ViewId, { remote: RemoteModuleId | null }>>(views: T): T => views;

export const VIEWS = loadable(SHARED_VIEWS);

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
  return VIEWS[view].admin;
}
