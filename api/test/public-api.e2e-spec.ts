import { createHash } from 'node:crypto';
import { API_ROUTES, SHARE_ROUTES, type ApiKeyInfo, type CreatedApiKey } from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody, freshWindow } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * The public API's limits: PUBLIC_READ_RATE_LIMIT per address with the IETF RateLimit fields on every
 * public answer (replayed ones included) and 429 + Retry-After past it, shared by replicas on one
 * database; API keys (created, listed and revoked by an admin, stored hashed) with their own limit.
 */
const LIMIT = 5;
const KEY_LIMIT = 8;
let t: TestContext;

const POLICY = (name: string, q: number) => `"${name}";q=${q};w=60`;

const remaining = (header: string | undefined) => Number(/;r=(\d+);/.exec(header ?? '')?.[1]);

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_READ_RATE_LIMIT: String(LIMIT), API_KEY_RATE_LIMIT: String(KEY_LIMIT) });
  const [a, b] = [await createCreator(t, 'Ann'), await createCreator(t, 'Ben')];
  await createVideo(t, { title: 'Together', date: '2024-01-01', authorIds: [a.id, b.id] });
});
afterAll(() => t?.close());

describe('PUBLIC_READ_RATE_LIMIT', () => {
  it('states the limit on every public answer and refuses past it with 429 and Retry-After', async () => {
    await freshWindow();
    // A fresh address per test: X-Forwarded-For is ignored without TRUST_PROXY, so all share 127.0.0.1.
    const seen: number[] = [];
    const urls = [
      API_ROUTES.leaderboard,
      API_ROUTES.leaderboard,
      API_ROUTES.creatorsSearch,
      API_ROUTES.leaderboard,
    ];
    for (const url of urls) {
      const res = await t.http().get(url);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe(POLICY('public', LIMIT));
      expect(res.headers.ratelimit).toMatch(/^"public";r=\d+;t=\d+$/);
      seen.push(remaining(res.headers.ratelimit));
    }
    // The second and fourth leaderboard reads were replayed before Fastify, and counted all the same.
    expect(seen).toEqual([4, 3, 2, 1]);
    const last = await t.http().get(SHARE_ROUTES.creatorFeed(1));
    expect(last.status).toBe(200);
    expect(remaining(last.headers.ratelimit)).toBe(0);

    for (const url of [API_ROUTES.leaderboard, API_ROUTES.creatorsSearch, SHARE_ROUTES.creatorCard(1)]) {
      const refused = await t.http().get(url);
      expect([url, refused.status]).toEqual([url, 429]);
      expectErrorBody(refused.body);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-policy']).toBe(POLICY('public', LIMIT));
      expect(refused.headers.ratelimit).toBe(`"public";r=0;t=${retryAfter}`);
    }
  });

  it('leaves the probes and admin routes alone', async () => {
    await freshWindow(5_000);
    for (let i = 0; i <= LIMIT; i++) await t.http().get(API_ROUTES.leaderboard);
    expect((await t.http().get(API_ROUTES.leaderboard)).status).toBe(429);
    const health = await t.http().get(API_ROUTES.health);
    expect(health.status).toBe(200);
    expect(health.headers.ratelimit).toBeUndefined();
    expect((await t.http().get(API_ROUTES.ready)).status).toBe(200);
    expect((await admin(t).get(SHARE_ROUTES.keys)).status).toBe(200);
    expect(
      (await admin(t).post(API_ROUTES.creators).send({ name: 'Written past the read limit' })).status,
    ).toBe(201);
  });
});

describe('API keys', () => {
  it('are admin-only', async () => {
    expect((await t.http().post(SHARE_ROUTES.keys).send({ name: 'x' })).status).toBe(401);
    expect((await t.http().get(SHARE_ROUTES.keys)).status).toBe(401);
    expect((await t.http().delete(SHARE_ROUTES.key(1))).status).toBe(401);
  });

  it('refuse a blank, overlong or missing name with 400 naming it', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 5 },
      { name: 'a\u0007b' },
    ]) {
      const res = await admin(t).post(SHARE_ROUTES.keys).send(body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.error).toMatch(/name/);
    }
  });

  it('are shown once, stored hashed, listed without the key, grant their limit and stop at revocation', async () => {
    const created = await admin(t).post(SHARE_ROUTES.keys).send({ name: ' Fan wiki bot ' });
    expect(created.status).toBe(201);
    const key = created.body as CreatedApiKey;
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'Fan wiki bot',
      key: expect.stringMatching(/^\S{40,}$/),
    });

    const stored = await t.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = ?', [key.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.key);

    const list = await admin(t).get(SHARE_ROUTES.keys);
    expect(list.body as ApiKeyInfo[]).toEqual([
      {
        id: key.id,
        name: 'Fan wiki bot',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        rateLimit: KEY_LIMIT,
      },
    ]);
    expect(list.text).not.toContain(key.key);

    // The address is past its limit; the key reads under its own.
    await freshWindow(5_000);
    for (let i = 0; i <= LIMIT; i++) await t.http().get(API_ROUTES.leaderboard);
    expect((await t.http().get(API_ROUTES.leaderboard)).status).toBe(429);
    const bearer = `Bearer ${key.key}`;
    const statuses: number[] = [];
    for (let i = 0; i < KEY_LIMIT; i++) {
      const res = await t.http().get(API_ROUTES.leaderboard).set('Authorization', bearer);
      statuses.push(res.status);
      expect(res.headers['ratelimit-policy']).toBe(POLICY('key', KEY_LIMIT));
      expect(remaining(res.headers.ratelimit)).toBe(KEY_LIMIT - 1 - i);
    }
    expect(statuses).toEqual(new Array(KEY_LIMIT).fill(200));
    const over = await t.http().get(API_ROUTES.leaderboard).set('Authorization', bearer);
    expect(over.status).toBe(429);
    expect(over.headers['ratelimit-policy']).toBe(POLICY('key', KEY_LIMIT));
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    expect((await admin(t).delete(SHARE_ROUTES.key(key.id))).status).toBe(204);
    expect((await admin(t).get(SHARE_ROUTES.keys)).body).toEqual([]);
    for (const url of [API_ROUTES.leaderboard, API_ROUTES.creatorsSearch]) {
      const revoked = await t.http().get(url).set('Authorization', bearer);
      expect([url, revoked.status]).toEqual([url, 401]);
      expectErrorBody(revoked.body);
    }
    expect((await admin(t).delete(SHARE_ROUTES.key(key.id))).status).toBe(404);
  });

  it('answer 401 to an unknown key or another scheme', async () => {
    for (const header of ['Bearer fotc_not-a-key', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await t.http().get(API_ROUTES.creatorsSearch).set('Authorization', header);
      expect([header, res.status]).toEqual([header, 401]);
      expectErrorBody(res.body);
    }
  });
});

describe('several replicas', () => {
  it('share one count through the database', async () => {
    const first = await startTestApp({ PUBLIC_READ_RATE_LIMIT: '6' });
    const second = await startTestApp({ PUBLIC_READ_RATE_LIMIT: '6', DATABASE_URL: first.databaseUrl });
    try {
      await freshWindow(15_000);
      const read = (app: TestContext) => app.http().get(API_ROUTES.creatorsSearch);
      for (let i = 0; i < 3; i++) expect((await read(first)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_300)); // one exchange
      const fromSecond = [];
      for (let i = 0; i < 4; i++) fromSecond.push((await read(second)).status);
      // The second replica learns the first one's 3 at its first exchange, so it lets through 3 or 4.
      expect(fromSecond.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
      await new Promise((resolve) => setTimeout(resolve, 2_300)); // both have exchanged
      expect((await read(first)).status).toBe(429);
      expect((await read(second)).status).toBe(429);
      const [row] = await first.query<{ hits: number }>(
        "SELECT SUM(hits) AS hits FROM read_limits WHERE bucket LIKE 'ip:%'",
      );
      expect(Number(row!.hits)).toBeGreaterThanOrEqual(6);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the keys and the read limit', async () => {
    // This address has used up its reads above: the document is read with a key.
    const key = (await admin(t).post(SHARE_ROUTES.keys).send({ name: 'docs' })).body as CreatedApiKey;
    const res = await t.http().get('/api/docs-json').set('Authorization', `Bearer ${key.key}`);
    expect(res.status).toBe(200);
    const document = res.body as {
      paths: Record<
        string,
        Record<string, { security?: object[]; responses: Record<string, { headers?: object }> }>
      >;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(Object.keys(document.paths[SHARE_ROUTES.keys]!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/keys/{id}']!)).toEqual(['delete']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const search = document.paths[API_ROUTES.creatorsSearch]!.get!;
    expect(search.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(search.responses['200']!.headers).toHaveProperty('RateLimit-Policy');
    expect(search.responses['200']!.headers).toHaveProperty('RateLimit');
    expect(search.security).toEqual([{}, { apiKey: [] }]);
    expect(document.paths[API_ROUTES.health]!.get!.responses['429']).toBeUndefined();
    expect(document.paths['/api/feeds/creators/{file}']!.get!.responses['429']).toBeDefined();
  });
});
