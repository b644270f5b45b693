/**
 * Standalone page of the admin remote for the admin team's `npm run dev` (http://127.0.0.1:8082): its
 * own QueryClientProvider (inside the host, the host provides it), a minimal switch over the admin
 * views, and a small login box so the admin API calls carry a session cookie. The host never loads
 * this module; it loads the exposes through remoteEntry.js / mf-manifest.json.
 */
import { StrictMode, useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  QUERY_KEYS,
  UNAUTHORIZED_EVENT,
  type NavigateParams,
  VIEWS as VIEW_LIST,
  viewsOfRemote,
  type RemoteViewProps,
  type SessionInfo,
  type ViewId,
} from '@friends/shared';
import { useCreatorPages } from './api/search-creators';
import AnalyticsView from './exposes/analytics-view';
import CreatorsView from './exposes/creators-view';
import GroupsView from './exposes/groups-view';
import HistoryView from './exposes/history-view';
import ReviewView from './exposes/review-view';
import SearchAdminExtras from './exposes/search-admin-extras';
import SuggestionsView from './exposes/suggestions-view';
import VideosView from './exposes/videos-view';
import { api, isApiClientError } from '@friends/web/api-client';
import './components/admin.css';

/** The admin remote's views of the shared list; the compiler asks for a component for each. */
type AdminViewId = {
  [V in ViewId]: (typeof VIEW_LIST)[V]['remote'] extends `admin_remote/${string}` ? V : never;
}[ViewId];
const COMPONENTS: Record<AdminViewId, ComponentType<RemoteViewProps>> = {
  videos: VideosView,
  suggestions: SuggestionsView,
  review: ReviewView,
  authors: CreatorsView,
  groups: GroupsView,
  stats: AnalyticsView,
  history: HistoryView,
};
const VIEWS = (viewsOfRemote('admin_remote') as AdminViewId[]).map((id) => ({
  id,
  label: VIEW_LIST[id].label,
  Component: COMPONENTS[id],
}));

type StandaloneView = AdminViewId | 'search' | 'author-page';

function LoginBox({ onLoggedIn }: { onLoggedIn: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.post<SessionInfo>(API_ROUTES.login, { password });
      setPassword('');
      setMessage('');
      onLoggedIn();
      await queryClient.invalidateQueries();
    } catch (error) {
      setMessage(isApiClientError(error) ? (error.serverMessage ?? error.message) : String(error));
    }
  };
  return (
    <form onSubmit={submit} className="admin-toolbar" aria-label="Standalone login">
      <label htmlFor="standalone-password">Admin password</label>
      <input
        id="standalone-password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="admin-button admin-button--primary">
        Login
      </button>
      {message ? <span role="alert">{message}</span> : null}
    </form>
  );
}

/** A bare stand-in for the public SearchView, to work on the search-card admin extras alone. */
function SearchPreview(props: { navigate: (view: ViewId, params?: NavigateParams) => void }) {
  const { creators } = useCreatorPages('', { limit: 30 });
  return (
    <SearchAdminExtras navigate={props.navigate} isAdmin params={{}}>
      {({ toolbar, cardExtras }) => (
        <div className="admin-view">
          <h2 className="admin-view__title">Search cards (preview)</h2>
          {toolbar}
          <ul className="admin-list">
            {creators.map((creator) => (
              <li key={creator.id}>
                <strong>{creator.name}</strong> · {creator.videoCount} videos
                {cardExtras(creator)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SearchAdminExtras>
  );
}

function Standalone() {
  const [view, setView] = useState<StandaloneView>('videos');
  const [params, setParams] = useState<NavigateParams>({});
  const [unauthorized, setUnauthorized] = useState(false);
  const session = useQuery({
    queryKey: QUERY_KEYS.session,
    queryFn: () => api.get<SessionInfo>(API_ROUTES.session),
  });

  useEffect(() => {
    const onUnauthorized = () => setUnauthorized(true);
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, []);

  const navigate = (next: ViewId, nextParams: NavigateParams = {}) => {
    setView(
      next === 'search' || next === 'author-page' || VIEWS.some((v) => v.id === next)
        ? (next as StandaloneView)
        : 'videos',
    );
    setParams(nextParams);
  };

  const loggedIn = session.data?.admin === true && !unauthorized;
  const current = VIEWS.find((entry) => entry.id === view);

  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: '1rem', fontFamily: 'system-ui, sans-serif' }}>
      <nav className="admin-toolbar" aria-label="Admin views">
        {VIEWS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className={`admin-button${view === entry.id ? ' admin-button--active' : ''}`}
            aria-current={view === entry.id ? 'page' : undefined}
            onClick={() => navigate(entry.id)}
          >
            {entry.label}
          </button>
        ))}
        <button type="button" className="admin-button" onClick={() => navigate('search')}>
          Search extras
        </button>
      </nav>
      {loggedIn ? null : <LoginBox onLoggedIn={() => setUnauthorized(false)} />}
      {current ? (
        <current.Component navigate={navigate} isAdmin={loggedIn} params={params} />
      ) : view === 'search' ? (
        <SearchPreview navigate={navigate} />
      ) : (
        <p>
          The creator page belongs to the public remote (creator #{params.creatorId}).{' '}
          <button type="button" className="admin-link-button" onClick={() => navigate('authors')}>
            Back to creators
          </button>
        </p>
      )}
    </main>
  );
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Standalone />
    </QueryClientProvider>
  </StrictMode>,
);
