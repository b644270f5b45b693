/**
 * URL rules shared by the API and the front ends: parsing what people type, YouTube ids and channel
 * URL forms (docs/architecture.md "YouTube facts"), safe links (docs/architecture.md "Deliberate departures" 7) and generated URLs.
 */
import { API_ROUTES } from './api-routes';

const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i; // 'https:' yes, 'example.com:8080' no
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/; // what a scheme-less input must look like
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * Parses an http(s) URL as people type it: with or without a scheme ('youtube.com/@x'), surrounding
 * whitespace allowed. Anything else (other schemes, relative paths, single words) gives null.
 */
export function parseHttpUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  const hasScheme = SCHEME.test(text);
  if (!hasScheme && text.startsWith('/') && !text.startsWith('//')) return null;
  const candidate = hasScheme ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  // Without a scheme, insist on something that looks like a domain, so 'hello' is not a link.
  if (!hasScheme && !BARE_HOST.test(url.hostname)) return null;
  return url;
}

/** The URL's hostname, lowercased and without a trailing dot; '' when it is not an http(s) URL. */
export function hostnameOf(input: string): string {
  return parseHttpUrl(input)?.hostname.replace(/\.$/, '') ?? '';
}

/** True when host is domain itself or one of its subdomains ('m.youtube.com' is on 'youtube.com'). */
export function isOnDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function isYouTubeHost(host: string): boolean {
  return isOnDomain(host, 'youtube.com') || isOnDomain(host, 'youtube-nocookie.com');
}

/** True for an absolute http:// or https:// URL with a host, exactly as written (no scheme added). */
export function isHttpUrl(url: string): boolean {
  const text = url.trim();
  return SCHEME.test(text) && parseHttpUrl(text) !== null;
}

/**
 * The value to put in an href, or undefined when the URL must be shown as text: only http(s) URLs
 * come back (a bare domain gets https://). javascript:, data:, vbscript:, relative paths → undefined.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return parseHttpUrl(url)?.href;
}

/**
 * A creator's photo as stored: '' for none (the generated avatar, also when its own URL is given), else
 * the absolute http(s) URL ('//host/x.png' and 'host/x.png' become https://…, so an <img src> never
 * resolves against our own site); null when it is no http(s) URL at all.
 */
export function normalizePhotoUrl(input: string): string | null {
  const text = input.trim();
  if (!text || text === API_ROUTES.avatar || text.startsWith(`${API_ROUTES.avatar}?`)) return '';
  return parseHttpUrl(text)?.href ?? null;
}

/**
 * A video's or link's URL as stored: the absolute http(s) URL (a bare 'host/path' gets https://, like
 * a photo), or null. A scheme-relative '//host/path' is refused rather than completed: it leaves the
 * scheme to whatever page shows it, and is the usual form of a link smuggled in to look like a path.
 */
export function normalizeLinkUrl(input: string): string | null {
  const text = input.trim();
  if (!text || text.startsWith('//') || text.startsWith('\\')) return null;
  return parseHttpUrl(text)?.href ?? null;
}

/** The canonical form (youtubeWatchUrl) exactly: what every stored YouTube URL looks like. */
const CANONICAL_WATCH_URL = /^https:\/\/www\.youtube\.com\/watch\?v=([A-Za-z0-9_-]{11})$/;

/** Reads the 11-character id of a YouTube video URL; null when the URL names no video. */
export function extractVideoId(url: string): string | null {
  // Stored URLs are canonical: read them without building a URL object (~2.5 µs each, a quarter of a
  // second over 100,000 videos in the admin's lists).
  const canonical = CANONICAL_WATCH_URL.exec(url);
  if (canonical) return canonical[1] ?? null;
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.replace(/\.$/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    candidate = segments[0];
  } else if (isYouTubeHost(host)) {
    const [first, second] = segments;
    if (first === 'watch') candidate = parsed.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v' || first === 'e')
      candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The one canonical URL of a YouTube video. */
export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/**
 * One string per video whatever URL form was typed, so duplicates are found by string equality:
 * YouTube videos become https://www.youtube.com/watch?v=<id>; other http(s) URLs lose the fragment
 * and trailing slash and get a lowercased host (scheme, path and query are kept); anything else is
 * only trimmed.
 */
export function canonicalVideoUrl(url: string): string {
  const id = extractVideoId(url);
  if (id) return youtubeWatchUrl(id);
  const parsed = parseHttpUrl(url);
  if (!parsed) return url.trim();
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.protocol}//${parsed.host.replace(/\.$/, '')}${path}${parsed.search}`;
}

/** docs/product.md §9: the Instagram profile URL of a bare handle, leading @ stripped. */
export function instagramProfileUrl(handle: string): string {
  const name = handle.trim().replace(/^@+/, '');
  return `https://www.instagram.com/${encodeURIComponent(name)}/`;
}

/** The YouTube channel URL of a handle ('@name' or 'name'). */
export function youtubeHandleUrl(handle: string): string {
  const name = handle.trim().replace(/^@+/, '');
  return `https://www.youtube.com/@${encodeURIComponent(name)}`;
}

/** docs/architecture.md "Deliberate departures" 4: the API draws the default avatar, so no name leaves the product. */
export function defaultAvatarUrl(name: string): string {
  return `${API_ROUTES.avatar}?name=${encodeURIComponent(name)}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray '%' is kept as typed
  }
}

/**
 * The handle of a youtube.com/@handle URL, percent-decoded and WITHOUT the '@'
 * ('https://www.youtube.com/@VanessaWing%C3%A5rdh' → 'VanessaWingårdh'); null for any other URL.
 */
export function youtubeHandleFromUrl(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed || !isYouTubeHost(parsed.hostname.replace(/\.$/, ''))) return null;
  const first = parsed.pathname.split('/').filter(Boolean)[0];
  if (!first?.startsWith('@')) return null;
  const handle = decodeSegment(first.slice(1)).trim();
  return handle || null;
}

/** What a YouTube URL points at, for channel resolution (docs/architecture.md "YouTube facts"). */
export type YouTubeUrlTarget =
  | { kind: 'handle'; handle: string }
  | { kind: 'channelId'; id: string }
  | { kind: 'username'; username: string }
  | { kind: 'custom'; name: string }
  | { kind: 'playlist'; id: string }
  | { kind: 'video'; id: string };

/** First path segments that are YouTube pages, not legacy custom channel names (youtube.com/<name>). */
const RESERVED_PATHS = new Set([
  'watch',
  'embed',
  'shorts',
  'live',
  'v',
  'e',
  'playlist',
  'feed',
  'results',
  'channel',
  'user',
  'c',
  'redirect',
  'premium',
  'account',
  'gaming',
  'music',
  'about',
  't',
  'hashtag',
  'signin',
  'logout',
]);

/**
 * Reads what a YouTube URL names: @handle (handle without '@', percent-decoded), /channel/UC…,
 * /user/name, /c/name or youtube.com/name, a playlist (?list= wins over a video id, because a watch URL
 * inside a playlist is pasted to import the playlist), or a video. A bare '@handle' or 'UC…' id is
 * accepted too. null for anything else.
 */
export function parseYouTubeChannelUrl(url: string): YouTubeUrlTarget | null {
  const text = url.trim();
  if (/^@[^\s/?#]+$/.test(text)) return { kind: 'handle', handle: decodeSegment(text.slice(1)) };
  if (CHANNEL_ID.test(text)) return { kind: 'channelId', id: text };

  const parsed = parseHttpUrl(text);
  if (!parsed) return null;
  const host = parsed.hostname.replace(/\.$/, '');
  if (!isYouTubeHost(host) && host !== 'youtu.be' && host !== 'www.youtu.be') return null;

  const list = parsed.searchParams.get('list');
  if (list && /^[A-Za-z0-9_-]+$/.test(list)) return { kind: 'playlist', id: list };
  const videoId = extractVideoId(text);
  if (videoId) return { kind: 'video', id: videoId };
  if (host === 'youtu.be' || host === 'www.youtu.be') return null;

  const [first, second] = parsed.pathname.split('/').filter(Boolean).map(decodeSegment);
  if (!first) return null;
  if (first.startsWith('@')) {
    const handle = first.slice(1).trim();
    return handle ? { kind: 'handle', handle } : null;
  }
  if (first === 'channel')
    return second && CHANNEL_ID.test(second) ? { kind: 'channelId', id: second } : null;
  if (first === 'user') return second ? { kind: 'username', username: second } : null;
  if (first === 'c') return second ? { kind: 'custom', name: second } : null;
  if (!RESERVED_PATHS.has(first.toLowerCase())) return { kind: 'custom', name: first };
  return null;
}

/**
 * The form two channel URLs are compared in, so that the same channel typed differently matches:
 * a YouTube channel by what it names (a handle case-insensitively, 'youtube.com/@X', 'm.youtube.com/@x'
 * and '@x' alike; a UC… id exactly; /user/, and /c/ or a bare legacy name, case-insensitively), any
 * other URL by host without 'www.'/'m.' and path without a trailing slash, lowercased, query and
 * fragment ignored. null when the text is no URL.
 */
export function channelUrlKey(url: string): string | null {
  const target = parseYouTubeChannelUrl(url);
  if (target?.kind === 'handle') return `youtube:@${target.handle.toLowerCase()}`;
  if (target?.kind === 'channelId') return `youtube:channel:${target.id}`;
  if (target?.kind === 'username') return `youtube:user:${target.username.toLowerCase()}`;
  if (target?.kind === 'custom') return `youtube:c:${target.name.toLowerCase()}`;
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.replace(/\.$/, '').replace(/^(www|m|mobile)\./, '');
  const path = decodeSegment(parsed.pathname).replace(/\/+$/, '');
  return `${host}${path}`.toLowerCase();
}

/**
 * A lowercase piece of text every URL with this channel key contains (as typed or percent-encoded
 * aside), for narrowing a database search before comparing keys: the last part of the key.
 */
export function channelUrlNeedle(key: string): string {
  const parts = key.split(/[/:@]/).filter(Boolean);
  return parts[parts.length - 1] ?? key;
}
