/**
 * Request ids: every request gets one, used as `reqId` on each log line it causes and echoed in the
 * `x-request-id` response header. An id sent by a proxy or load balancer in `x-request-id` is kept
 * when it looks like one (so logs join up across hops); anything else gets a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const USABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's id when usable, else a new UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && USABLE_ID.test(sent) ? sent : randomUUID();
}

/** Echoes the id on every response, errors and static files included. */
export function registerRequestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
