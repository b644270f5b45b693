/**
 * The active view mirrored into the address (DESIGN.md departure 8): `?view=leaderboard`,
 * `?creator=<id>`, nothing for search. Only those two parameters are read; anything else is ignored.
 */
import { VIEW_IDS, type NavigateParams, type ViewId } from '@friends/shared';

export interface ViewState {
  view: ViewId;
  params: NavigateParams;
}

export const INITIAL_VIEW: ViewState = { view: 'search', params: {} };

function isViewId(value: string | null): value is ViewId {
  return value !== null && (VIEW_IDS as readonly string[]).includes(value);
}

/** Reads the view from a `location.search` string; unknown or malformed values give search. */
export function parseViewUrl(search: string): ViewState {
  const query = new URLSearchParams(search);
  const creator = query.get('creator');
  if (creator !== null) {
    const id = Number(creator);
    if (Number.isSafeInteger(id) && id > 0) return { view: 'author-page', params: { creatorId: id } };
    return INITIAL_VIEW;
  }
  const view = query.get('view');
  if (isViewId(view) && view !== 'author-page') return { view, params: {} };
  return INITIAL_VIEW;
}

/** The `search` part of the address for a view ('' for search). prefillUrl stays out of the address. */
export function viewSearch({ view, params }: ViewState): string {
  if (view === 'author-page') return params.creatorId ? `?creator=${params.creatorId}` : '';
  if (view === 'search') return '';
  return `?view=${encodeURIComponent(view)}`;
}
