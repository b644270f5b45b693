/**
 * Every route of the API, in one place, so the front ends and the API tests name them the same way.
 * Mutations other than POST suggestions and auth need the admin session cookie (docs/architecture.md "Deliberate departures" 1).
 */
import { PAGING } from './constants';

export const API_ROUTES = {
  creators: '/api/creators', // GET CreatorListItem[]; POST CreatorInput; PUT CreatorUpdate; PATCH MergeInput; DELETE ?id=
  creatorsSearch: '/api/creators/search', // GET CreatorPage: ?q=&scope=all|names&ids=1,2&offset=&limit=
  creatorsSearchIds: '/api/creators/search/ids', // GET CreatorIds (admin): every match of ?q=&scope=
  creatorsChannelOwner: '/api/creators/channel-owner', // GET ?url= &exclude=id (admin) -> ChannelOwner: who already has this channel URL
  creatorsDuplicates: '/api/creators/duplicates', // GET DuplicateGroupPage: ?offset=&limit=
  creator: (id: number) => `/api/creators/${id}`, // DELETE (bulk delete form)
  creatorProfile: (id: number) => `/api/creators/${id}/profile`, // GET CreatorProfile
  creatorVideos: (id: number) => `/api/creators/${id}/videos`, // GET VideoPage: ?offset=&limit=, the profile's order
  videos: '/api/videos', // GET Video[]; POST VideoInput; PUT VideoUpdate; DELETE ?id=
  videosSearch: '/api/videos/search', // GET VideoPage: ?q= (title or author) &youtube=true &offset=&limit=
  videosSearchIds: '/api/videos/search/ids', // GET VideoIds (admin): the same ?q= &youtube=, every match
  video: (id: number) => `/api/videos/${id}`, // DELETE (bulk delete form)
  events: '/api/events', // POST EventInput { videoIds } (admin): groups uploads into one collab event
  event: (id: number) => `/api/events/${id}`, // GET CollabEvent; DELETE (admin): ungroups
  leaderboard: '/api/leaderboard', // GET Leaderboard
  stats: '/api/stats', // GET Analytics: totals and the first page of per-creator rows; ?offset=N&limit=M: that page
  suggestions: '/api/suggestions', // POST SuggestionInput (public); GET Suggestion[] (admin)
  suggestion: (id: number) => `/api/suggestions/${id}`, // DELETE (admin: deny, or reviewed)
  login: '/api/auth/login', // POST LoginInput -> SessionInfo; 401 { error: 'Incorrect password' }
  logout: '/api/auth/logout', // POST -> SessionInfo
  logoutEverywhere: '/api/auth/logout-everywhere', // POST (admin) -> SessionInfo: ends every session and device cookie
  session: '/api/auth/session', // GET SessionInfo
  avatar: '/api/avatar', // GET ?name= -> image/svg+xml
  health: '/api/health', // GET { status: 'ok' }
  ready: '/api/ready', // GET { status: 'ready' } or 503
  version: '/version.json', // GET VersionInfo
} as const;

/** Parameters of the paged lists (GET /api/creators/search, GET /api/videos/search). */
export interface PagedListParams {
  q?: string;
  scope?: 'all' | 'names';
  /** Only these creators (GET /api/creators/search). */
  ids?: readonly number[];
  youtube?: boolean;
  offset?: number;
  limit?: number;
}

/**
 * A paged list's URL, its parameters always in one order and defaults left out, so every bundle (and the
 * host page's preload) asks for the same page by the same URL.
 */
export function pagedListUrl(
  route: string,
  { q, scope, ids, youtube, offset, limit }: PagedListParams,
): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (scope && scope !== 'all') query.set('scope', scope);
  if (ids) query.set('ids', ids.join(','));
  if (youtube) query.set('youtube', 'true');
  if (offset) query.set('offset', String(offset));
  if (limit !== undefined) query.set('limit', String(limit));
  const text = query.toString();
  return text ? `${route}?${text}` : route;
}

/**
 * The offset of the next page of a paged list, or undefined when every match is loaded, or (with
 * `window`, PAGING.visitorWindow for a visitor's list) every match the window lets a page reach.
 */
export function nextPageOffset(
  pages: readonly { total: number; items: readonly unknown[] }[],
  window = Infinity,
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  const last = pages[pages.length - 1];
  return last && last.items.length > 0 && loaded < Math.min(last.total, window) ? loaded : undefined;
}

/** Whether a page reaches past the rows a visitor's page may (PAGING.visitorWindow). */
export const beyondVisitorWindow = (page: { offset: number; limit: number }): boolean =>
  page.offset + page.limit > PAGING.visitorWindow;

/** A visitor's page from `offset`: `size` rows, or fewer where PAGING.visitorWindow ends. */
export const visitorPageLimit = (offset: number, size: number): number =>
  Math.max(0, Math.min(size, PAGING.visitorWindow - offset));
