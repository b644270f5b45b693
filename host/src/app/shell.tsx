/**
 * The shell (docs/product.md §2, §4): header, tab bar, the active view, footer. Owns the view state (mirrored
 * into the address), the admin flag and its reconciliation with the server's session.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, UNAUTHORIZED_EVENT, type RemoteViewProps, type ViewId } from '@friends/shared';
import { Spinner } from '../components/spinner';
import { VIEWS, requiresAdmin } from '../config/views';
import { useCreatorProfile } from '../features/creators/api/get-creator-profile';
import { useInitialCreators } from '../features/creators/api/get-creators';
import { TabBar } from '../features/navigation/components/tab-bar';
import { useViewState } from '../features/navigation/hooks/use-view-state';
import { RemoteView } from '../features/remotes/components/remote-view';
import { preloadRemoteModules } from '../features/remotes/lazy-remote';
import { useSession } from '../features/session/api/get-session';
import { useLogout, useLogoutEverywhere } from '../features/session/api/logout';
import { LoginScreen } from '../features/session/components/login-screen';
import { useAdminFlag } from '../features/session/hooks/use-admin-flag';
import { usePendingReviewCount } from '../features/review/api/get-review-count';
import { usePendingSuggestionCount } from '../features/suggestions/api/get-suggestions';
import { Footer } from '../features/version/components/footer';

export function Shell() {
  const queryClient = useQueryClient();
  const { view, params, navigate, replace } = useViewState();
  const [isAdmin, setAdmin] = useAdminFlag();
  const session = useSession();
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const creators = useInitialCreators();
  const serverAdmin = session.data?.admin === true;
  const pendingSuggestions = usePendingSuggestionCount(isAdmin && serverAdmin);
  const pendingReview = usePendingReviewCount(isAdmin && serverAdmin);

  // Start downloading the first view's code while the first data loads.
  const firstView = useRef(view);
  useEffect(() => {
    const { remote } = VIEWS[firstView.current];
    if (remote && (!requiresAdmin(firstView.current) || isAdmin)) preloadRemoteModules([remote]);
    // Only for the first view; later views load when they render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The server decides: a stored flag the server does not back is dropped (no login screen for that).
  useEffect(() => {
    if (session.data && !session.data.admin && isAdmin) setAdmin(false);
  }, [session.data, isAdmin, setAdmin]);

  // Any 401 from any bundle: the session is gone, so drop the flag and ask for the password.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const onUnauthorized = () => {
      setAdmin(false);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.session });
      if (!requiresAdmin(viewRef.current)) navigate('admin-login');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate, queryClient, setAdmin]);

  // The first data load only logs a failure; the lists stay empty (docs/product.md §8).
  useEffect(() => {
    if (creators.error) console.error('Failed to load creators', creators.error);
  }, [creators.error]);

  // A merged-away creator's link leads to the creator it was merged into (docs/architecture.md "Deliberate departures" 8).
  const requestedCreator = view === 'author-page' ? params.creatorId : undefined;
  const profile = useCreatorProfile(requestedCreator);
  useEffect(() => {
    const answered = profile.data?.creator.id;
    if (requestedCreator === undefined || answered === undefined || answered === requestedCreator) return;
    queryClient.setQueryData(QUERY_KEYS.creatorProfile(answered), profile.data);
    replace('author-page', { creatorId: answered });
  }, [profile.data, requestedCreator, queryClient, replace]);

  // The full-screen spinner covers the first load only: a later refetch (a remote's view remounting after a
  // failure puts the shared query back to pending) must not unmount the app and loop.
  const [firstLoadSettled, setFirstLoadSettled] = useState(false);
  if (!firstLoadSettled && !creators.isPending) setFirstLoadSettled(true);
  if (!firstLoadSettled) return <Spinner label="Loading Friends of the Channel" fullScreen />;

  const onLogout = () => {
    logout.mutate();
    setAdmin(false);
    navigate('search');
  };

  // Every browser (this one too) must log in again, and known devices are forgotten.
  const onLogoutEverywhere = () => {
    const question =
      'Log out everywhere? Every browser, this one included, will have to log in again, and no browser stays a known device.';
    if (!window.confirm(question)) return;
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        setAdmin(false);
        navigate('admin-login');
      },
      onError: (error) => window.alert(`Could not log out everywhere: ${error.message}`),
    });
  };

  const select = (next: ViewId) => navigate(next);
  const showLogin = view === 'admin-login' || (requiresAdmin(view) && !isAdmin);
  const remote = VIEWS[view].remote;
  const viewProps: RemoteViewProps = { navigate, replace, isAdmin, params };

  return (
    <div className="app">
      <header className="app-header">
        <div className="app-header__inner">
          <h1 className="app-header__title">Friends of the Channel</h1>
          {isAdmin && (
            <div className="app-header__actions">
              <button
                type="button"
                className="button button--ghost"
                onClick={onLogoutEverywhere}
                disabled={logoutEverywhere.isPending}
              >
                Log out everywhere
              </button>
              <button type="button" className="button button--ghost" onClick={onLogout}>
                Logout
              </button>
            </div>
          )}
        </div>
      </header>
      {VIEWS[view].tab !== 'none' && (
        <TabBar
          view={view}
          isAdmin={isAdmin}
          pendingSuggestions={pendingSuggestions}
          pendingReview={pendingReview}
          onSelect={select}
        />
      )}
      <main className="app-main">
        {showLogin ? (
          <LoginScreen
            onLoggedIn={() => {
              setAdmin(true);
              navigate('videos');
            }}
            onBack={() => navigate('search')}
          />
        ) : remote ? (
          <RemoteView key={view} module={remote} viewProps={viewProps} />
        ) : null}
      </main>
      <Footer />
    </div>
  );
}
