import { useInfiniteQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  visitorPageLimit,
  type CreatorPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/**
 * The first data load: the first page of all creators (GET /api/creators/search, which index.html
 * preloads by this exact URL) gates the full-screen spinner, under the key and in the form the public
 * remote's search view reads, so the view renders from it at once.
 */
export const useInitialCreators = () =>
  useInfiniteQuery({
    queryKey: QUERY_KEYS.creatorSearch(''),
    queryFn: ({ pageParam }) =>
      api.get<CreatorPage>(
        pagedListUrl(API_ROUTES.creatorsSearch, {
          offset: pageParam,
          limit: visitorPageLimit(pageParam, PAGING.creatorsPage),
        }),
      ),
    initialPageParam: 0,
    // As the public remote's search view pages the same key (search-creators.ts).
    getNextPageParam: (_last, pages) => nextPageOffset(pages, PAGING.visitorWindow),
    retry: false,
  });
