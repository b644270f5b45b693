import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { defer, firstValueFrom, type Observable } from 'rxjs';
import type { SessionService } from '../auth/session.service';
import { ActorInterceptor, currentActor } from './actor-context';

interface FakeRequest {
  method: string;
  actor: string;
}

const sessions = { actorOf: (request: FakeRequest) => request.actor } as unknown as SessionService;
const interceptor = new ActorInterceptor(sessions);

/** Runs `handler` as the request's handler through the interceptor; answers what the handler answered. */
function handle<T>(request: FakeRequest, handler: () => Promise<T>): Promise<T> {
  const context = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  const next: CallHandler<T> = { handle: () => defer(handler) };
  return firstValueFrom(interceptor.intercept(context, next) as Observable<T>);
}

/** The actor the handler sees after a turn of the event loop (as a service deep in a request would). */
const actorLater = () => new Promise<string>((resolve) => setImmediate(() => resolve(currentActor())));

describe('ActorInterceptor', () => {
  it('gives an admin request and a visitor’s change their actor, and a visitor’s read none', async () => {
    expect(await handle({ method: 'GET', actor: 'admin · aaaaaa' }, actorLater)).toBe('admin · aaaaaa');
    expect(await handle({ method: 'POST', actor: 'visitor' }, actorLater)).toBe('visitor');
    expect(await handle({ method: 'GET', actor: 'visitor' }, actorLater)).toBe('system');
    expect(await handle({ method: 'HEAD', actor: 'visitor' }, actorLater)).toBe('system');
    expect(currentActor()).toBe('system');
  });

  it('keeps a request’s actor while other requests begin and end around it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = handle({ method: 'POST', actor: 'admin · aaaaaa' }, async () => {
      const before = await actorLater();
      await gate;
      return [before, await actorLater()];
    });
    // Another request, and a visitor's read outside the storage, start and end meanwhile.
    expect(await handle({ method: 'DELETE', actor: 'admin · bbbbbb' }, actorLater)).toBe('admin · bbbbbb');
    expect(await handle({ method: 'GET', actor: 'visitor' }, actorLater)).toBe('system');
    release();
    expect(await first).toEqual(['admin · aaaaaa', 'admin · aaaaaa']);
    // Once none is in flight the storage is off; the next request turns it on again.
    expect(await handle({ method: 'PUT', actor: 'admin · cccccc' }, actorLater)).toBe('admin · cccccc');
  });
});
