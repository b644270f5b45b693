/** GET /api/youtube/status: whether the server has a YouTube Data API key, so the tools can say so. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { YOUTUBE_ROUTES, type YouTubeStatus } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getYouTubeStatus = (): Promise<YouTubeStatus> => api.get<YouTubeStatus>(YOUTUBE_ROUTES.status);

export const youtubeStatusQueryOptions = () =>
  queryOptions({ queryKey: ['youtube-status'], queryFn: getYouTubeStatus, staleTime: Infinity });

/** True once the server said it has no key (while unknown, the tools stay enabled). */
export function useNoDataApi(): boolean {
  return useQuery(youtubeStatusQueryOptions()).data?.dataApi === false;
}
