/**
 * Following and sharing: Atom feeds of collaborations, link previews (the page head and its card
 * image), API keys and the public read limit. Routes, shapes, limits and the wording of previews live
 * here once; the API builds the answers, the front ends link to them.
 */

/** Entries in a feed at most, newest first. */
export const FEED_ENTRIES = 50;

export const SHARE_ROUTES = {
  creatorFeed: (id: number) => `/api/feeds/creators/${id}.atom`, // GET application/atom+xml
  pairFeed: (a: number, b: number) => `/api/feeds/pairs/${a}-${b}.atom`, // GET application/atom+xml
  creatorCard: (id: number) => `/api/cards/creators/${id}.png`, // GET image/png, 1200 × 630
  pairCard: (a: number, b: number) => `/api/cards/pairs/${a}-${b}.png`, // GET image/png
  leaderboardCard: '/api/cards/leaderboard.png', // GET image/png
  groupFeed: (id: number) => `/api/feeds/groups/${id}.atom`, // GET application/atom+xml
  groupCard: (id: number) => `/api/cards/groups/${id}.png`, // GET image/png, 1200 × 630
  keys: '/api/keys', // GET ApiKeyInfo[]; POST ApiKeyInput -> CreatedApiKey (admin)
  key: (id: number) => `/api/keys/${id}`, // DELETE (admin): revokes
} as const;

/** The card image's size: what link previewers show at full width (og:image, summary_large_image). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The addresses of the shared views (the host mirrors its view into these). */
export const SHARED_VIEW_PATHS = {
  creator: (id: number) => `/?creator=${id}`,
  pair: (a: number, b: number) => `/?pair=${a}-${b}`,
  leaderboard: '/?view=leaderboard',
  group: (id: number) => `/?group=${id}`,
} as const;

/** The largest id (a 32-bit integer, as every id column). */
const MAX_ID = 2_147_483_647;

/** `<a>-<b>` as in `?pair=` and the pair feed: two positive ids, or null. */
export function parsePairParam(value: string): [number, number] | null {
  const match = /^([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(value);
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  return a <= MAX_ID && b <= MAX_ID ? [a, b] : null;
}

export const SHARE_MESSAGES = {
  badPair: 'pair must be two creator ids joined by a dash, such as 12-34',
  badFeedId: 'id must be a positive whole number followed by .atom',
  badCardId: 'id must be a positive whole number followed by .png',
  keyNotFound: 'API key not found',
  keyInvalid: 'The API key is unknown or has been revoked',
  rateLimited: 'Too many requests: wait for the time given in Retry-After, or use an API key',
  cardDrawsLimited:
    'Too many new card images from this address: wait for the time given in Retry-After (cards already drawn are not limited)',
} as const;

/** An API key as listed (the key itself is shown once, when created, and never again). */
export interface ApiKeyInfo {
  id: number;
  name: string;
  /** ISO time. */
  createdAt: string;
  /** Reads a minute this key may make. */
  rateLimit: number;
}

/** POST /api/keys */
export interface ApiKeyInput {
  name: string;
}

/** The answer to POST /api/keys: `key` is sent as `Authorization: Bearer <key>`. */
export interface CreatedApiKey {
  id: number;
  name: string;
  key: string;
}

/** Longest API key name. */
export const API_KEY_NAME_MAX = 100;

/** '1 video', '12 videos', 'no videos'. */
export function countInWords(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `no ${plural}`;
  return `${count} ${count === 1 ? singular : plural}`;
}

/** What a creator's preview says about them. */
export interface CreatorPreviewCounts {
  videos: number;
  collaborations: number;
  collaborators: number;
}

export function creatorPreviewText(name: string, counts: CreatorPreviewCounts): string {
  if (counts.videos === 0) return `${name} on Friends of the Channel: no videos yet.`;
  const collaborators = counts.collaborators
    ? ` with ${countInWords(counts.collaborators, 'other creator')}`
    : '';
  return (
    `${name} has made ${countInWords(counts.videos, 'video')}, ` +
    `${countInWords(counts.collaborations, 'collaboration')}${collaborators}.`
  );
}

export function pairPreviewText(a: string, b: string, videos: number): string {
  return `${a} and ${b} have made ${countInWords(videos, 'video')} together.`;
}

export function leaderboardPreviewText(creators: number, collaborations: number): string {
  return (
    `Who collaborates most among ${countInWords(creators, 'creator')} and ` +
    `${countInWords(collaborations, 'collaboration')}.`
  );
}

/** What a group's preview and card say about it. */
export interface GroupPreviewCounts {
  /** Creators who are members today. */
  members: number;
  /** Collaborations that count for the group (an author was a member on the video's date). */
  collaborations: number;
}

export function groupPreviewText(name: string, kind: string, counts: GroupPreviewCounts): string {
  return (
    `${name}, ${kind.toLowerCase()}: ${countInWords(counts.members, 'member')} today, ` +
    `${countInWords(counts.collaborations, 'collaboration')} by its members while members.`
  );
}

/** A group's feed title (the feed document, its alternate links, the Follow link). */
export const groupFeedTitle = (name: string) => `${name}: collaborations of its members`;

/** The documents' titles (`<title>`, og:title). */
export const PREVIEW_TITLES = {
  site: 'Friends of the Channel',
  creator: (name: string) => `${name} · Friends of the Channel`,
  pair: (a: string, b: string) => `${a} & ${b} · Friends of the Channel`,
  leaderboard: 'Collaboration Leaderboard · Friends of the Channel',
  group: (name: string) => `${name} · Friends of the Channel`,
} as const;

/** The IETF RateLimit header fields' policy names. */
export const RATE_LIMIT_POLICIES = { address: 'public', key: 'key' } as const;
