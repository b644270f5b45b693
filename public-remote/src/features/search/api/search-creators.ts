import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
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
    queryFn: ({ pageParam, signal }) => searchCreators(text, pageParam, PAGING.creatorsPage, 'all', signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
  });

/**
 * While the next term's first page loads, the previous results stay on screen. `enabled` false (a
 * malformed query, or a collaboration search listing videos) asks for nothing.
 */
export const useCreatorSearch = (text: string, enabled = true) =>
  useInfiniteQuery({ ...creatorSearchOptions(text), enabled, placeholderData: keepPreviousData });
