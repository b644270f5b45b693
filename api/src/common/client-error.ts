import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '@friends/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

const MESSAGES: Record<number, string> = {
  400: 'Malformed request',
  408: 'The request took too long to arrive',
  431: 'The request line or headers are too large',
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a 20 KB URL, a broken request line,
 * a request that never finishes) answered in the one error shape, `{ "error": "…" }`, like every other
 * error (Fastify's default adds `message` and `statusCode`).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: MESSAGES[status]! } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's own answer to a URL it cannot decode ('%zz'), in the one error shape (its default body has
 * statusCode, code, error and message, and skips Nest's exception filter).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const body: ApiError = {
    error: error.code === 'FST_ERR_BAD_URL' ? 'Malformed request URL' : error.message,
  };
  void reply.code(status).header('Cache-Control', 'no-store').send(body);
}
