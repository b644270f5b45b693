/** GET /api/videos: every video with its ordered authors. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Video } from '@friends/shared';
import { api } from '../../../lib/api-client';

export const getVideos = (): Promise<Video[]> => api.get<Video[]>(API_ROUTES.videos);

export const videosQueryOptions = () => queryOptions({ queryKey: QUERY_KEYS.videos, queryFn: getVideos });

export const useVideos = () => useQuery(videosQueryOptions());
