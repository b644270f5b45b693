/**
 * The active view, held in client state and mirrored into the address with the History API:
 * navigate() pushes an entry, back/forward (popstate) restore the view, and the app starts from the
 * address. replace() rewrites the current entry (a merged-away creator's link → the primary's).
 */
import { useCallback, useEffect, useState } from 'react';
import type { NavigateParams, ViewId } from '@friends/shared';
import { parseViewUrl, viewSearch, type ViewState } from '../../../lib/view-url';

function addressOf(state: ViewState): string {
  return `${window.location.pathname}${viewSearch(state)}${window.location.hash}`;
}

function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function useViewState() {
  const [state, setState] = useState<ViewState>(() => parseViewUrl(window.location.search));

  useEffect(() => {
    const onPopState = () => setState(parseViewUrl(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback((view: ViewId, params: NavigateParams = {}) => {
    const next: ViewState = { view, params };
    const address = addressOf(next);
    if (address !== currentAddress()) window.history.pushState(null, '', address);
    setState(next);
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, []);

  const replace = useCallback((view: ViewId, params: NavigateParams = {}) => {
    const next: ViewState = { view, params };
    window.history.replaceState(null, '', addressOf(next));
    setState(next);
  }, []);

  return { ...state, navigate, replace };
}
