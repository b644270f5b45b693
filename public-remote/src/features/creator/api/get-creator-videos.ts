import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_ROUTES, PAGING, QUERY_KEYS, pagedListUrl, type Video, type VideoPage } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** One page of GET /api/creators/:id/videos: the creator's videos in the profile's order. */
export const getCreatorVideos = (id: number, offset: number, limit?: number): Promise<VideoPage> =>
  api.get<VideoPage>(pagedListUrl(API_ROUTES.creatorVideos(id), { offset, limit }));

/** Every video of the creator, the largest pages the API gives (for the export). */
export async function getAllCreatorVideos(id: number): Promise<Video[]> {
  const videos: Video[] = [];
  for (;;) {
    const page = await getCreatorVideos(id, videos.length, PAGING.maxLimit);
    videos.push(...page.items);
    if (page.items.length === 0 || videos.length >= page.total) return videos;
  }
}

/**
 * The pages after the profile's first one (`from` videos): each holds the next PAGING.profileVideos
 * videos, until `total`.
 */
export const creatorVideosOptions = (id: number, from: number) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.creatorVideos(id), from],
    queryFn: ({ pageParam }) => getCreatorVideos(id, pageParam),
    initialPageParam: from,
    getNextPageParam: (last, pages, lastOffset) =>
      last.items.length > 0 && lastOffset + last.items.length < last.total
        ? lastOffset + last.items.length
        : undefined,
  });

/** The creator's further videos, loaded only once `enabled` (the visitor asked for more). */
export const useCreatorVideos = (id: number, from: number, enabled: boolean) =>
  useInfiniteQuery({ ...creatorVideosOptions(id, from), enabled });
