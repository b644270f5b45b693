import type { FastifyRequest } from 'fastify';

/** A host as a URL may carry it: a name or an address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The origin absolute links in feeds and previews start with: PUBLIC_URL when set (what a deployment
 * behind a CDN should do), else the scheme and host the request came with (through TRUST_PROXY's
 * proxies, as Fastify reads them). A Host header that is not a plain host name gives localhost.
 */
export function publicOrigin(request: FastifyRequest, configured: string | null): string {
  if (configured) return configured;
  const host = HOST.test(request.host) ? request.host.toLowerCase() : 'localhost';
  return `${request.protocol}://${host}`;
}
