import { AsyncLocalStorage } from 'node:async_hooks';
import { SYSTEM_ACTOR, VISITOR_ACTOR } from '@friends/shared';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { SessionService } from '../auth/session.service';

const actors = new AsyncLocalStorage<string>();
/** Requests running inside `actors` now (see ActorInterceptor). */
let inScope = 0;

/** Who is making the change being recorded: "admin · <label>", or "system" outside a request. */
export const currentActor = (): string => actors.getStore() ?? SYSTEM_ACTOR;

/**
 * Runs each request's handler with its actor in scope, so the history can name who made a change
 * without every service taking the session as an argument. The label is derived from the session's
 * hash: it tells sessions apart and reveals nothing of the cookie.
 *
 * While an AsyncLocalStorage is enabled, Node gives every new promise of the process a copy of the
 * store (a hook and a new property on each): 6–15 % of a public search's CPU here. So a visitor's
 * GET or HEAD, which records nothing and reads no actor, runs outside it, and the storage is disabled
 * whenever no request is inside it (the next one enables it again).
 */
@Injectable()
export class ActorInterceptor implements NestInterceptor {
  constructor(private readonly sessions: SessionService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = this.sessions.actorOf(request);
    if (actor === VISITOR_ACTOR && (request.method === 'GET' || request.method === 'HEAD'))
      return next.handle();
    return new Observable((subscriber) => {
      inScope++;
      const handled = actors.run(actor, () => next.handle().subscribe(subscriber));
      return () => {
        handled.unsubscribe();
        if (--inScope === 0) actors.disable();
      };
    });
  }
}
