import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  visitorPageLimit,
  type CreatorPage,
  type CreatorSearchScope,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/**
 * One page of GET /api/creators/search for `text` (searchQueryTerm's spelling: the plain text trimmed and
 * lowercased, or the `with:` terms then the text).
 */
export const searchCreators = (
  text: string,
  offset: number,
  limit: number = PAGING.creatorsPage,
  scope: CreatorSearchScope = 'all',
  signal?: AbortSignal,
): Promise<CreatorPage> =>
  api.get<CreatorPage>(pagedListUrl(API_ROUTES.creatorsSearch, { q: text, scope, offset, limit }), {
    signal,
  });

/**
 * The search view's results, a page at a time; the host asks for the first page of '' (all creators)
 * with the same key and URL while the remote loads.
 */
export const creatorSearchOptions = (text: string) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.creatorSearch(text),
    // The signal aborts an answer nobody waits for any more (the box moved on to another term).
    queryFn: ({ pageParam, signal }) =>
      searchCreators(text, pageParam, visitorPageLimit(pageParam, PAGING.creatorsPage), 'all', signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages, PAGING.visitorWindow),
  });

/**
 * `text`'s first page taken from its lookahead when one is held (held-search.ts: the first rows of the
 * same answer, so its first page and total are the server's), else undefined.
 */
export function firstPageFromLookahead(
  client: QueryClient,
  text: string,
): { data: InfiniteData<CreatorPage, number>; updatedAt: number } | undefined {
  const state = client.getQueryState<CreatorPage>(QUERY_KEYS.creatorSearchLookahead(text));
  // A write marks the answers it may have changed: such rows are asked again, not reused.
  if (!state?.data || state.isInvalidated) return undefined;
  const page: CreatorPage = { ...state.data, items: state.data.items.slice(0, PAGING.creatorsPage) };
  return { data: { pages: [page], pageParams: [0] }, updatedAt: state.dataUpdatedAt };
}

/**
 * While the next term's first page loads, the previous results stay on screen. `enabled` false (a
 * malformed query, or a collaboration search listing videos) asks for nothing. A short term whose
 * lookahead has come starts from its first page (no request: on a slow phone a request is a round trip,
 * and its answer a second paint of the same cards); the pages after it are asked as usual.
 */
export const useCreatorSearch = (text: string, enabled = true) => {
  const client = useQueryClient();
  return useInfiniteQuery({
    ...creatorSearchOptions(text),
    enabled,
    placeholderData: keepPreviousData,
    initialData: () => firstPageFromLookahead(client, text)?.data,
    initialDataUpdatedAt: () => firstPageFromLookahead(client, text)?.updatedAt,
  });
};
