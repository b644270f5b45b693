import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * The signals that ask the server to end, each drained as below: a supervisor's stop (SIGTERM), Ctrl-C
 * (SIGINT), a closed terminal (SIGHUP). Faults are not among them (see createApp).
 */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Longest a shutdown waits for requests in flight before closing their connections. */
export const DRAIN_TIMEOUT_MS = 25_000;

/**
 * SIGTERM drains. Nest's shutdown hook closes Fastify, which stops listening (new
 * connections are refused) and answers 503 to new requests on open connections, but waits for every
 * connection to end: a keep-alive connection whose request was in flight stays open after its answer
 * until the keep-alive timeout (72 s), and the process with it. So once closing, every answer says
 * `Connection: close`, and connections still open after DRAIN_TIMEOUT_MS are closed. The database is
 * closed after the HTTP server (TypeORM's onApplicationShutdown), so requests in flight finish their
 * writes. Hooks are added here because providers are built before the routes and before `ready`.
 */
@Injectable()
export class GracefulShutdown {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    let draining = false;
    fastify.addHook('preClose', (done) => {
      draining = true;
      fastify.server.closeIdleConnections();
      setTimeout(() => fastify.server.closeAllConnections(), DRAIN_TIMEOUT_MS).unref();
      done();
    });
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) void reply.header('Connection', 'close');
      done(null, payload);
    });
  }
}
