/**
 * GET /api/videos/{id}/evidence (admin): how each author was linked. Fetched only when an evidence
 * marker is opened, so the video list itself stays small; under the videos key, so any video write
 * makes it stale.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_KEYS, REVIEW_ROUTES, type LinkEvidence } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const evidenceQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.videos, videoId, 'evidence'],
    queryFn: () => api.get<LinkEvidence[]>(REVIEW_ROUTES.videoEvidence(videoId)),
    staleTime: 30_000,
  });

export const useEvidence = (videoId: number, enabled: boolean) =>
  useQuery({ ...evidenceQueryOptions(videoId), enabled });
