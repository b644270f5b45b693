/**
 * Instagram's public web profile endpoint, on fetch (INSTAGRAM_BASE_URL, default https://www.instagram.com).
 * Instagram answers non-OK often (unknown user, rate limit, login wall): the caller then falls back to the
 * name alone (docs/product.md §7), so this returns null rather than throwing for anything but a bad username.
 */
export const DEFAULT_INSTAGRAM_BASE_URL = 'https://www.instagram.com';

/** The id of Instagram's own web app, which the endpoint asks for. */
const IG_APP_ID = '936619743392459';

export interface InstagramProfile {
  /** The full name, or the username when the profile shows none. */
  name: string;
  /** The profile picture URL ('' when none). */
  photo: string;
}

interface WebProfileInfo {
  data?: {
    user?: {
      full_name?: string;
      username?: string;
      profile_pic_url_hd?: string;
      profile_pic_url?: string;
    } | null;
  };
}

export interface InstagramClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A username as Instagram allows it: letters, digits, '.', '_', at most 30. '@' and URLs are cleaned first. */
export function normaliseInstagramUsername(input: string): string | null {
  let text = input.trim();
  const m = /instagram\.com\/([^/?#]+)/i.exec(text);
  if (m) text = m[1]!;
  text = text.replace(/^@+/, '');
  return /^[A-Za-z0-9._]{1,30}$/.test(text) ? text : null;
}

export class InstagramClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: InstagramClientOptions = {}) {
    this.baseUrl = (opts.baseUrl || DEFAULT_INSTAGRAM_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 8_000;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** The profile, or null when Instagram does not answer OK (the caller shows the name alone). */
  async getProfile(username: string): Promise<InstagramProfile | null> {
    const url = `${this.baseUrl}/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`;
    try {
      const res = await this.fetchImpl(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json', 'x-ig-app-id': IG_APP_ID },
      });
      if (!res.ok) return null;
      const body = (await res.json()) as WebProfileInfo;
      const user = body.data?.user;
      if (!user) return null;
      return {
        name: user.full_name?.trim() || user.username || username,
        photo: user.profile_pic_url_hd || user.profile_pic_url || '',
      };
    } catch {
      return null;
    }
  }
}
