/** 'Load more' under a list read a page at a time (an infinite query); nothing once the last page is in. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ query, label = 'Load more' }: { query: PagedQuery; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="admin-button"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
