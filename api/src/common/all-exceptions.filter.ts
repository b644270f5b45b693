import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response';
import { isAbortedUpload } from './request-limits';
import { TooManyRequests } from './too-many-requests';

/** Shapes every error as `{ "error": "…" }` (docs/architecture.md "Architecture rules"). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (isAbortedUpload(exception, request)) {
      // The client went away or was cut off (request timeout): nobody is left to answer.
      this.logger.warn(`Upload aborted before it was complete: ${request.method} ${request.url}`);
      return;
    }
    const { status, body, unexpected } = toErrorResponse(exception);
    if (unexpected)
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    if (reply.sent) return;
    if (exception instanceof TooManyRequests)
      void reply.header('Retry-After', String(exception.retryAfterSeconds));
    void reply.status(status).header('Cache-Control', 'no-store').send(body);
  }
}
