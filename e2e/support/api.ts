/**
 * A small admin client for seeding precise data through the real API (the same routes the UI uses).
 * Logs in once with the demo password the server announces and keeps the session cookie.
 */
export interface SocialLinkInput {
  platform?: string;
  url: string;
}
export interface CreatorInput {
  name: string;
  channel?: string;
  photo?: string;
  socialLinks?: SocialLinkInput[];
  otherNames?: { name: string; lang?: string }[];
}
export interface CreatorRow {
  id: number;
  name: string;
  channel: string;
  photo: string;
  socialLinks: { platform: string; url: string }[];
}
export interface VideoInput {
  title: string;
  url?: string;
  date?: string;
  authorIds: number[];
}
export interface VideoRow {
  id: number;
  title: string;
  url: string;
  date: string;
  authorIds: number[];
}
export interface Cookie {
  name: string;
  value: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export class AdminApi {
  private cookies: Cookie[] = [];

  constructor(readonly baseURL: string) {}

  /** The demo password, read the way the login screen reads it (GET /api/auth/session). */
  async demoPassword(): Promise<string> {
    const session = (await this.request('GET', '/api/auth/session')) as { demoPassword: string | null };
    if (!session.demoPassword)
      throw new Error('GET /api/auth/session gave no demoPassword (is ADMIN_PASSWORD set?)');
    return session.demoPassword;
  }

  async login(password?: string): Promise<Cookie[]> {
    const pw = password ?? (await this.demoPassword());
    await this.request('POST', '/api/auth/login', { password: pw });
    if (!this.cookies.length) throw new Error('POST /api/auth/login set no session cookie');
    return this.sessionCookies();
  }

  /** The session cookies, to hand to a browser context (`context.addCookies`). */
  sessionCookies(): Cookie[] {
    return this.cookies.map((c) => ({ ...c }));
  }

  createCreator(input: CreatorInput): Promise<CreatorRow> {
    return this.request('POST', '/api/creators', input) as Promise<CreatorRow>;
  }

  createVideo(input: VideoInput): Promise<VideoRow> {
    return this.request('POST', '/api/videos', input) as Promise<VideoRow>;
  }

  creators(): Promise<(CreatorRow & { videoCount: number; collabCount: number })[]> {
    return this.request('GET', '/api/creators') as Promise<
      (CreatorRow & { videoCount: number; collabCount: number })[]
    >;
  }

  videos(): Promise<(VideoRow & { authors: { id: number; name: string }[] })[]> {
    return this.request('GET', '/api/videos') as Promise<
      (VideoRow & { authors: { id: number; name: string }[] })[]
    >;
  }

  suggestions(): Promise<{ id: number; url: string; status: string; submittedAt: string }[]> {
    return this.request('GET', '/api/suggestions') as Promise<
      { id: number; url: string; status: string; submittedAt: string }[]
    >;
  }

  /** Raw call: resolves with the JSON body, rejects with ApiError on a non-2xx status. */
  async request(method: string, route: string, body?: unknown): Promise<unknown> {
    const res = await this.raw(method, route, body);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${route}`);
    return parsed;
  }

  async raw(method: string, route: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.length) headers.cookie = this.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(new URL(route, this.baseURL), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      this.cookies = this.cookies.filter((c) => c.name !== name);
      if (value && !/max-age=0|expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.push({ name, value });
    }
    return res;
  }
}
