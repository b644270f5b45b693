/**
 * The admin session is checked in Fastify's `onRequest`, before a body is read, decompressed or
 * parsed: a stranger's 50 MB upload to an admin route costs one cookie check and a 401, never the
 * upload (docs/architecture.md "Security"). Which routes are admin-only comes from the same
 * decorators the Nest guard reads (`@AdminOnly`, `@Public`, the method default), carried into each
 * route's Fastify config, so no list of paths can drift.
 */
import { beyondVisitorWindow, type ApiError } from '@friends/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { VISITOR_WINDOW_MESSAGE, parsePage, type Page, type PageLimits } from '../common/page-params';
import { ADMIN_BODY_LIMIT, PUBLIC_BODY_LIMIT } from '../common/request-limits';
import { defaultAccess, type RouteAccessConfig } from './access.decorators';
import type { Session, SessionService } from './session.service';

export const LOGIN_REQUIRED = 'Admin login required';

const GATE_SESSION = Symbol('adminGateSession');
type GatedRequest = FastifyRequest & { [GATE_SESSION]?: Session };

/** The session the gate found for this request (so the guard does not look it up twice). */
export const gateSessionOf = (request: FastifyRequest): Session | undefined =>
  (request as GatedRequest)[GATE_SESSION];

/** How long, and how much, of a refused request's unread body is discarded before the socket closes. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * After the answer, Node discards the rest of an unread body to keep the connection. Closing at once
 * would reset it, and a reset can destroy the answer before the client reads it; so the body is
 * discarded (never buffered or parsed) for a moment and the socket closed if more keeps coming.
 */
function lingerBriefly(request: FastifyRequest): void {
  const raw = request.raw;
  let discarded = 0;
  const close = () => {
    if (!raw.complete) raw.socket?.destroy();
  };
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) close();
  });
  setTimeout(close, LINGER_MS).unref();
}

/** Register after @fastify/cookie (the gate reads the cookie) and before the routes. */
export function registerAdminGate(fastify: FastifyInstance, sessions: SessionService): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as RouteAccessConfig;
    const methods = [route.method].flat();
    const access =
      config.access ?? (methods.every((m) => defaultAccess(m) === 'public') ? 'public' : 'admin');
    route.config = { ...(route.config ?? {}), access } as typeof route.config;
    route.bodyLimit ??= config.bodyLimit ?? (access === 'admin' ? ADMIN_BODY_LIMIT : PUBLIC_BODY_LIMIT);
  });

  fastify.addHook('onRequest', async (request, reply) => {
    const { access, visitorWindow } = request.routeOptions.config as RouteAccessConfig;
    if (access !== 'admin') {
      if (visitorWindow) return holdToVisitorWindow(request, reply, visitorWindow, sessions);
      return;
    }
    // Admin answers are for this browser only.
    void reply.header('Cache-Control', 'no-store');
    const session = await sessions.fromRequest(request);
    if (!session) {
      lingerBriefly(request);
      return reply
        .code(401)
        .header('Content-Type', 'application/json; charset=utf-8')
        .send({ error: LOGIN_REQUIRED } satisfies ApiError);
    }
    (request as GatedRequest)[GATE_SESSION] = session;
  });
}

/**
 * A public paged read past PAGING.visitorWindow: 400 unless the request carries an admin session (looked
 * up only then, so every other page costs nothing here). A malformed page is left to the route's own 400.
 */
async function holdToVisitorWindow(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: PageLimits,
  sessions: SessionService,
): Promise<FastifyReply | undefined> {
  let page: Page;
  try {
    page = parsePage((request.query ?? {}) as Record<string, unknown>, limits);
  } catch {
    return undefined;
  }
  if (!beyondVisitorWindow(page) || (await sessions.fromRequest(request))) return undefined;
  return reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .header('Content-Type', 'application/json; charset=utf-8')
    .send({ error: VISITOR_WINDOW_MESSAGE } satisfies ApiError);
}
