import { BadRequestException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, defer } from 'rxjs';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CachedAnswer, CachedAnswerInterceptor } from './cached-answer';

class Routes {
  @CachedAnswer({ reads: ['creators'] })
  creators() {}

  @CachedAnswer({ reads: ['videos'], expires: 'utc-midnight' })
  byDay() {}

  plain() {}
}

function contextFor(handler: () => void, url: string): { context: ExecutionContext; types: string[] } {
  const types: string[] = [];
  const reply = { type: (value: string) => types.push(value) };
  const context = {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ url }), getResponse: () => reply }),
  } as unknown as ExecutionContext;
  return { context, types };
}

describe('CachedAnswerInterceptor', () => {
  const routes = new Routes();
  let cache: AggregateCache;
  let interceptor: CachedAnswerInterceptor;
  let calls: number;
  const handler = (value: unknown = { n: 1 }): CallHandler => ({
    handle: () =>
      defer(async () => {
        calls += 1;
        if (value instanceof Error) throw value;
        return value;
      }),
  });
  const answer = async (route: () => void, url: string, value?: unknown) =>
    (await lastValueFrom(interceptor.intercept(contextFor(route, url).context, handler(value)))) as unknown;

  beforeEach(() => {
    cache = new AggregateCache();
    interceptor = new CachedAnswerInterceptor(new Reflector(), cache);
    calls = 0;
  });

  it('serialises the typed result once per URL, as JSON, until a table it reads changes', async () => {
    const { context, types } = contextFor(routes.creators, '/api/creators?limit=2');
    const first = await lastValueFrom(interceptor.intercept(context, handler()));
    expect(String(first)).toBe('{"n":1}');
    expect(types).toEqual(['application/json; charset=utf-8']);
    expect(await answer(routes.creators, '/api/creators?limit=2')).toBe(first);
    expect(calls).toBe(1);
    await answer(routes.creators, '/api/creators?limit=3');
    expect(calls).toBe(2);
    cache.committed(new Set(['videos', 'suggestions']), 1);
    expect(await answer(routes.creators, '/api/creators?limit=2')).toBe(first);
    cache.committed(new Set(['creators']), 2);
    expect(await answer(routes.creators, '/api/creators?limit=2')).not.toBe(first);
    expect(calls).toBe(3);
  });

  it('keeps no failure, and leaves routes without the decorator alone', async () => {
    await expect(answer(routes.creators, '/x', new BadRequestException('bad'))).rejects.toThrow('bad');
    expect(String(await answer(routes.creators, '/x'))).toBe('{"n":1}');
    expect(calls).toBe(2);
    expect(await answer(routes.plain, '/y', { raw: true })).toEqual({ raw: true });
  });

  it('keys a day-dependent answer by the day and lets it expire at the next midnight UTC', async () => {
    const body = (await answer(routes.byDay, '/api/leaderboard?period=week')) as Buffer;
    const expiresAt = cache.expiresAt(body)!;
    expect(new Date(expiresAt).toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(expiresAt - Date.now()).toBeGreaterThan(0);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });
});
