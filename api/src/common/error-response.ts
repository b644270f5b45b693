import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiError } from '@friends/shared';
import {
  isDatabaseFull,
  isDatabaseReadOnly,
  isDatabaseUnavailable,
  isForeignKeyViolation,
} from '../database/database-errors';

export interface ErrorResponse {
  status: number;
  body: ApiError;
  /** Unexpected: log it with its stack. */
  unexpected: boolean;
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable. Try again shortly.';
export const DATABASE_FULL = 'The database is full: nothing was saved. Free some disk space and try again.';
export const DATABASE_READ_ONLY =
  'The database is read-only: nothing was saved. Make its file writable and try again.';
export const CONCURRENT_CHANGE =
  'A record this change refers to was changed at the same time. Reload and try again.';

/** Fastify's own errors (parsing, limits) carry a 4xx statusCode; their messages are fine to show. */
interface FastifyLikeError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const { message, error } = response as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string') return message;
  if (typeof error === 'string') return error;
  return exception.message;
}

/** The one shape of every error answer: `{ "error": "<message>" }` with the right status. */
export function toErrorResponse(exception: unknown): ErrorResponse {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: { error: httpExceptionMessage(exception) }, unexpected: status >= 500 };
  }
  if (isDatabaseFull(exception)) {
    return { status: HttpStatus.INSUFFICIENT_STORAGE, body: { error: DATABASE_FULL }, unexpected: true };
  }
  if (isDatabaseReadOnly(exception)) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { error: DATABASE_READ_ONLY }, unexpected: true };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { error: DATABASE_UNAVAILABLE },
      unexpected: true,
    };
  }
  if (isForeignKeyViolation(exception)) {
    return { status: HttpStatus.CONFLICT, body: { error: CONCURRENT_CHANGE }, unexpected: false };
  }
  const fastifyError = exception as FastifyLikeError;
  if (
    typeof fastifyError?.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    const message = typeof fastifyError.message === 'string' ? fastifyError.message : 'Bad request';
    return { status: fastifyError.statusCode, body: { error: message }, unexpected: false };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { error: 'Internal server error' },
    unexpected: true,
  };
}
