/**
 * The YouTube and Instagram endpoints of the API, which calls them for the browser so the key stays on
 * the server: routes, payloads and answers, shared by the API and the admin remote. Every one of them is
 * admin-only. Without YOUTUBE_API_KEY video info comes from oEmbed; the features that need the
 * Data API (bulk import, rescan, YouTube creator info and photos) answer 503 MESSAGES.youtubeKeyMissing.
 */
import type { DetectedCollaborators } from './collaborators';
import type { Creator } from './types';

export const YOUTUBE_ROUTES = {
  videoInfo: '/api/youtube/video-info', // POST VideoInfoInput -> VideoInfo
  creatorInfo: '/api/youtube/creator-info', // POST CreatorInfoInput -> CreatorInfo
  playlist: '/api/youtube/playlist', // POST PlaylistInput -> PlaylistPreview
  import: '/api/youtube/import', // POST ImportInput -> ImportResult
  rescan: '/api/youtube/rescan', // POST RescanInput -> RescanResult (bulk: skips silently)
  rescanOne: (id: number) => `/api/youtube/rescan/${id}`, // POST -> RescanItemResult, or a docs/product.md §8 error
  refreshPhotos: '/api/youtube/refresh-photos', // POST -> RefreshPhotosResult
  instagram: '/api/instagram', // GET ?username= -> InstagramInfo
  status: '/api/youtube/status', // GET -> YouTubeStatus
} as const;

/** GET /api/youtube/status: what the admin UI can offer. */
export interface YouTubeStatus {
  /** Whether YOUTUBE_API_KEY is set; without it only video info (through oEmbed) works. */
  dataApi: boolean;
}

/** Videos per POST /api/youtube/import request: the admin UI sends chunks so it can show progress. */
export const IMPORT_CHUNK_SIZE = 10;
/** Most items one import or rescan request accepts. */
export const YOUTUBE_BATCH_MAX = 50;

export interface VideoInfoInput {
  url: string;
}

/** POST /api/youtube/video-info */
export interface VideoInfo {
  /** The 11-character YouTube id. */
  videoId: string;
  /** The canonical watch URL. */
  url: string;
  title: string;
  /** YYYY-MM-DD, or '' when unknown (the oEmbed fallback has no date). */
  date: string;
  channelTitle: string;
  description: string;
  /** 'oembed' when the Data API could not answer and only the title and channel are known. */
  source: 'api' | 'oembed';
  /** The existing creator named like the channel (the main author), or null. */
  channelCreatorId: number | null;
  /** Collaborators found in the title and description (the channel's creator left out). */
  detected: DetectedCollaborators;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

export interface CreatorInfoInput {
  /** The creator form's social link URLs; the first YouTube, then the first Instagram one is used. */
  urls: string[];
}

/** POST /api/youtube/creator-info */
export interface CreatorInfo {
  name: string;
  /** '' when the source gave none. */
  photo: string;
  source: 'YouTube' | 'Instagram';
}

/** GET /api/instagram?username= — a name-only answer ({ name: username, photo: '' }) when Instagram is not OK. */
export interface InstagramInfo {
  name: string;
  photo: string;
}

export interface PlaylistInput {
  /** A channel (any form) or playlist URL. */
  url: string;
}

/** docs/product.md §3 bulk-import preview item. */
export interface PreviewItem {
  /** The YouTube video id. */
  id: string;
  title: string;
  url: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  thumbnail: string;
  /** The uploader. */
  channelTitle: string;
}

/** POST /api/youtube/playlist */
export interface PlaylistPreview {
  items: PreviewItem[];
  /** Items YouTube reports (deleted and private ones included). */
  total: number;
  /** True when the list stopped at IMPORT_MAX_VIDEOS with more left. */
  truncated: boolean;
}

export interface ImportInput {
  /** At most YOUTUBE_BATCH_MAX. Only `id` is trusted: the API fetches the rest from YouTube. */
  items: { id: string }[];
  /**
   * The same in every request of one import run (at most LIMITS.importId characters, plain text): the
   * whole run is one history entry, taken back by one Undo.
   */
  importId?: string;
  /** This request is the run's last: a later request with the same importId starts a new entry. */
  last?: boolean;
}

export type ImportStatus = 'imported' | 'duplicate' | 'failed';

export interface ImportItemResult {
  /** The YouTube video id. */
  id: string;
  status: ImportStatus;
  /** The new video's id when imported, the existing one's when a duplicate. */
  videoId?: number;
  /** Names of the creators this video created. */
  createdCreators?: string[];
  /** Weak detections sent to the review queue. */
  proposed?: number;
  /** Why it failed. */
  error?: string;
}

/** POST /api/youtube/import */
export interface ImportResult {
  results: ImportItemResult[];
  imported: number;
  duplicates: number;
  failed: number;
  /** Weak detections sent to the review queue. */
  proposed: number;
  /** Collab events the imported uploads were put in (made or joined), for links between uploads. */
  events?: number;
  /** Weak groupings (mutual credits within 48 hours) sent to the review queue. */
  eventProposals?: number;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

export interface RescanInput {
  /** Our video ids, at most YOUTUBE_BATCH_MAX. */
  videoIds: number[];
}

export interface RescanItemResult {
  id: number;
  /** Author ids added to the video. */
  added: number;
  /** Creators created for it. */
  created: number;
  /** Weak detections sent to the review queue. */
  proposed?: number;
  /** Set when the video was skipped (no YouTube id, or no data from YouTube). */
  skipped?: string;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

/** POST /api/youtube/rescan */
export interface RescanResult {
  results: RescanItemResult[];
  added: number;
  created: number;
  proposed: number;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

/** POST /api/youtube/refresh-photos */
/**
 * Why Refresh Photos fetched nothing for a creator: a demo creator (made-up channels, never looked up),
 * a YouTube link without an API key, a channel or profile that does not exist or has no picture, or the
 * service could not be reached (or refused: quota, key).
 */
export type PhotoSkipReason = 'demo' | 'noKey' | 'notFound' | 'unreachable';

export interface RefreshPhotosResult {
  updated: number;
  upToDate: number;
  /** Creators whose photo could not be fetched: the sum of `notFetched`. */
  failed: number;
  /** Why, per reason (reasons with no creator left out), in the order of PhotoSkipReason. */
  notFetched: { reason: PhotoSkipReason; count: number }[];
  /** The creators whose photo changed, as they are now. */
  creators: Creator[];
}
