import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@friends/shared';
import type { RemotesConfig } from '../config/configuration';

export const CROSS_SITE_REFUSED = 'Cross-site request refused: this origin may not change data here';
export const ORIGIN_NOT_ALLOWED = 'Cross-origin requests from this origin are not allowed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'Content-Type';

/** The origins of remotes served from elsewhere (absolute PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL). */
export function remoteOrigins(remotes: RemotesConfig): string[] {
  return [remotes.publicUrl, remotes.adminUrl]
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => new URL(url).origin)
    .filter((origin, index, all) => all.indexOf(origin) === index);
}

/** The origin the browser used to reach this server (X-Forwarded-Proto/Host count only with TRUST_PROXY). */
export function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** Why a state-changing request must be refused as cross-site, or null when it may go on. */
export function crossSiteRefusal(
  method: string,
  headers: { origin?: string; 'sec-fetch-site'?: string | string[] },
  allowed: readonly string[],
): string | null {
  if (SAFE_METHODS.has(method)) return null;
  const origin = headers.origin;
  if (origin !== undefined) return allowed.includes(origin.toLowerCase()) ? null : CROSS_SITE_REFUSED;
  // No Origin: a browser that sends Sec-Fetch-Site still tells us where the request came from.
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return CROSS_SITE_REFUSED;
  // Neither header: not a browser (curl, a script); the SameSite=Strict cookie covers browsers anyway.
  return null;
}

function refuse(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send({ error } satisfies ApiError);
}

/**
 * Origins, checked before anything else runs:
 * - CSRF: a POST/PUT/PATCH/DELETE whose Origin (or, without one, Sec-Fetch-Site) is not this server
 *   or a configured remote answers 403 { error }.
 * - CORS: closed, except for the configured remote origins, which may call with credentials.
 *   Preflights from any other origin answer 403 { error }; their other requests get no CORS headers,
 *   so the browser does not let the page read the answer.
 */
export function registerOriginPolicy(fastify: FastifyInstance, remotes: RemotesConfig): void {
  const corsOrigins = remoteOrigins(remotes).map((o) => o.toLowerCase());
  fastify.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin?.toLowerCase();
    const corsAllowed = origin !== undefined && corsOrigins.includes(origin);
    if (origin !== undefined) void reply.header('Vary', 'Origin');
    if (corsAllowed) {
      void reply.header('Access-Control-Allow-Origin', request.headers.origin);
      void reply.header('Access-Control-Allow-Credentials', 'true');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (!corsAllowed) return refuse(reply, 403, ORIGIN_NOT_ALLOWED);
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', CORS_METHODS)
        .header('Access-Control-Allow-Headers', CORS_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    const own = ownOrigin(request);
    const refusal = crossSiteRefusal(
      request.method,
      request.headers,
      own ? [own, ...corsOrigins] : corsOrigins,
    );
    if (refusal) return refuse(reply, 403, refusal);
  });
}
