import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  visitorPageLimit,
  type VideoPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/** One page of GET /api/videos/search for `term` (searchQueryTerm's spelling of a `with:` query). */
export const searchVideos = (term: string, offset: number): Promise<VideoPage> => {
  // The default page (no `limit` in the URL), or what is left of the visitor window.
  const limit = visitorPageLimit(offset, PAGING.videosPage);
  return api.get<VideoPage>(
    pagedListUrl(API_ROUTES.videosSearch, {
      q: term,
      offset,
      limit: limit < PAGING.videosPage ? limit : undefined,
    }),
  );
};

export const videoSearchOptions = (term: string) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.videoSearch(term),
    queryFn: ({ pageParam }) => searchVideos(term, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages, PAGING.visitorWindow),
  });

/** The videos of a collaboration search, a page at a time; off (`enabled` false) until the toggle asks. */
export const useVideoSearch = (term: string, enabled: boolean) =>
  useInfiniteQuery({ ...videoSearchOptions(term), enabled, placeholderData: keepPreviousData });
