/**
 * The routes the HTTP server's light path answers (cached-answers.ts, "Light path"): each route's own
 * checks and computation, the headers the full stack last sent for it, and what makes a request of one
 * plain enough to be answered without Fastify.
 */
import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';
import type { ContentEncoding } from '../database/aggregate-cache.service';
import { encodingOf } from './accepted-encoding';
import type { CachedAnswerOptions } from './cached-answer';

/** A public route the HTTP server may answer itself. */
export interface LightRoute {
  /**
   * The route's path as it is declared (Fastify's route URL), where a segment `:name` stands for one
   * path segment handed to `prepare` by that name.
   */
  path: string;
  /** The query parameters it takes; a request with any other goes through Fastify. */
  params: readonly string[];
  /** Its @CachedAnswer's options: the tables the answer reads, and when it ends. */
  answer: CachedAnswerOptions;
  /**
   * The computation of the answer to `query` (each parameter once, decoded) at the path's `segments`,
   * after the route's own checks: throws (a 400 for the full stack to give) when either is bad.
   */
  prepare(
    query: Readonly<Record<string, string>>,
    segments: Readonly<Record<string, string>>,
  ): () => Promise<unknown>;
}

/**
 * What the full stack last sent with a 200 of a light route, for one encoding the client accepts: the
 * headers that belong to the route (every one but those of the answer itself), as writeHead takes
 * them, and the Content-Type. They are the same whether the answer went out compressed or not (a small
 * one is not).
 */
export interface LightTemplate {
  headers: OutgoingHttpHeader[];
  contentType: OutgoingHttpHeader;
}

/** A request the light path takes: its route, what computes its answer, and how it is sent. */
export interface LightRequest {
  route: LightRoute;
  url: string;
  /** Its query parameters, each once, decoded. */
  query: Readonly<Record<string, string>>;
  compute: () => Promise<unknown>;
  /** The encoding the answer goes out in when worth compressing (null: the client accepts none). */
  encoding: ContentEncoding | null;
  template: LightTemplate;
}

interface Registered {
  route: LightRoute;
  params: ReadonlySet<string>;
  /** The declared path split at `/` (a `:name` part stands for any one segment), and whether it has one. */
  parts: readonly string[];
  hasSegments: boolean;
  /** By the encoding the client accepts ('identity': none). */
  templates: Map<string, LightTemplate>;
}

const isSegmentName = (part: string) => part.startsWith(':');

/**
 * The encoding a plain request of a light route accepts ('identity': none), or null when it must take
 * the full stack: a GET without cookie or Origin (one a replay could answer) with none of the headers
 * that change an answer or its headers elsewhere in the stack (a key's limit, a 304, a body, HSTS over
 * https).
 */
export function lightEncoding(request: IncomingMessage): ContentEncoding | 'identity' | null {
  const headers = request.headers;
  if (
    request.method !== 'GET' ||
    headers.origin !== undefined ||
    headers.cookie !== undefined ||
    headers.authorization !== undefined ||
    headers['if-none-match'] !== undefined ||
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['x-forwarded-proto'] !== undefined ||
    (request.socket as { encrypted?: boolean }).encrypted
  )
    return null;
  const header = headers['accept-encoding'];
  return header === undefined ? 'identity' : encodingOf(header);
}

/**
 * The query of a light route's URL (after `?`) as Fastify's parser (fast-querystring) reads it, or
 * null unless it is plain: `name=value` pairs of the route's names, each once, with names that need no
 * decoding and values that decode.
 */
function plainQuery(search: string, names: ReadonlySet<string>): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (search === '') return query;
  for (const pair of search.split('&')) {
    const equals = pair.indexOf('=');
    if (equals === -1) return null;
    const name = pair.slice(0, equals);
    if (!names.has(name) || Object.hasOwn(query, name)) return null;
    let value = pair.slice(equals + 1).replace(/\+/g, ' ');
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        return null; // Fastify's parser keeps such a value as written
      }
    }
    query[name] = value;
  }
  return query;
}

export class LightRoutes {
  /** By declared path; those with `:name` segments also in a list, matched in the order added. */
  private readonly byPath = new Map<string, Registered>();
  private readonly withSegments: Registered[] = [];

  get size(): number {
    return this.byPath.size;
  }

  add(...routes: LightRoute[]): void {
    for (const route of routes) {
      const parts = route.path.split('/');
      const hasSegments = parts.some(isSegmentName);
      const registered = { route, params: new Set(route.params), parts, hasSegments, templates: new Map() };
      this.byPath.set(route.path, registered);
      if (hasSegments) this.withSegments.push(registered);
    }
  }

  /** Whether `path` (a route as Fastify declares it) is a light route. */
  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** Keeps what the full stack sent with a 200 of the route declared as `path` for `accepted`. */
  learn(path: string, accepted: ContentEncoding | 'identity', template: LightTemplate): void {
    this.byPath.get(path)?.templates.set(accepted, template);
  }

  /**
   * `request` taken apart when it is a plain, valid request of a light route whose headers are known
   * for the encoding it accepts; null when Fastify must answer it (a bad one gets its 400 there).
   */
  take(request: IncomingMessage): LightRequest | null {
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const found = this.routeOf(mark === -1 ? url : url.slice(0, mark));
    if (!found) return null;
    const accepted = lightEncoding(request);
    if (accepted === null) return null;
    const template = found.light.templates.get(accepted);
    if (!template) return null;
    const query = plainQuery(mark === -1 ? '' : url.slice(mark + 1), found.light.params);
    if (!query) return null;
    const { route } = found.light;
    try {
      const compute = route.prepare(query, found.segments);
      return { route, url, query, compute, encoding: accepted === 'identity' ? null : accepted, template };
    } catch {
      return null;
    }
  }

  /**
   * The light route a URL's path names, with its `:name` segments as written; null when none does, or
   * when a segment is empty or escaped (Fastify decodes it).
   */
  private routeOf(path: string): { light: Registered; segments: Record<string, string> } | null {
    const exact = this.byPath.get(path);
    if (exact && !exact.hasSegments) return { light: exact, segments: {} };
    if (this.withSegments.length === 0) return null;
    const parts = path.split('/');
    for (const light of this.withSegments) {
      if (light.parts.length !== parts.length) continue;
      const segments: Record<string, string> = {};
      const matches = light.parts.every((part, i) => {
        const value = parts[i]!;
        if (!isSegmentName(part)) return part === value;
        segments[part.slice(1)] = value;
        return value !== '' && !value.includes('%');
      });
      if (matches) return { light, segments };
    }
    return null;
  }
}
