import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The body of a route that reads it itself (`@StreamedBody`): its chunks, as they arrive. */
export type BodyChunks = AsyncIterable<Buffer>;

export const ACCESS_KEY = 'friends:access';
export type Access = 'public' | 'admin';

/** Where @nestjs/platform-fastify reads a handler's Fastify route `config` from. */
const FASTIFY_ROUTE_CONFIG = '__fastify_route_config__';

/** What the Fastify hooks of `admin-gate.ts` read from a route, before any body is read. */
export interface RouteAccessConfig {
  access?: Access;
  /** Largest body this route reads, in bytes. */
  bodyLimit?: number;
  /** The handler reads the JSON body itself, as it arrives (`@StreamedBody`). */
  streamBody?: boolean;
  /** false: a public read outside PUBLIC_READ_RATE_LIMIT (`@NoReadLimit`). */
  readLimit?: boolean;
  /**
   * A paged read that, without an admin session, pages only within PAGING.visitorWindow
   * (`@VisitorWindow`): its `?limit=` when absent, and at most.
   */
  visitorWindow?: { defaultLimit: number; maxLimit: number };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Without a decorator, reads (GET, HEAD) are public and every other method needs the admin session. */
export const defaultAccess = (method: string): Access => (READ_METHODS.has(method) ? 'public' : 'admin');

/**
 * Adds `patch` to the Fastify route config of a handler, or of every handler of a class that does
 * not set the same keys itself (class decorators run after the methods' own).
 */
function routeConfig(patch: RouteAccessConfig): ClassDecorator & MethodDecorator {
  const merge = (handler: object, onlyMissing: boolean) => {
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG, handler) ?? {}) as RouteAccessConfig;
    const next = onlyMissing ? { ...patch, ...current } : { ...current, ...patch };
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG, next, handler);
  };
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      merge(descriptor.value as object, false);
      return;
    }
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const member = prototype[name];
      if (name !== 'constructor' && typeof member === 'function') merge(member, true);
    }
  };
}

function access(level: Access): ClassDecorator & MethodDecorator {
  const nest = SetMetadata(ACCESS_KEY, level);
  const fastify = routeConfig({ access: level });
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      nest(target, key as string | symbol, descriptor);
      fastify(target, key as string | symbol, descriptor);
    } else {
      (nest as ClassDecorator)(target as never);
      (fastify as ClassDecorator)(target as never);
    }
  };
}

/**
 * Who may call a route. The Nest guard and the Fastify `onRequest` gate both read it: the gate
 * answers 401 before the body is read (docs/architecture.md "Security").
 */
export const Public = () => access('public');
export const AdminOnly = () => access('admin');

/** The largest body a route reads (the API's default is small; see `request-limits.ts`). */
export const BodyLimit = (bytes: number) => routeConfig({ bodyLimit: bytes });

/**
 * A route whose handler reads its JSON body as a stream (`@BodyStream()`) instead of receiving it
 * parsed; `bytes` bounds it all the same.
 */
export const StreamedBody = (bytes: number) => routeConfig({ bodyLimit: bytes, streamBody: true });

/** The unread body of a `@StreamedBody` route: its chunks, as they arrive (empty when there is none). */
export const BodyStream = createParamDecorator(
  (_data: unknown, context: ExecutionContext): BodyChunks =>
    (context.switchToHttp().getRequest<FastifyRequest>().body as BodyChunks | undefined) ??
    (async function* () {})(),
);

/** A public read that the per-address read limit leaves alone (liveness and readiness probes). */
export const NoReadLimit = () => routeConfig({ readLimit: false });

/**
 * A public paged read whose deep pages cost a row per row skipped: without an admin session its
 * `offset + limit` may not pass PAGING.visitorWindow (the gate answers 400 before anything is read).
 */
export const VisitorWindow = (limits: { defaultLimit: number; maxLimit: number }) =>
  routeConfig({ visitorWindow: { defaultLimit: limits.defaultLimit, maxLimit: limits.maxLimit } });

export const THROTTLE_MESSAGE_KEY = 'friends:throttle-message';
/** The error answered with 429 when a throttled route's limit is reached. */
export const ThrottleMessage = (message: string) => SetMetadata(THROTTLE_MESSAGE_KEY, message);
