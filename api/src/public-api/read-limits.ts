/**
 * PUBLIC_READ_RATE_LIMIT on the wire (docs/architecture.md "Security"). Every public read of the API
 * (GET and HEAD of a public route under /api/, and the app's page with its link preview) is counted per
 * client address, or per API key when it carries `Authorization: Bearer <key>`, and answers with the
 * IETF RateLimit-Policy and RateLimit fields; past the limit it answers 429 with Retry-After. The
 * probes (`@NoReadLimit`) and static files are not counted. Replayed answers (common/cached-answers.ts)
 * are counted before they are written, with the same fields.
 */
import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';
import { RATE_LIMIT_POLICIES, SHARE_MESSAGES, type ApiError } from '@friends/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import proxyAddr from 'proxy-addr';
import type { RouteAccessConfig } from '../auth/access.decorators';
import type { ShareConfig, TrustProxy } from '../config/configuration';
import type { ApiKeysService } from './api-keys.service';
import { ReadLimiter, WINDOW_MS, type LimitDecision, type SharedCounts } from './read-limiter';

/** How often a replica exchanges its counts with the others. */
const SYNC_MS = 1_000;
const WINDOW_SECONDS = WINDOW_MS / 1000;

/** A decision with the policy it was made under. */
export interface ReadDecision extends LimitDecision {
  policy: string;
}

/** The RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers, structured fields). */
export function rateLimitHeaders(decision: ReadDecision): [string, string][] {
  const name = `"${decision.policy}"`;
  return [
    ['RateLimit-Policy', `${name};q=${decision.limit};w=${WINDOW_SECONDS}`],
    ['RateLimit', `${name};r=${decision.remaining};t=${decision.resetSeconds}`],
  ];
}

/** `Authorization: Bearer <token>` → the token; undefined without the header; '' when it is not a bearer token. */
function bearer(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** The public read paths: the API's routes and the app's page (not its static files). */
const isLimitedUrl = (url: string | undefined) => url === '/' || (url?.startsWith('/api/') ?? false);

export class ReadLimits {
  private readonly limiter: ReadLimiter;
  private keys: ApiKeysService | null = null;
  private readonly trust: ((address: string, hop: number) => boolean) | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: Pick<ShareConfig, 'publicReadsPerMinute'>,
    trustProxy: TrustProxy,
  ) {
    this.limiter = new ReadLimiter();
    this.trust =
      trustProxy === false
        ? null
        : typeof trustProxy === 'number'
          ? (_address, hop) => hop < trustProxy
          : proxyAddr.compile(trustProxy);
  }

  /** The client address, as Fastify's `request.ip` reads it under TRUST_PROXY. */
  clientAddress(request: IncomingMessage): string {
    if (!this.trust) return request.socket.remoteAddress ?? '';
    return proxyAddr(request, this.trust);
  }

  private byAddress(request: IncomingMessage): ReadDecision {
    const decision = this.limiter.hit(`ip:${this.clientAddress(request)}`, this.config.publicReadsPerMinute);
    return Object.assign({}, decision, { policy: RATE_LIMIT_POLICIES.address });
  }

  private byKey(id: number, limit: number): ReadDecision {
    return Object.assign({}, this.limiter.hit(`key:${id}`, limit), { policy: RATE_LIMIT_POLICIES.key });
  }

  /**
   * The decision for a replayed answer, when it can be made without the database: null when the
   * request names a key this replica does not know right now (Fastify then answers it, 401 included).
   */
  decideNow(request: IncomingMessage): ReadDecision | null {
    const key = bearer(request);
    if (key === undefined) return this.byAddress(request);
    const grant = key && this.keys ? this.keys.grantNow(key) : undefined;
    return grant ? this.byKey(grant.id, grant.limit) : null;
  }

  /** Headers of a 429 written by the HTTP server itself (a replay past the limit). */
  refusal(decision: ReadDecision): { headers: OutgoingHttpHeader[]; body: string } {
    const body = JSON.stringify({ error: SHARE_MESSAGES.rateLimited } satisfies ApiError);
    return {
      headers: [
        ...rateLimitHeaders(decision).flat(),
        'Retry-After',
        String(decision.resetSeconds),
        'Content-Type',
        'application/json; charset=utf-8',
        'Cache-Control',
        'no-store',
        'Content-Length',
        String(Buffer.byteLength(body)),
      ],
      body,
    };
  }

  /**
   * Counts every limited request Fastify routes (register before the admin gate: a refused read costs
   * nothing more), and exchanges counts with the other replicas while the server runs.
   */
  register(fastify: FastifyInstance, keys: ApiKeysService, store: SharedCounts): void {
    this.keys = keys;
    this.limiter.attach(store);
    fastify.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config as RouteAccessConfig;
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        config.access !== 'public' ||
        config.readLimit === false ||
        !isLimitedUrl(request.routeOptions.url)
      )
        return;
      const key = bearer(request.raw);
      let decision: ReadDecision;
      if (key === undefined) decision = this.byAddress(request.raw);
      else {
        const grant = key ? await keys.grant(key) : null;
        if (!grant) return refuse(reply, 401, SHARE_MESSAGES.keyInvalid);
        decision = this.byKey(grant.id, grant.limit);
      }
      for (const [name, value] of rateLimitHeaders(decision)) void reply.header(name, value);
      if (!decision.allowed) {
        void reply.header('Retry-After', String(decision.resetSeconds));
        return refuse(reply, 429, SHARE_MESSAGES.rateLimited);
      }
    });
    fastify.addHook('onReady', (done) => {
      this.timer = setInterval(() => void this.limiter.sync().catch(() => undefined), SYNC_MS);
      this.timer.unref();
      done();
    });
    fastify.addHook('onClose', (_instance, done) => {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      done();
    });
  }

  /** Sends this replica's counts now (tests, and a replica about to stop). */
  sync(): Promise<void> {
    return this.limiter.sync();
  }
}

function refuse(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send({ error } satisfies ApiError);
}
