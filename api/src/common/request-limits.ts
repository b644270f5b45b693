/**
 * Bounds on what a client can make the server do before any handler runs (docs/architecture.md
 * "Security"): body sizes, JSON nesting, compressed bodies, how long a request may take to arrive,
 * plus the answer headers every client relies on (Retry-After on 429, HSTS only over https).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { ApiError } from '@friends/shared';
import {
  errorCodes,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { BodyChunks, RouteAccessConfig } from '../auth/access.decorators';
import type { TrustProxy } from '../config/configuration';

/** Bodies of public routes and unknown URLs: a login or a suggestion is well under 1 KB. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** Bodies of admin routes; a creator with 20 links of 2048 characters is about 45 KB. */
export const ADMIN_BODY_LIMIT = 256 * 1024;
/** No real body nests deeper; deeper ones would only exhaust the validators' stack. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`;
export const COMPRESSED_BODY = 'Compressed request bodies are not accepted: send the JSON as is';

/** TRUST_PROXY as the adapter takes it (its types omit Fastify's hop count, so as a function). */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface Timeouts {
  /** The whole request (headers and body) must have arrived within this. */
  requestMs: number;
}

function answer(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send({ error } satisfies ApiError);
}

/**
 * How deep `text` nests arrays and objects, counted without parsing (brackets inside strings do not
 * count); stops as soon as it passes `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function badRequest(message: string): FastifyError {
  const error = new Error(message) as FastifyError;
  error.statusCode = 400;
  return error;
}

export type { BodyChunks };

/**
 * `payload`'s chunks, `limit` bytes at most (413 past that). Stopping early leaves the rest unread
 * instead of destroying the request, whose socket must still carry the answer.
 */
async function* limitedChunks(payload: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of payload.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    yield chunk;
  }
}

/** The whole body as text, with Fastify's own checks: the route's limit and the Content-Length. */
async function readText(payload: IncomingMessage, limit: number, declared: number): Promise<string> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of limitedChunks(payload, limit)) {
      chunks.push(chunk);
      received += chunk.length;
    }
  } catch (error) {
    const failure = error as FastifyError;
    if (!(typeof failure.statusCode === 'number' && failure.statusCode >= 400)) failure.statusCode = 400;
    throw failure;
  }
  if (!Number.isNaN(declared) && received !== declared)
    throw new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
  return Buffer.concat(chunks, received).toString('utf8');
}

/** The request's body stopped arriving: the client left, or the request timeout cut it off. */
export function isAbortedUpload(error: unknown, request: FastifyRequest | undefined): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (code === 'ECONNRESET' || code === 'ERR_HTTP_REQUEST_TIMEOUT') &&
    request?.raw !== undefined &&
    !request.raw.complete
  );
}

/**
 * Node's own timeouts: a body that stops arriving is cut off (408) instead of holding a socket and
 * its buffer for ever; idle keep-alive sockets close after 5 s.
 */
export function applyTimeouts(server: Server, { requestMs }: Timeouts): void {
  server.requestTimeout = requestMs;
  server.headersTimeout = Math.min(10_000, requestMs);
  server.keepAliveTimeout = 5_000;
  // How often Node checks the two above (30 s by default, which would double the allowed time).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1_000,
    requestMs,
  );
  // A socket silent in both directions for this long is closed (a handler may still work meanwhile).
  server.setTimeout(Math.max(120_000, requestMs * 4));
}

/** Fastify hooks and parsers; register before the routes. */
export function registerRequestLimits(fastify: FastifyInstance): void {
  // Request decompression stays off (@fastify/compress `globalDecompression: false`): a 130 KB gzip
  // body can unpack to gigabytes. A compressed body is refused before it is read.
  fastify.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') return answer(reply, 415, COMPRESSED_BODY);
  });

  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    if ((request.routeOptions.config as RouteAccessConfig).streamBody) {
      return done(null, limitedChunks(payload, limit)); // the handler reads it (@BodyStream)
    }
    readText(payload, limit, declared).then(
      (body) => {
        if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP), undefined);
        parseJson(request, body, done);
      },
      (error: FastifyError) => done(error, undefined),
    );
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    // Every 429 says when to come back; @nestjs/throttler names its header per limit.
    if (reply.statusCode === 429 && !reply.hasHeader('Retry-After')) {
      const named = Object.entries(reply.getHeaders()).find(([name]) =>
        name.toLowerCase().startsWith('retry-after-'),
      );
      void reply.header('Retry-After', String(named?.[1] ?? 60));
    }
    // HSTS means nothing over plain http, and a proxy's https is what counts (TRUST_PROXY).
    if (request.protocol === 'https') {
      void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
}
