/** Business constants and limits of docs/product.md §9, used by the forms and the API alike. */

/** localStorage key and value of the admin flag (docs/product.md §4). */
export const ADMIN_FLAG_KEY = 'isAdmin';
export const ADMIN_FLAG_VALUE = 'true';

/** The demo password, used when ADMIN_PASSWORD is unset and then shown on the login screen. */
export const DEMO_ADMIN_PASSWORD = 'friends2024';

/** How long the suggestion thank-you banner stays. */
export const THANK_YOU_BANNER_MS = 5000;

/** Entries per leaderboard list. */
export const LEADERBOARD_SIZE = 10;

/**
 * Per-creator rows of GET /api/stats in one page: the default `?limit=`, and the largest accepted (a
 * page of the largest is about 80 KB; every row, 10,000 creators, was 1.5 MB).
 */
export const ANALYTICS_PAGE_SIZE = 50;
export const ANALYTICS_MAX_LIMIT = 500;

/** A collaboration is a video with at least this many distinct authors (docs/product.md §2). */
export const COLLABORATION_MIN_AUTHORS = 2;

/** Frequent collaborators shown on a creator page. */
export const FREQUENT_COLLABORATORS_SIZE = 10;

/** Name matching overlap threshold (existing-creator matching). */
export const NAME_OVERLAP_THRESHOLD = 0.6;

/** Input limits, enforced by the forms (maxLength) and the API DTOs alike. */
export const LIMITS = {
  creatorName: 100,
  /** A creator's other names (any script), and a BCP 47 tag's length (RFC 5646's buffer size). */
  otherNames: 20,
  languageTag: 35,
  videoTitle: 300,
  url: 2048,
  socialLinks: 20,
  authorsPerVideo: 50,
  mergeIds: 500,
  suggestionUrl: 2048,
  password: 200,
  /** The client's name for one bulk-import run (POST /api/youtube/import `importId`). */
  importId: 64,
} as const;

/** YouTube import limits (docs/architecture.md "Deliberate departures" 6). */
export const IMPORT_PAGE_SIZE = 50;
export const IMPORT_MAX_VIDEOS = 500;

/**
 * Pages of the lists the server filters (`?offset=&limit=`): a screenful of cards or rows per request,
 * so what a screen downloads does not grow with the data. `maxLimit` bounds one answer; `maxTerm` the
 * search text (a longer one cannot match a name, channel or title anyway).
 */
export const PAGING = {
  creatorsPage: 24,
  videosPage: 50,
  /** Videos in a creator profile's first page; GET /api/creators/:id/videos pages the rest. */
  profileVideos: 50,
  /** Groups of the duplicate finder per page. */
  duplicatesPage: 20,
  maxLimit: 200,
  maxTerm: 2048,
  /**
   * How far without an admin session a search or the analytics rows page (`offset + limit` at most
   * this): reaching a deep offset reads every row before it, 1.6 s at offset 999,000 of 1,000,000
   * videos, so a stranger's request would hold the server. A visitor refines the search instead; an
   * admin session reaches every row.
   */
  visitorWindow: 1000,
} as const;
