/**
 * Every environment variable the API reads, parsed and validated in one place (docs/architecture.md
 * "Configuration"). `loadConfiguration(env)` collects every problem and throws one readable error;
 * the ConfigModule then exposes each slice as a `registerAs` namespace (see `configNamespaces`).
 */
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { DEMO_ADMIN_PASSWORD } from '@friends/shared';
import { repoRoot } from '../common/repo-root';

export type Env = Record<string, string | undefined>;

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: string;
  /**
   * Fastify's `trustProxy`: false, how many proxy hops to trust, or the proxies' addresses. The client
   * IP (rate limits) is then the address the nearest untrusted hop had, never a client-written one.
   */
  trustProxy: TrustProxy;
  timeouts: { requestMs: number };
}

export type TrustProxy = false | number | string[];

/**
 * How SQLite's write-ahead log meets the disk: 'full' syncs it at every commit (a committed change
 * survives a power cut), 'normal' only at checkpoints (a power cut may lose the last commits, never the
 * file's consistency; a crash of the process loses nothing).
 */
export type SqliteSynchronous = 'full' | 'normal';
export const SQLITE_SYNCHRONOUS_MODES: readonly SqliteSynchronous[] = ['full', 'normal'];

export type DatabaseConfig =
  | {
      type: 'sqlite';
      /** Absolute file path, or ':memory:'. */
      path: string;
      /** True when DATABASE_URL was unset (the embedded default). */
      embedded: boolean;
      /** Seed the demo data: true / false when SEED_DEMO is set, undefined = only into a fresh file. */
      seedDemo: boolean | undefined;
      /**
       * SQLITE_SYNCHRONOUS: when a commit waits for the disk (see data-source-options.ts). Absent:
       * 'full'.
       */
      synchronous?: SqliteSynchronous;
      /**
       * SEARCH_THREADS: worker threads that run the public searches' SQL off the event loop
       * (search-threads/search-threads.service.ts); 0 runs them on the main thread.
       */
      searchThreads?: number;
    }
  | {
      type: 'mysql';
      url: string;
      seedDemo: boolean | undefined;
    };

export interface AuthConfig {
  /** The password that unlocks the admin; the demo password when ADMIN_PASSWORD is unset. */
  adminPassword: string;
  /** True when ADMIN_PASSWORD is unset: the login screen may show the demo password. */
  demoPassword: boolean;
  /** SESSION_SECRET; empty when unset: a secret is then generated once and kept in the database. */
  sessionSecret: string;
  /** Session lifetime without activity. */
  sessionTtlMs: number;
  /** Login attempts per minute and IP. */
  loginLimitPerMinute: number;
  /** Suggestions per minute and IP. */
  suggestionLimitPerMinute: number;
  /** Failed logins in a row (from any IP) before the admin account backs off. */
  loginBackoffAfter: number;
  /** The first back-off; it doubles with every further failure, up to LOGIN_BACKOFF_MAX_MS. */
  loginBackoffMs: number;
}

export interface RemotesConfig {
  publicUrl: string;
  adminUrl: string;
}

export interface StaticConfig {
  /** Folder holding host/dist, public-remote/dist and admin-remote/dist (the repository root). */
  bundlesDir: string;
}

/** Read here so every variable of docs/architecture.md is validated in one place; used by the YouTube module. */
export interface YoutubeConfig {
  apiKey: string;
  apiBaseUrl: string;
  oembedUrl: string;
  instagramBaseUrl: string;
}

/** Links to the app in feeds and previews; the public read limit and API keys. */
export interface ShareConfig {
  /** PUBLIC_URL: the origin absolute links start with; null to take the request's. */
  publicUrl: string | null;
  /** Public reads per minute and client address (PUBLIC_READ_RATE_LIMIT). */
  publicReadsPerMinute: number;
  /** Reads per minute of a request with an API key (API_KEY_RATE_LIMIT). */
  keyReadsPerMinute: number;
  /** Cards one client address may have drawn a minute on a replica (CARD_DRAW_RATE_LIMIT); kept cards are free. */
  cardDrawsPerMinute: number;
  /** WARM_CARDS: draw one card at start, so the first visitor's card does not pay the drawing's start-up. */
  warmCards: boolean;
  /** SHRINK_CARDS: after a card is sent, make its kept PNG a palette PNG (about a third of the bytes). */
  shrinkCards: boolean;
}

export interface AppConfig {
  server: ServerConfig;
  share: ShareConfig;
  database: DatabaseConfig;
  auth: AuthConfig;
  remotes: RemotesConfig;
  static: StaticConfig;
  youtube: YoutubeConfig;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

export const DEFAULT_SQLITE_FILE = join('data', 'friends.sqlite');
export const DEFAULT_PUBLIC_REMOTE_URL = '/remotes/public/mf-manifest.json';
export const DEFAULT_ADMIN_REMOTE_URL = '/remotes/admin/mf-manifest.json';
/** Search threads on SQLite when SEARCH_THREADS is unset (docs/performance.md "Search threads"). */
export const DEFAULT_SEARCH_THREADS = 0;
const MAX_SEARCH_THREADS = 8;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parses `env` (process.env by default). Throws ConfigurationError listing every problem. */
export function loadConfiguration(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  const bool = (name: string): boolean | undefined => {
    const value = env[name]?.trim().toLowerCase();
    if (!value) return undefined;
    if (['true', '1', 'yes', 'on'].includes(value)) return true;
    if (['false', '0', 'no', 'off'].includes(value)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return undefined;
  };
  const remoteUrl = (name: string, fallback: string): string => {
    const value = text(name, fallback);
    if (!value.startsWith('/') && !/^https?:\/\/[^/]/i.test(value)) {
      problems.push(`${name} must be an absolute http(s) URL or a path starting with / (got "${value}")`);
    }
    return value;
  };

  const port = Number(text('PORT', '3000'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be an integer between 0 and 65535 (got "${env.PORT}")`);
  }
  const logLevel = text('LOG_LEVEL', 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const seedDemo = bool('SEED_DEMO');
  const database = parseDatabaseUrl(env.DATABASE_URL, seedDemo, problems);
  const synchronous = text('SQLITE_SYNCHRONOUS', 'full').toLowerCase();
  if (!(SQLITE_SYNCHRONOUS_MODES as readonly string[]).includes(synchronous)) {
    problems.push(`SQLITE_SYNCHRONOUS must be full or normal (got "${env.SQLITE_SYNCHRONOUS}")`);
  } else if (database.type === 'sqlite') {
    database.synchronous = synchronous as SqliteSynchronous;
  }
  const searchThreads = Number(text('SEARCH_THREADS', String(DEFAULT_SEARCH_THREADS)));
  if (!Number.isInteger(searchThreads) || searchThreads < 0 || searchThreads > MAX_SEARCH_THREADS) {
    problems.push(
      `SEARCH_THREADS must be an integer from 0 to ${MAX_SEARCH_THREADS} (got "${env.SEARCH_THREADS}")`,
    );
  } else if (database.type === 'sqlite') {
    database.searchThreads = searchThreads;
  }

  const adminPassword = env.ADMIN_PASSWORD ?? '';
  const sessionSecret = env.SESSION_SECRET ?? '';
  if (sessionSecret && sessionSecret.length < 16) {
    problems.push('SESSION_SECRET must be at least 16 characters long when set');
  }
  const sessionHours = Number(text('SESSION_TTL_HOURS', '8'));
  if (!(sessionHours > 0))
    problems.push(`SESSION_TTL_HOURS must be a positive number (got "${env.SESSION_TTL_HOURS}")`);
  const limit = (name: string, fallback: number): number => {
    const value = Number(text(name, String(fallback)));
    if (!Number.isInteger(value) || value < 1) problems.push(`${name} must be a positive integer`);
    return value;
  };

  const seconds = (name: string, fallback: number): number => {
    const value = Number(text(name, String(fallback)));
    if (!(value > 0) || !Number.isFinite(value))
      problems.push(`${name} must be a positive number of seconds`);
    return value;
  };

  const config: AppConfig = {
    server: {
      port,
      host: text('HOST', '127.0.0.1'),
      logLevel,
      trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
      timeouts: { requestMs: seconds('REQUEST_TIMEOUT_SECONDS', 30) * 1000 },
    },
    database,
    share: {
      publicUrl: publicUrl(env.PUBLIC_URL, problems),
      publicReadsPerMinute: limit('PUBLIC_READ_RATE_LIMIT', 600),
      keyReadsPerMinute: limit('API_KEY_RATE_LIMIT', 6000),
      cardDrawsPerMinute: limit('CARD_DRAW_RATE_LIMIT', 30),
      warmCards: bool('WARM_CARDS') ?? true,
      shrinkCards: bool('SHRINK_CARDS') ?? true,
    },
    auth: {
      adminPassword: adminPassword || DEMO_ADMIN_PASSWORD,
      demoPassword: !adminPassword,
      sessionSecret,
      sessionTtlMs: sessionHours * 3600_000,
      loginLimitPerMinute: limit('LOGIN_RATE_LIMIT', 5),
      suggestionLimitPerMinute: limit('SUGGESTION_RATE_LIMIT', 10),
      loginBackoffAfter: limit('LOGIN_BACKOFF_AFTER', 10),
      loginBackoffMs: limit('LOGIN_BACKOFF_SECONDS', 30) * 1000,
    },
    remotes: {
      publicUrl: remoteUrl('PUBLIC_REMOTE_URL', DEFAULT_PUBLIC_REMOTE_URL),
      adminUrl: remoteUrl('ADMIN_REMOTE_URL', DEFAULT_ADMIN_REMOTE_URL),
    },
    static: { bundlesDir: resolve(repoRoot(), text('BUNDLES_DIR', '.')) },
    youtube: {
      apiKey: env.YOUTUBE_API_KEY?.trim() ?? '',
      apiBaseUrl: text('YOUTUBE_API_BASE_URL', 'https://www.googleapis.com/youtube/v3'),
      oembedUrl: text('YOUTUBE_OEMBED_URL', 'https://www.youtube.com/oembed'),
      instagramBaseUrl: text('INSTAGRAM_BASE_URL', 'https://www.instagram.com'),
    },
  };
  if (problems.length > 0) throw new ConfigurationError(problems);
  return config;
}

/** PUBLIC_URL: an http(s) origin (scheme, host, optional port), kept without a trailing slash. */
function publicUrl(raw: string | undefined, problems: string[]): string | null {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search
  ) {
    problems.push(`PUBLIC_URL must be an http(s) origin such as https://friends.example (got "${value}")`);
    return null;
  }
  return url.origin;
}

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`; `true` (one proxy in front, the usual reverse proxy); a hop count; or a comma
 * list of the proxies' addresses, CIDR ranges or loopback / linklocal / uniquelocal.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_RANGES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  const invalid = entries.filter((entry) => !valid(entry));
  if (invalid.length > 0) {
    problems.push(
      `TRUST_PROXY must be true, false, a hop count or a comma list of proxy addresses (bad: "${invalid.join('", "')}")`,
    );
    return false;
  }
  return entries;
}

function parseDatabaseUrl(
  raw: string | undefined,
  seedDemo: boolean | undefined,
  problems: string[],
): DatabaseConfig {
  const url = raw?.trim();
  if (!url) {
    return { type: 'sqlite', path: join(repoRoot(), DEFAULT_SQLITE_FILE), embedded: true, seedDemo };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''); // sqlite:///abs/path too
    if (!file) {
      problems.push('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:data/friends.sqlite');
      return { type: 'sqlite', path: ':memory:', embedded: false, seedDemo };
    }
    const path = file === ':memory:' ? file : isAbsolute(file) ? file : resolve(repoRoot(), file);
    return { type: 'sqlite', path, embedded: false, seedDemo };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    try {
      const parsed = new URL(url);
      if (!parsed.hostname || parsed.pathname.length <= 1) throw new Error('missing host or database');
    } catch {
      problems.push('DATABASE_URL must look like mysql://user:password@host:3306/database');
    }
    return { type: 'mysql', url: url.replace(/^mariadb:/, 'mysql:'), seedDemo };
  }
  problems.push('DATABASE_URL must be sqlite:<path> or mysql://user:password@host:port/database');
  return { type: 'sqlite', path: ':memory:', embedded: false, seedDemo };
}

/** The ConfigModule namespaces, each one slice of the validated configuration. */
export function configNamespaces(config: AppConfig) {
  return (Object.keys(config) as (keyof AppConfig)[]).map((key) =>
    registerAs(key, () => ({ ...config[key] })),
  );
}
