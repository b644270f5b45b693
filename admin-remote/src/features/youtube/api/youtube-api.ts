/**
 * The YouTube endpoints of the API (shared YOUTUBE_ROUTES). These are commands the admin runs from a
 * button, not cached reads, so they are plain functions; the components invalidate the catalog after
 * the ones that write.
 */
import {
  YOUTUBE_ROUTES,
  type CreatorInfo,
  type ImportResult,
  type PlaylistPreview,
  type RefreshPhotosResult,
  type RescanItemResult,
  type RescanResult,
  type VideoInfo,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

export const fetchVideoInfo = (url: string) => api.post<VideoInfo>(YOUTUBE_ROUTES.videoInfo, { url });

export const fetchCreatorInfo = (urls: readonly string[]) =>
  api.post<CreatorInfo>(YOUTUBE_ROUTES.creatorInfo, { urls });

export const fetchPlaylist = (url: string) => api.post<PlaylistPreview>(YOUTUBE_ROUTES.playlist, { url });

/**
 * One batch of an import run: every batch of a run carries the run's `importId`, and the final one
 * `last`, so the whole run is one history entry (one Undo).
 */
export const importVideos = (ids: readonly string[], run: { importId: string; last: boolean }) =>
  api.post<ImportResult>(YOUTUBE_ROUTES.import, { items: ids.map((id) => ({ id })), ...run });

/** A name for one import run, unique enough among admins (also outside a secure context). */
export const newImportId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export const rescanVideo = (id: number) => api.post<RescanItemResult>(YOUTUBE_ROUTES.rescanOne(id));

export const rescanVideos = (videoIds: readonly number[]) =>
  api.post<RescanResult>(YOUTUBE_ROUTES.rescan, { videoIds });

export const refreshPhotos = () => api.post<RefreshPhotosResult>(YOUTUBE_ROUTES.refreshPhotos);
