import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { AggregateCache } from '../database/aggregate-cache.service';
import { preferredEncoding } from './accepted-encoding';
import { CachedAnswers } from './cached-answers';
import { registerHttpCaching } from './http-caching';
import { registerRequestIdHeader } from './request-id';

/**
 * A bare Fastify with the cached answers in front and one cached route, counting what reaches
 * Fastify's hooks and the route, over real HTTP (replays happen in the HTTP server, so inject()
 * would never see them).
 */
async function serve() {
  const cache = new AggregateCache();
  const answers = new CachedAnswers();
  const fastify: FastifyInstance = Fastify({ serverFactory: answers.serverFactory });
  registerHttpCaching(fastify);
  answers.register(fastify, cache);
  registerRequestIdHeader(fastify);
  const counts = { hooks: 0, computed: 0 };
  let value = 'first';
  let gate: Promise<void> = Promise.resolve();
  fastify.addHook('onRequest', (_request, reply, done) => {
    counts.hooks += 1;
    void reply.header('X-Security', 'on'); // stands for helmet: set by a hook, kept in the replay
    done();
  });
  fastify.get('/answer', async (_request, reply) => {
    void reply.header('Content-Type', 'application/json; charset=utf-8');
    return cache.json('answer', async () => {
      const n = ++counts.computed;
      await gate;
      return { value, padding: Array.from({ length: 300 }, (_, i) => (i * 7919) % 1000).join(','), n };
    });
  });
  let day = 1;
  const midnight = Date.now() + 60_000;
  fastify.get('/dated', async (_request, reply) => {
    void reply.header('Content-Type', 'application/json; charset=utf-8');
    // As the period leaderboard: the day in the key, and the answer expiring at the next midnight.
    return cache.json(`dated:${day}`, async () => ({ day }), day === 1 ? midnight : midnight + 86_400_000);
  });
  fastify.get('/set-cookie', async (_request, reply) => {
    void reply.header('Content-Type', 'application/json').header('Set-Cookie', 'a=b');
    return cache.json('cookie', async () => ({ ok: true }));
  });
  const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; text: string }>(
      (resolve, reject) => {
        request(address + path, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              text: body.toString(),
            });
          });
        })
          .on('error', reject)
          .end();
      },
    );
  return {
    cache,
    counts,
    get,
    setValue: (next: string) => (value = next),
    /** The clock passes the first answer's midnight. */
    nextDay: () => {
      day = 2;
      jest.spyOn(Date, 'now').mockReturnValue(midnight);
    },
    /** Holds computations until the returned function is called. */
    hold: () => {
      let release = () => undefined as void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    close: () => fastify.close(),
  };
}

describe('preferredEncoding', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('CachedAnswers', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeEach(async () => (server = await serve()));
  afterEach(() => {
    jest.restoreAllMocks();
    return server.close();
  });

  it('replays a public answer without reaching Fastify, with the same headers and a fresh request id', async () => {
    const first = await server.get('/answer');
    const second = await server.get('/answer');
    expect(server.counts.hooks).toBe(1);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['x-security']).toBe('on');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('keeps one replay per encoding, of the smaller brotli form once it replaced the quick one', async () => {
    const raw = (await server.get('/answer')).text;
    const quick = await server.get('/answer', { 'accept-encoding': 'br, gzip' });
    expect(quick.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(quick.body).toString()).toBe(raw);
    // The quick form is sent, not replayed, until the smaller one made in the background replaces it.
    let response = quick;
    for (let tries = 0; response.body.equals(quick.body) && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      response = await server.get('/answer', { 'accept-encoding': 'br, gzip' });
    }
    expect(response.body.length).toBeLessThan(quick.body.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(raw);
    const hooks = server.counts.hooks;
    for (let i = 0; i < 2; i += 1) {
      const again = await server.get('/answer', { 'accept-encoding': 'br, gzip' });
      expect(again.body.equals(response.body)).toBe(true);
      expect(Number(again.headers['content-length'])).toBe(again.body.length);
    }
    expect(server.counts.hooks).toBe(hooks); // both replayed
    expect(server.counts.computed).toBe(1);
  });

  it('drops every replay at a write', async () => {
    expect(JSON.parse((await server.get('/answer')).text).value).toBe('first');
    server.setValue('second');
    server.cache.invalidate();
    expect(JSON.parse((await server.get('/answer')).text).value).toBe('second');
    expect(server.counts.hooks).toBe(2);
  });

  it('never keeps an answer whose computation overlapped a write', async () => {
    const release = server.hold();
    const first = server.get('/answer');
    while (server.counts.computed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    server.cache.invalidate(); // lands while the first answer is computed
    release();
    await first;
    await server.get('/answer');
    expect(server.counts.hooks).toBe(2);
  });

  it('sends requests with an Origin or a cookie, HEAD and other encodings through Fastify', async () => {
    await server.get('/answer', { cookie: 's=1' }); // not kept: it might be an admin-only answer
    await server.get('/answer', { cookie: 's=1' });
    expect(server.counts.hooks).toBe(2);
    await server.get('/answer'); // kept now
    await server.get('/answer', { origin: 'https://remote.example' });
    await server.get('/answer', {}, 'HEAD');
    await server.get('/answer', { 'accept-encoding': 'deflate' });
    expect(server.counts.hooks).toBe(6);
    // Still the full stack: an answer to a request with a cookie is cached privately, not publicly.
    const admin = await server.get('/answer', { cookie: 's=1' });
    expect(server.counts.hooks).toBe(7);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
    await server.get('/answer');
    expect(server.counts.hooks).toBe(7);
  });

  it('answers a replayed request whose If-None-Match names the answer with a 304 and no body', async () => {
    const first = await server.get('/answer');
    const etag = String(first.headers.etag);
    await server.get('/answer'); // replayed from now on
    const hooks = server.counts.hooks;
    const same = await server.get('/answer', { 'if-none-match': etag });
    expect({ status: same.status, body: same.text, etag: same.headers.etag }).toEqual({
      status: 304,
      body: '',
      etag,
    });
    expect(same.headers['content-type']).toBeUndefined();
    expect(same.headers['x-security']).toBe('on');
    const other = await server.get('/answer', { 'if-none-match': 'W/"other"' });
    expect(other.status).toBe(200);
    expect(server.counts.hooks).toBe(hooks);
  });

  it('stops replaying an answer that depends on the clock once it expires, without a write', async () => {
    expect(JSON.parse((await server.get('/dated')).text)).toEqual({ day: 1 });
    await server.get('/dated');
    expect(server.counts.hooks).toBe(1);
    server.nextDay();
    expect(JSON.parse((await server.get('/dated')).text)).toEqual({ day: 2 });
    expect(server.counts.hooks).toBe(2);
    expect(JSON.parse((await server.get('/dated')).text)).toEqual({ day: 2 });
    expect(server.counts.hooks).toBe(2); // the new day's answer is replayed in turn
  });

  it('does not keep an answer that set a cookie', async () => {
    await server.get('/set-cookie');
    await server.get('/set-cookie');
    expect(server.counts.hooks).toBe(2);
  });

  it('stops replaying once the server closes', async () => {
    await server.get('/answer');
    await server.close();
    await expect(server.get('/answer')).rejects.toThrow();
  });
});
