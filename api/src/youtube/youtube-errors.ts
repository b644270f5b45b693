import { MESSAGES } from '@friends/shared';

/** Why a call to YouTube (or Instagram) did not give an answer. */
export type YouTubeErrorCode =
  'keyMissing' | 'keyInvalid' | 'quotaExceeded' | 'unreachable' | 'notFound' | 'badRequest' | 'upstream';

/** Plain-words messages shown to the admin (the server's `error` field). The key is never in them. */
export const YOUTUBE_ERROR_MESSAGES: Record<
  Exclude<YouTubeErrorCode, 'notFound' | 'badRequest' | 'upstream'>,
  string
> = {
  keyMissing: MESSAGES.youtubeKeyMissing,
  keyInvalid: 'The YouTube API key was rejected by YouTube. Check YOUTUBE_API_KEY on the server.',
  quotaExceeded:
    'The YouTube API daily quota is used up. It resets at midnight Pacific time; try again after that.',
  unreachable: MESSAGES.youtubeUnreachable,
};

/** The HTTP status our API answers for each kind of failure (never a 500). */
const STATUS: Record<YouTubeErrorCode, number> = {
  keyMissing: 503,
  keyInvalid: 503,
  quotaExceeded: 503,
  unreachable: 502,
  notFound: 404,
  badRequest: 400,
  upstream: 502,
};

function defaultMessage(code: YouTubeErrorCode): string {
  return code in YOUTUBE_ERROR_MESSAGES
    ? YOUTUBE_ERROR_MESSAGES[code as keyof typeof YOUTUBE_ERROR_MESSAGES]
    : 'YouTube answered with an error.';
}

export class YouTubeError extends Error {
  override readonly name = 'YouTubeError';
  /** The status our API should answer with. */
  readonly status: number;

  constructor(
    readonly code: YouTubeErrorCode,
    message?: string,
    /** YouTube's own reason ('quotaExceeded', 'playlistNotFound'…), when it gave one. */
    readonly reason?: string,
  ) {
    super(message ?? defaultMessage(code));
    this.status = STATUS[code];
  }
}

/** YouTube's error envelope: { error: { code, message, errors: [{ reason, domain, message }], status? } }. */
interface ErrorEnvelope {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: { reason?: string; domain?: string; message?: string }[];
    details?: { reason?: string }[];
  };
}

const KEY_REASONS = new Set(['keyInvalid', 'keyExpired', 'API_KEY_INVALID', 'API_KEY_EXPIRED']);
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'dailyLimitExceededUnreg']);
/** 403 reasons that are about the moment, not the request: worth a retry. */
export const TRANSIENT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'backendError']);

/** The first reason in an error body ('keyInvalid', 'quotaExceeded'…), or undefined. */
export function errorReason(body: unknown): string | undefined {
  const e = (body as ErrorEnvelope | null)?.error;
  return e?.errors?.[0]?.reason ?? e?.details?.find((d) => d.reason)?.reason;
}

function stripHtml(text: string): string {
  return text.replace(/<[^>]*>/g, '').trim();
}

/** Turns a non-OK YouTube Data API answer into a YouTubeError in plain words. */
export function errorFromResponse(status: number, body: unknown): YouTubeError {
  const e = (body as ErrorEnvelope | null)?.error;
  const reasons = [
    ...(e?.errors ?? []).map((x) => x.reason),
    ...(e?.details ?? []).map((x) => x.reason),
  ].filter((r): r is string => !!r);
  const reason = reasons[0];
  if (reasons.some((r) => KEY_REASONS.has(r)) || (status === 400 && /api key/i.test(e?.message ?? '')))
    return new YouTubeError('keyInvalid', undefined, reason);
  if (reasons.some((r) => QUOTA_REASONS.has(r))) return new YouTubeError('quotaExceeded', undefined, reason);
  if (status === 403 && reason === 'forbidden' && /unregistered callers/i.test(e?.message ?? ''))
    return new YouTubeError('keyMissing', undefined, reason);
  const detail = stripHtml(e?.message ?? '') || `HTTP ${status}`;
  if (status === 404) return new YouTubeError('notFound', `YouTube could not find it: ${detail}`, reason);
  if (status >= 400 && status < 500 && status !== 429)
    return new YouTubeError('badRequest', `YouTube refused the request: ${detail}`, reason);
  return new YouTubeError('upstream', `YouTube answered with an error: ${detail}`, reason);
}
