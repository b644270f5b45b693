/**
 * Renders a view that lives in a remote. Search for an admin is the public SearchView wrapped in the
 * admin remote's SearchAdminExtras (render prop), so the public remote never imports admin code and a
 * visitor never downloads any of the admin remote.
 */
import type { RemoteViewProps } from '@friends/shared';
import type { RemoteModuleId } from '../../../lib/federation';
import { lazyRemote, preloadRemoteModules } from '../lazy-remote';
import { RemoteBoundary, RemoteError } from './remote-boundary';

const SEARCH = 'public_remote/SearchView';
const SEARCH_ADMIN_EXTRAS = 'admin_remote/SearchAdminExtras';

interface RemoteViewComponentProps {
  module: Exclude<RemoteModuleId, typeof SEARCH_ADMIN_EXTRAS>;
  viewProps: RemoteViewProps;
}

export function RemoteView({ module, viewProps }: RemoteViewComponentProps) {
  if (module === SEARCH && viewProps.isAdmin) return <AdminSearchView viewProps={viewProps} />;
  return (
    <RemoteBoundary modules={[module]} resetKey={module}>
      {() => {
        const View = lazyRemote(module);
        return <View {...viewProps} />;
      }}
    </RemoteBoundary>
  );
}

function AdminSearchView({ viewProps }: { viewProps: RemoteViewProps }) {
  return (
    <RemoteBoundary modules={[SEARCH]} resetKey="admin-search">
      {() => (
        <RemoteBoundary
          modules={[SEARCH_ADMIN_EXTRAS, SEARCH]}
          // Without the admin extras, search still works; the admin gets a notice with Retry.
          fallback={(retry) => <PlainSearch viewProps={viewProps} onRetry={retry} />}
        >
          {() => {
            preloadRemoteModules([SEARCH, SEARCH_ADMIN_EXTRAS]); // both downloads at once, not one after the other
            const SearchAdminExtras = lazyRemote(SEARCH_ADMIN_EXTRAS);
            const SearchView = lazyRemote(SEARCH);
            return (
              <SearchAdminExtras {...viewProps}>
                {(slots) => (
                  <SearchView {...viewProps} toolbarExtras={slots.toolbar} cardExtras={slots.cardExtras} />
                )}
              </SearchAdminExtras>
            );
          }}
        </RemoteBoundary>
      )}
    </RemoteBoundary>
  );
}

function PlainSearch({ viewProps, onRetry }: { viewProps: RemoteViewProps; onRetry: () => void }) {
  const SearchView = lazyRemote(SEARCH);
  return (
    <>
      <RemoteError message="The admin tools for search could not be loaded." onRetry={onRetry} />
      <SearchView {...viewProps} />
    </>
  );
}
