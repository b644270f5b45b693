import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { SessionService } from '../auth/session.service';

const actors = new AsyncLocalStorage<string>();

/** Who is making the change being recorded: "admin · <label>", or "system" outside a request. */
export const currentActor = (): string => actors.getStore() ?? 'system';

/**
 * Runs each request's handler with its actor in scope, so the history can name who made a change
 * without every service taking the session as an argument. The label is derived from the session's
 * hash: it tells sessions apart and reveals nothing of the cookie.
 */
@Injectable()
export class ActorInterceptor implements NestInterceptor {
  constructor(private readonly sessions: SessionService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const actor = this.sessions.actorOf(context.switchToHttp().getRequest<FastifyRequest>());
    return new Observable((subscriber) => actors.run(actor, () => next.handle().subscribe(subscriber)));
  }
}
