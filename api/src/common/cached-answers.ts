/**
 * Cached aggregate answers on the wire (docs/performance.md).
 *
 * Encoding: an answer of the AggregateCache goes out in the br or gzip form the cache made once (off
 * the event loop unless small; @fastify/compress leaves a response that already has a
 * Content-Encoding alone).
 *
 * Replay: once a GET without cookie or Origin has been answered 200 through the whole stack with a
 * current cached answer, its headers and bytes are kept per URL and encoding, and the next such GET
 * of that URL is answered by the HTTP server itself, before Fastify: no routing, Nest, guards, helmet
 * or hooks, whose headers (ETag and Cache-Control included) are part of what was kept; a matching
 * If-None-Match gets the 304. A replay is dropped with its answer, when a write changes a table the
 * answer reads (docs/architecture.md "Many replicas, one truth"), an answer that depends on the
 * clock (AggregateCache.json's `expiresAt`) when it expires, and one the cache puts another form in
 * place of (AggregateCache.replace: a card made smaller) at once. For small answers (leaderboard, first page
 * of creators) the full stack cost about three times what a bare server spends on a request.
 *
 * Light path: the public searches are asked with a new term nearly every time, so a replay rarely
 * helps them, and the full stack costs a computed search more than its SQL does at 10,000 creators; the
 * first read of a profile, the leaderboard or analytics after a write pays the same. A request of such
 * a route (a LightRoute, light-routes.ts) that could be replayed (GET, no cookie, no Origin) and is
 * plain — no Authorization, If-None-Match, body, X-Forwarded-Proto or TLS; only the route's own query
 * parameters, each once and decodable; valid by the route's own checks — is answered here: its limit is
 * counted, the route's service computes the answer through the AggregateCache under the key the full
 * stack uses, and it is sent with the headers the full stack sent for the same route and accepted
 * encoding (kept from its last such answer: security headers, Cache-Control, Vary, Content-Type), its
 * own ETag, Answer-Computation, encoding and length, request id and RateLimit fields, and kept for
 * replay. Until the full stack has answered the route once for that encoding, and for anything else (a
 * bad query, a client past the limit, a failed computation), Fastify answers.
 * api/test/light-path.e2e-spec.ts compares both answers header by header.
 *
 * Every cached answer carries `Answer-Computation`: which of this process's computations made it, so
 * an operator (or a test) can tell a kept answer from a recomputed one.
 *
 * The public read limit is counted for a replay as for any read (public-api/read-limits.ts): its
 * RateLimit fields are added per request, and a client past the limit gets the 429 from here.
 *
 * Why the conditions are safe: a cookie-less request that got 200 proves the route is public, so the
 * answer may be replayed to any cookie-less request; requests with an Origin get per-origin CORS
 * headers, and those with a cookie `private` caching, so they always take the full stack; so does
 * everything once the server is closing (Fastify then answers 503 and closes connections).
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import {
  isAffected,
  type AggregateCache,
  type ChangedTables,
  type ContentEncoding,
} from '../database/aggregate-cache.service';
import { rateLimitHeaders, type ReadDecision, type ReadLimits } from '../public-api/read-limits';
import { encodingOf, preferredEncoding } from './accepted-encoding';
import { answerKey } from './cached-answer';
import { etagOf, matchesIfNoneMatch } from './http-caching';
import { trimToLimits } from './oldest-first';
import { lightEncoding, LightRoutes, type LightRequest, type LightRoute } from './light-routes';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id';

/** Below this an answer is not worth compressing (the same threshold as @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;
/**
 * Replays kept at most (one per URL and encoding), and their bytes at most. A replay's bytes are those
 * of a cached answer (or its compressed form), which the replay keeps alive after the cache let it go.
 */
const MAX_REPLAYS = 500;
const MAX_REPLAY_BYTES = 16 * 1024 * 1024;
/** Headers that belong to one response, not to the answer (the read limit's are counted per request). */
const PER_RESPONSE = new Set([
  REQUEST_ID_HEADER,
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
]);

/** Which of this process's computations made a cached answer (see above). */
export const ANSWER_COMPUTATION_HEADER = 'Answer-Computation';

/** Headers of a light answer that are its own, not the route's (light-routes.ts LightTemplate). */
const PER_ANSWER = new Set([
  ...PER_RESPONSE,
  'etag',
  ANSWER_COMPUTATION_HEADER.toLowerCase(),
  'content-encoding',
  'content-type',
]);

/** Levels at which Fastify logs every request (a replay logs its one line then too). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

interface Replay {
  /** Names and values in one list (as writeHead takes them), ending with the request id's. */
  headers: OutgoingHttpHeader[];
  body: Buffer;
  /** The answer's ETag, and the headers of a 304 to an If-None-Match naming it (same layout). */
  etag: string;
  notModified: OutgoingHttpHeader[];
  /** An answer that depends on the clock is dropped at this time (ms since the epoch), write or not. */
  expiresAt: number | undefined;
  /** The tables the answer reads (null: every table but UNCACHED_TABLES). */
  reads: ReadonlySet<string> | null;
  /** The cached answer it sends (or sends encoded). */
  answer: Buffer;
}

/** What the encoding hook sent, checked once the response is complete before it is kept. */
interface Sent {
  key: string;
  /** The cached answer, and the bytes that went out for it. */
  answer: Buffer;
  body: Buffer;
  encoding: ContentEncoding | null;
}

const SENT = Symbol('cachedAnswerSent');
type WithSent = FastifyRequest & { [SENT]?: Sent };

/**
 * The replay key of a request (its encoding and address, Host included), or null when it must take the
 * full stack. Without Accept-Encoding the answer is sent as is; a header naming neither br nor gzip
 * (say, deflate alone) is left to @fastify/compress.
 */
function replayKey(request: IncomingMessage): string | null {
  if (
    request.method !== 'GET' ||
    request.headers.origin !== undefined ||
    request.headers.cookie !== undefined
  )
    return null;
  const header = request.headers['accept-encoding'];
  const encoding = header === undefined ? 'identity' : encodingOf(header);
  return encoding === null ? null : addressKey(encoding, request);
}

/**
 * A replay's key: the encoding and the whole address. The Host is part of it, since without PUBLIC_URL
 * a feed or preview writes its links with the host it was asked under.
 */
function addressKey(encoding: string, request: IncomingMessage): string {
  // The scheme as the request states it: an answer learned over https carries HSTS, which plain http
  // must not get. (Whether a proxy's X-Forwarded-Proto is trusted is Fastify's call when it learns.)
  const scheme = (request.socket as { encrypted?: boolean }).encrypted
    ? 'https'
    : String(request.headers['x-forwarded-proto'] ?? 'http');
  return `${encoding} ${scheme}://${(request.headers.host ?? '').toLowerCase()}${request.url}`;
}

/**
 * The headers every answer carries whatever it says (security-headers.ts, HSTS over https): a replay's
 * refusal sends its replay's, as Fastify's own 429 would.
 */
const EVERY_ANSWER_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

function everyAnswerHeaders(headers: readonly OutgoingHttpHeader[]): OutgoingHttpHeader[] {
  const kept: OutgoingHttpHeader[] = [];
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (EVERY_ANSWER_HEADERS.has(String(headers[i]).toLowerCase())) kept.push(headers[i]!, headers[i + 1]!);
  }
  return kept;
}

export class CachedAnswers {
  /** `limits`: PUBLIC_READ_RATE_LIMIT, counted for replays too (null: replays are not counted). */
  constructor(private readonly limits: ReadLimits | null = null) {}

  private readonly replays = new Map<string, Replay>();
  private replayBytes = 0;
  private replaying = false;
  private log: FastifyBaseLogger | null = null;
  private cache: AggregateCache | null = null;
  private readonly lightRoutes = new LightRoutes();
  /** Requests answered by a replay, and by the light path (operators' and tests' view). */
  readonly answered = { replayed: 0, light: 0 };

  /** The CachedAnswers serving `server` (made by its serverFactory), if any. */
  static of(server: unknown): CachedAnswers | undefined {
    return servers.get(server as object);
  }

  /** Routes the light path answers (see above). */
  answerLightly(...routes: LightRoute[]): void {
    this.lightRoutes.add(...routes);
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), which answers
   * replays itself and hands every other request to Fastify.
   */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ) => {
    const server = createServer((request, response) => {
      if (!this.replay(request, response) && !this.light(request, response, handler)) {
        handler(request, response);
      }
    });
    servers.set(server, this);
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Encodes cached answers, keeps what may be replayed, and drops what each write makes stale. */
  register(fastify: FastifyInstance, cache: AggregateCache): void {
    this.log = fastify.log;
    this.cache = cache;
    cache.onInvalidate((changed) => this.forget(changed));
    cache.onReplace((previous) => {
      for (const [key, replay] of this.replays) if (replay.answer === previous) this.drop(key);
    });
    fastify.addHook('onReady', (done) => {
      this.replaying = true;
      done();
    });
    fastify.addHook('preClose', (done) => {
      this.replaying = false;
      this.forget(null);
      done();
    });

    fastify.addHook('onSend', async (request: WithSent, reply, payload) => {
      if (!cache.owns(payload) || reply.statusCode !== 200) return payload;
      const computation = cache.computationOf(payload);
      if (computation !== undefined) void reply.header(ANSWER_COMPUTATION_HEADER, computation);
      const vary = reply.getHeader('Vary'); // keep 'Origin' from the origin policy
      void reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const body =
        encoding && payload.length >= COMPRESS_THRESHOLD && cache.compressible(payload)
          ? await cache.compressed(payload, encoding)
          : payload;
      if (body !== payload && encoding) {
        void reply.header('Content-Encoding', encoding);
        void reply.header('Content-Length', body.length);
      }
      const key = replayKey(request.raw);
      if (key !== null && cache.isCurrent(payload)) {
        request[SENT] = { key, answer: payload, body, encoding: body === payload ? null : encoding };
      }
      return body;
    });

    // Kept only when the response went out exactly as the encoding hook left it, and the answer is
    // still current (no write since it was computed).
    fastify.addHook('onResponse', (request: WithSent, reply, done) => {
      const sent = request[SENT];
      const etag = reply.getHeader('etag');
      // A quick form (AggregateCache.isQuick) still teaches the light path the route's headers.
      const replayable = sent && !cache.isQuick(sent.body) && cache.isReplayable(sent.answer);
      if (sent && etag && this.replaying && isUnchanged(reply, sent) && replayable) {
        this.remember(sent.key, {
          headers: replayHeaders(reply, sent.body.length),
          body: sent.body,
          etag: String(etag),
          notModified: replayHeaders(reply, null),
          expiresAt: cache.expiresAt(sent.answer),
          reads: cache.readsOf(sent.answer),
          answer: sent.answer,
        });
      }
      const route = request.routeOptions.url ?? '';
      if (sent && etag && this.lightRoutes.has(route)) this.learn(route, request, reply, sent);
      done();
    });
  }

  /** Keeps the route's headers of a full-stack 200 that the light path could have sent. */
  private learn(route: string, request: FastifyRequest, reply: FastifyReply, sent: Sent): void {
    const accepted = lightEncoding(request.raw);
    const contentType = reply.getHeader('content-type');
    if (accepted === null || contentType === undefined || !isUnchanged(reply, sent)) return;
    const headers: OutgoingHttpHeader[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !PER_ANSWER.has(name.toLowerCase())) headers.push(name, value);
    }
    this.lightRoutes.learn(route, accepted, { headers, contentType });
  }

  /**
   * Takes a plain, valid request of a light route (see above) and answers it; false when Fastify must
   * answer it. Nothing is counted or computed before it is taken.
   */
  private light(
    request: IncomingMessage,
    response: ServerResponse,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    if (!this.replaying || this.lightRoutes.size === 0 || !this.cache) return false;
    const taken = this.lightRoutes.take(request);
    if (!taken) return false;
    // A client past the limit gets the full stack's 429 (a refused read is not counted again).
    const decision = this.limits ? this.limits.decideNow(request) : undefined;
    if (decision === null || (decision && !decision.allowed)) return false;
    void this.answerLight(request, response, handler, taken, decision);
    return true;
  }

  private async answerLight(
    request: IncomingMessage,
    response: ServerResponse,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    taken: LightRequest,
    decision: ReadDecision | undefined,
  ): Promise<void> {
    const started = performance.now();
    const cache = this.cache!;
    const { route, encoding, template } = taken;
    let answer: Buffer;
    let body: Buffer;
    try {
      const { key, expiresAt } = answerKey(taken.url, route.answer);
      const { reads, keep, shows } = route.answer;
      answer = await cache.json(key, taken.compute, {
        reads,
        expiresAt,
        keep,
        shows: shows && ((value) => shows(value, taken.query)),
      });
      body =
        encoding && answer.length >= COMPRESS_THRESHOLD && cache.compressible(answer)
          ? await cache.compressed(answer, encoding)
          : answer;
    } catch {
      // The full stack answers (and logs) a failure in its own form; the read is counted again.
      handler(request, response);
      return;
    }
    const etag = etagOf(answer);
    const own: OutgoingHttpHeader[] = ['ETag', etag];
    const computation = cache.computationOf(answer);
    if (computation !== undefined) own.push(ANSWER_COMPUTATION_HEADER, computation);
    const notModified = [...template.headers, ...own, REQUEST_ID_HEADER, ''];
    own.push('content-type', template.contentType);
    if (body !== answer) own.push('Content-Encoding', encoding!);
    own.push('content-length', body.length);
    const headers = [...template.headers, ...own, REQUEST_ID_HEADER, ''];
    const id = requestIdFor(request);
    request.resume(); // a GET body, if any, is not read
    headers[headers.length - 1] = id;
    response.writeHead(200, decision ? headers.concat(rateLimitHeaders(decision).flat()) : headers);
    response.end(body);
    this.answered.light += 1;
    if (this.replaying && cache.isReplayable(answer) && !cache.isQuick(body)) {
      this.remember(addressKey(encoding ?? 'identity', request), {
        headers,
        body,
        etag,
        notModified,
        expiresAt: cache.expiresAt(answer),
        reads: cache.readsOf(answer),
        answer,
      });
    }
    this.logAnswer(request, id, 200, started, 'request completed (light)');
  }

  private logAnswer(request: IncomingMessage, id: string, status: number, started: number, message: string) {
    if (this.log && LOGS_REQUESTS.has(this.log.level)) {
      const responseTime = performance.now() - started;
      this.log.info(
        {
          reqId: id,
          req: { method: request.method, url: request.url },
          res: { statusCode: status },
          responseTime,
        },
        message,
      );
    }
  }

  /** Answers `request` from a replay when there is one; false when Fastify must answer it. */
  private replay(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.replaying || this.replays.size === 0) return false;
    const key = replayKey(request);
    const replay = key === null ? undefined : this.replays.get(key);
    if (!replay) return false;
    if (replay.expiresAt !== undefined && Date.now() >= replay.expiresAt) {
      this.drop(key!);
      return false;
    }
    const started = performance.now();
    // A request naming a key this replica cannot vouch for right now goes through Fastify.
    const decision = this.limits ? this.limits.decideNow(request) : undefined;
    if (decision === null) return false;
    const id = requestIdFor(request);
    request.resume(); // a GET body, if any, is not read
    let status: number;
    if (decision && !decision.allowed) {
      const refusal = this.limits!.refusal(decision);
      status = 429;
      response.writeHead(status, [
        ...everyAnswerHeaders(replay.headers),
        ...refusal.headers,
        REQUEST_ID_HEADER,
        id,
      ]);
      response.end(refusal.body);
    } else {
      const notModified = matchesIfNoneMatch(request.headers['if-none-match'], replay.etag);
      const headers = notModified ? replay.notModified : replay.headers;
      // writeHead copies the headers at once, so the shared list's last slot can take this request's id.
      headers[headers.length - 1] = id;
      status = notModified ? 304 : 200;
      response.writeHead(status, decision ? headers.concat(rateLimitHeaders(decision).flat()) : headers);
      response.end(notModified ? undefined : replay.body);
    }
    this.answered.replayed += 1;
    this.logAnswer(request, id, status, started, 'request completed (replayed)');
    return true;
  }

  private remember(key: string, replay: Replay): void {
    this.drop(key);
    this.replays.set(key, replay);
    this.replayBytes += replay.body.length;
    trimToLimits(
      this.replays,
      { entries: MAX_REPLAYS, bytes: MAX_REPLAY_BYTES },
      () => this.replayBytes,
      (oldest) => this.drop(oldest),
    );
  }

  private drop(key: string): void {
    const replay = this.replays.get(key);
    if (!replay) return;
    this.replays.delete(key);
    this.replayBytes -= replay.body.length;
  }

  /**
   * Drops the replays of answers that read a table in `changed` (null: all of them) unless still
   * current (an answer showing none of the creators a write changed: AnswerOptions.shows).
   */
  private forget(changed: ChangedTables): void {
    if (changed === null) {
      this.replays.clear();
      this.replayBytes = 0;
      return;
    }
    for (const [key, replay] of this.replays) {
      if (isAffected(replay.reads, changed) && !this.cache?.isCurrent(replay.answer)) this.drop(key);
    }
  }
}

/** The CachedAnswers of each server its serverFactory made. */
const servers = new WeakMap<object, CachedAnswers>();

function isUnchanged(reply: FastifyReply, sent: Sent): boolean {
  return (
    reply.statusCode === 200 &&
    reply.getHeader('set-cookie') === undefined &&
    reply.getHeader('content-type') !== undefined &&
    Number(reply.getHeader('content-length')) === sent.body.length &&
    (reply.getHeader('content-encoding') ?? null) === sent.encoding
  );
}

/** The kept headers of a 200 with a body of `length` bytes, or of a 304 (null: no body, no body headers). */
function replayHeaders(reply: FastifyReply, length: number | null): OutgoingHttpHeader[] {
  const headers: OutgoingHttpHeader[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const lower = name.toLowerCase();
    if (value === undefined || PER_RESPONSE.has(lower)) continue;
    if (length === null && (lower === 'content-type' || lower === 'content-encoding')) continue;
    headers.push(name, value);
  }
  if (length !== null) headers.push('content-length', length);
  return [...headers, REQUEST_ID_HEADER, ''];
}
