/**
 * GET /api/videos/search: the admin's video lists (All Videos, Bulk Delete, Rescan) a page at a time,
 * filtered on the server by title or author name (`text`, the trimmed, lowercased filter); `youtube` for
 * the rescan list. GET /api/videos/search/ids: every match's id, for Select All. Every key sits under
 * QUERY_KEYS.videos, so a write's invalidation refreshes them.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  type Video,
  type VideoIds,
  type VideoPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';
import type { ListPaging } from '../components/paged-list';

export const getVideoPage = (text: string, youtube: boolean, offset: number): Promise<VideoPage> =>
  api.get<VideoPage>(
    pagedListUrl(API_ROUTES.videosSearch, { q: text, youtube, offset, limit: PAGING.videosPage }),
  );

/** The ids of every video the same filter matches, loaded or not. */
export const getVideoIds = async (text: string, youtube: boolean): Promise<number[]> =>
  (await api.get<VideoIds>(pagedListUrl(API_ROUTES.videosSearchIds, { q: text, youtube }))).ids;

export function useVideoPages(text: string, youtube = false) {
  const query = useInfiniteQuery({
    queryKey: QUERY_KEYS.videoSearch(text, youtube),
    queryFn: ({ pageParam }) => getVideoPage(text, youtube, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
    placeholderData: keepPreviousData,
  });
  const videos: Video[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total;
  const totalCapped = query.data?.pages.at(-1)?.totalCapped === true;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const paging: ListPaging = {
    total: total ?? videos.length,
    totalCapped,
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    loadMore,
  };
  return { ...query, videos, total, paging };
}
