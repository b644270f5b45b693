import type { FastifyRequest } from 'fastify';

/** A host as a URL may carry it: a name or an address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * Origins taken from requests whose answers are kept. A deployment is reached under a handful of names;
 * without a bound, a stranger sending a new Host header each request would fill the answer cache with
 * copies of feeds and previews and push out what every other visitor reads.
 */
export const KEPT_REQUEST_ORIGINS = 8;

/** The origin absolute links start with, and whether answers written with it may be kept. */
export interface LinkOrigin {
  readonly url: string;
  readonly keep: boolean;
}

/**
 * The origin absolute links in feeds and previews start with: PUBLIC_URL when set (what a deployment
 * behind a CDN should do), else the scheme and host the request came with (through TRUST_PROXY's
 * proxies, as Fastify reads them). A Host header that is not a plain host name gives localhost. Answers
 * are kept for PUBLIC_URL and for the first KEPT_REQUEST_ORIGINS origins requests came with; any other
 * origin's answer is written for its request alone.
 */
export class PublicOrigins {
  private readonly kept = new Set<string>();

  constructor(
    private readonly configured: string | null,
    private readonly maxKept = KEPT_REQUEST_ORIGINS,
  ) {}

  of(request: FastifyRequest): LinkOrigin {
    if (this.configured) return { url: this.configured, keep: true };
    const host = HOST.test(request.host) ? request.host.toLowerCase() : 'localhost';
    const url = `${request.protocol}://${host}`;
    if (!this.kept.has(url) && this.kept.size < this.maxKept) this.kept.add(url);
    return { url, keep: this.kept.has(url) };
  }
}
