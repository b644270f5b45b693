/**
 * The public remote on its own (`npm run dev`, :8081): its views with a QueryClient of their own and a
 * minimal view switch, so the public team can work without the host. The host never loads this.
 */
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VIEWS, VIEW_IDS, type NavigateParams, type RemoteViewProps, type ViewId } from '@friends/shared';
import { CreatorPage } from './views/creator-page';
import { LeaderboardPage } from './views/leaderboard-page';
import { PairPage } from './views/pair-page';
import { SearchPage } from './views/search-page';

/** The tabs everyone sees, from the shared list of views. */
const TABS: readonly [ViewId, string][] = VIEW_IDS.filter((view) => VIEWS[view].tab === 'everyone').map(
  (view) => [view, VIEWS[view].label],
);

export function StandaloneApp() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  const [state, setState] = useState<{ view: ViewId; params: NavigateParams }>({
    view: 'search',
    params: {},
  });
  const props: RemoteViewProps = {
    navigate: (view, params = {}) => setState({ view, params }),
    isAdmin: false,
    params: state.params,
  };
  return (
    <QueryClientProvider client={client}>
      <div className="pr-standalone">
        <header className="pr-standalone__header">
          <strong>public_remote (standalone)</strong>
          <nav aria-label="Views">
            {TABS.map(([view, label]) => (
              <button
                key={view}
                type="button"
                className="pr-button"
                aria-current={state.view === view ? 'page' : undefined}
                onClick={() => props.navigate(view)}
              >
                {label}
              </button>
            ))}
          </nav>
        </header>
        <main>
          {state.view === 'leaderboard' ? (
            <LeaderboardPage {...props} />
          ) : state.view === 'author-page' ? (
            <CreatorPage {...props} />
          ) : state.view === 'pair' ? (
            <PairPage {...props} />
          ) : (
            <SearchPage {...props} />
          )}
        </main>
      </div>
    </QueryClientProvider>
  );
}
