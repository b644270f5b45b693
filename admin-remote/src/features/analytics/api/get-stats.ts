/**
 * GET /api/stats: totals, the connections chart and one page of per-creator figures, computed by the
 * API in SQL (docs/architecture.md "Deliberate departures" 5). The pages load one after another as the list asks for them.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ANALYTICS_PAGE_SIZE, API_ROUTES, QUERY_KEYS, type Analytics } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** The page starting at `offset`; the first is plain GET /api/stats, the URL the API answers fastest. */
export const getStats = (offset = 0): Promise<Analytics> =>
  api.get<Analytics>(
    offset === 0 ? API_ROUTES.stats : `${API_ROUTES.stats}?offset=${offset}&limit=${ANALYTICS_PAGE_SIZE}`,
  );

/** Where the page after `page` starts, or undefined when `page` holds the last row. */
export const nextStatsOffset = (page: Analytics): number | undefined => {
  const next = page.offset + page.creators.length;
  return page.creators.length > 0 && next < page.creatorsWithVideos ? next : undefined;
};

export const statsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.stats,
    queryFn: ({ pageParam }) => getStats(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextStatsOffset,
  });

export const useStats = () => useInfiniteQuery(statsQueryOptions());
