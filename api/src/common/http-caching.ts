/**
 * HTTP caching that browsers, nginx and CDNs understand (docs/architecture.md "Architecture
 * rules"). Every 200 answer to a GET or HEAD carries a weak ETag, a hash of its bytes, and an
 * If-None-Match that matches it answers 304 without the body.
 *
 * Reads without their own Cache-Control get `no-cache`: a cache may keep the answer but revalidates it
 * on every use (a 304 when nothing changed). A max-age, even of 1 s, would let a CDN serve an answer
 * a write has already replaced for that long plus a replica's poll, beyond the 1-second promise. An
 * answer to a request with a cookie is `private` (an admin's reads must not land in a shared cache);
 * without one it is `public`, as the route answered it to anyone.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD']);

/** Hashes of answers sent as the same Buffer again and again (the aggregate cache's): made once. */
const hashes = new WeakMap<Buffer, string>();

/** The weak ETag of `payload`. */
export function etagOf(payload: string | Buffer): string {
  if (typeof payload === 'string') return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  let etag = hashes.get(payload);
  if (etag === undefined) {
    etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    hashes.set(payload, etag);
  }
  return etag;
}

/**
 * Gives `form` the ETag of `payload` (weak: the same answer in another form, as a card's palette PNG
 * is of the drawn one, or a copy). Returns `form`.
 */
export function sameEtag(payload: Buffer, form: Buffer): Buffer {
  hashes.set(form, etagOf(payload));
  return form;
}

/** True when the If-None-Match header names `etag` (weak comparison, lists and `*` included). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/**
 * Registers the hook. It must run before any hook that compresses the payload, so the ETag names the
 * JSON whatever the encoding (weak: the same answer in br, gzip or none).
 */
export function registerHttpCaching(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // files, streams
    const cacheControl = reply.getHeader('cache-control');
    if (cacheControl === undefined) {
      void reply.header('Cache-Control', `${request.headers.cookie ? 'private' : 'public'}, no-cache`);
    } else if (String(cacheControl).includes('no-store')) {
      return payload;
    }
    const etag = String(reply.getHeader('etag') ?? etagOf(payload));
    void reply.header('ETag', etag);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304);
    return '';
  });
}
