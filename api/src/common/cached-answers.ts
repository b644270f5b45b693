/**
 * Cached aggregate answers on the wire (docs/performance.md).
 *
 * Encoding: an answer of the AggregateCache goes out in the br or gzip form the cache made once, off
 * the event loop (@fastify/compress leaves a response that already has a Content-Encoding alone).
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
import { rateLimitHeaders, type ReadLimits } from '../public-api/read-limits';
import { matchesIfNoneMatch } from './http-caching';
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

/** br when the client accepts it, else gzip, else none (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * The replay key of a request, or null when it must take the full stack. Without Accept-Encoding the
 * answer is sent as is; a header naming neither br nor gzip (say, deflate alone) is left to
 * @fastify/compress.
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
  return encoding === null ? null : `${encoding} ${request.url}`;
}

/** preferredEncoding, remembered per header value (browsers send a handful of them). */
const encodings = new Map<string, ContentEncoding | null>();
function encodingOf(header: string): ContentEncoding | null {
  let encoding = encodings.get(header);
  if (encoding === undefined) {
    encoding = preferredEncoding(header);
    if (encodings.size < 100) encodings.set(header, encoding);
  }
  return encoding;
}

export class CachedAnswers {
  /** `limits`: PUBLIC_READ_RATE_LIMIT, counted for replays too (null: replays are not counted). */
  constructor(private readonly limits: ReadLimits | null = null) {}

  private readonly replays = new Map<string, Replay>();
  private replayBytes = 0;
  private replaying = false;
  private log: FastifyBaseLogger | null = null;

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), which answers
   * replays itself and hands every other request to Fastify.
   */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ) => {
    const server = createServer((request, response) => {
      if (!this.replay(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Encodes cached answers, keeps what may be replayed, and drops what each write makes stale. */
  register(fastify: FastifyInstance, cache: AggregateCache): void {
    this.log = fastify.log;
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
      if (sent && etag && this.replaying && isUnchanged(reply, sent) && cache.isCurrent(sent.answer)) {
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
      done();
    });
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
      response.writeHead(status, [...refusal.headers, REQUEST_ID_HEADER, id]);
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
    if (this.log && LOGS_REQUESTS.has(this.log.level)) {
      const responseTime = performance.now() - started;
      this.log.info(
        {
          reqId: id,
          req: { method: request.method, url: request.url },
          res: { statusCode: status },
          responseTime,
        },
        'request completed (replayed)',
      );
    }
    return true;
  }

  private remember(key: string, replay: Replay): void {
    this.drop(key);
    this.replays.set(key, replay);
    this.replayBytes += replay.body.length;
    while (
      this.replays.size > 1 &&
      (this.replays.size > MAX_REPLAYS || this.replayBytes > MAX_REPLAY_BYTES)
    ) {
      const oldest = this.replays.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const replay = this.replays.get(key);
    if (!replay) return;
    this.replays.delete(key);
    this.replayBytes -= replay.body.length;
  }

  /** Drops the replays of answers that read a table in `changed` (null: all of them). */
  private forget(changed: ChangedTables): void {
    if (changed === null) {
      this.replays.clear();
      this.replayBytes = 0;
      return;
    }
    for (const [key, replay] of this.replays) if (isAffected(replay.reads, changed)) this.drop(key);
  }
}

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
