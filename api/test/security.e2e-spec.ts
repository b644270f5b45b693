/**
 * Admin sessions (rotation, logout on every replica, sliding expiry, the https
 * cookie), login back-off per IP and per account, CSRF by Origin / Sec-Fetch-Site, CORS, security
 * headers and body limits. Each test states the promise it proves (README "Security and reliability").
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ROUTES, YOUTUBE_ROUTES } from '@friends/shared';
import request, { type Response } from 'supertest';
import { tooManyFailures } from '../src/auth/login-limits.service';
import { CachedAnswers } from '../src/common/cached-answers';
import { CROSS_SITE_REFUSED, ORIGIN_NOT_ALLOWED } from '../src/common/origin-policy';
import { expectErrorBody, freshWindow, snapshot } from './support/helpers';
import { ADMIN_PASSWORD, startTestApp, TEST_DB, type TestContext } from './support/test-app';

const setCookieOf = (response: Response): string => String(response.headers['set-cookie'] ?? '');
const cookiesOf = (response: Response): string[] =>
  (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
/** `name=value` of the first cookie a response sets, as a browser would send it back. */
const cookieOf = (response: Response): string => setCookieOf(response).split(';')[0]!;

const login = (t: TestContext, headers: Record<string, string> = {}) =>
  t.http().post(API_ROUTES.login).set(headers).send({ password: ADMIN_PASSWORD });

const isAdmin = async (t: TestContext, cookie: string, headers: Record<string, string> = {}) => {
  let call = t.http().get(API_ROUTES.session).set('Cookie', cookie);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  return ((await call.expect(200)).body as { admin: boolean }).admin;
};

afterEach(() => jest.restoreAllMocks());

/**
 * A client of the app on one port of its own: replays are kept per address, Host included, and
 * supertest given the server itself listens on a new port for each request.
 */
async function onOnePort(
  t: TestContext,
): Promise<{ client: () => ReturnType<typeof request>; close: () => void }> {
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    client: () => request(base),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe(`admin sessions (${TEST_DB})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are 256 random bits, new at every login, signed, and stored only as a hash', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const value = cookieOf(await login(t).expect(200)).split('=')[1]!;
      const [id, signature] = value.split('.');
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
      expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/); // HMAC-SHA256
      ids.add(id!);
    }
    expect(ids.size).toBe(3);
    const stored = await t.query<{ token_hash: string }>('SELECT token_hash FROM admin_sessions');
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const { token_hash } of stored) {
      expect(token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(ids.has(token_hash)).toBe(false);
    }
    // A validly signed id that is not in the database is no session.
    const [id, signature] = t.cookie.split('=')[1]!.split('.');
    await t.query('DELETE FROM admin_sessions');
    expect(await isAdmin(t, `friends_session=${id}.${signature}`)).toBe(false);
    t.cookie = cookieOf(await login(t).expect(200));
  });

  it('rotate at login: the session the browser came with stops working', async () => {
    const before = cookieOf(await login(t).expect(200));
    expect(await isAdmin(t, before)).toBe(true);
    const after = cookieOf(await login(t, { Cookie: before }).expect(200));
    expect(after).not.toBe(before);
    expect(await isAdmin(t, after)).toBe(true);
    expect(await isAdmin(t, before)).toBe(false);
  });

  it('end at logout on every replica sharing the database, not only the one that was asked', async () => {
    const replica = await startTestApp({ DATABASE_URL: t.databaseUrl });
    try {
      const cookie = cookieOf(await login(t).expect(200));
      expect(await isAdmin(replica, cookie)).toBe(true);
      await t.http().post(API_ROUTES.logout).set('Cookie', cookie).expect(200);
      expect(await isAdmin(replica, cookie)).toBe(false);
      const write = await replica
        .http()
        .post(API_ROUTES.creators)
        .set('Cookie', cookie)
        .send({ name: 'After logout elsewhere' });
      expect(write.status).toBe(401);
      expectErrorBody(write.body);
    } finally {
      await replica.app.close(); // same database: dropped by t.close()
    }
  });

  it('expire after SESSION_TTL_HOURS without activity; activity pushes the expiry back', async () => {
    const short = await startTestApp({ SESSION_TTL_HOURS: '1' });
    const HOUR = 3600_000;
    try {
      const start = Date.now();
      const clock = jest.spyOn(Date, 'now');
      const at = (ms: number) => clock.mockReturnValue(start + ms);
      at(0);
      const cookie = cookieOf(await login(short).expect(200));
      at(0.9 * HOUR); // used shortly before it would expire: renewed until 1.9 h
      const renewed = await short.http().get(API_ROUTES.session).set('Cookie', cookie).expect(200);
      expect(renewed.body).toMatchObject({ admin: true });
      expect(setCookieOf(renewed)).toMatch(/Max-Age=3600/);
      at(1.5 * HOUR);
      expect(await isAdmin(short, cookie)).toBe(true);
      // Idle from 1.5 h on: gone an hour later.
      at(2.5 * HOUR + 1000);
      expect(await isAdmin(short, cookie)).toBe(false);
      expect(
        (await short.http().post(API_ROUTES.creators).set('Cookie', cookie).send({ name: 'Late' })).status,
      ).toBe(401);
    } finally {
      jest.restoreAllMocks();
      await short.close();
    }
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/ and not Secure over plain http', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'false' });
    try {
      // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
      const response = await login(t, { 'X-Forwarded-Proto': 'https' }).expect(200);
      const cookie = cookiesOf(response).find((c) => c.startsWith('friends_session='));
      expect(cookie).toMatch(/^friends_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
    } finally {
      await t.close();
    }
  });

  it('behind an https proxy (TRUST_PROXY) is Secure and named __Host-', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'true' });
    const https = { 'X-Forwarded-Proto': 'https' };
    try {
      const response = await login(t, https).expect(200);
      const cookie = setCookieOf(response);
      expect(cookie).toMatch(/^__Host-friends_session=[^;]+;/);
      for (const part of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(cookie).toContain(part);
      expect(cookie).not.toMatch(/Domain=/i);
      const sent = cookieOf(response);
      expect(await isAdmin(t, sent, https)).toBe(true);
      // Over https only the __Host- cookie counts (one set over plain http could be planted).
      expect(await isAdmin(t, sent.replace('__Host-', ''), https)).toBe(false);
      const logout = await t.http().post(API_ROUTES.logout).set(https).set('Cookie', sent).expect(200);
      expect(setCookieOf(logout)).toMatch(/^__Host-friends_session=;.*Secure/);
      expect(await isAdmin(t, sent, https)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the admin password', () => {
  it('is ADMIN_PASSWORD when set: the demo password fails and is never revealed', async () => {
    const t = await startTestApp();
    try {
      await t.http().get(API_ROUTES.session).expect(200, { admin: false, demoPassword: null });
      const wrong = await t.http().post(API_ROUTES.login).send({ password: 'demo' });
      expect(wrong.status).toBe(401);
      expect(JSON.stringify(wrong.body)).not.toContain(ADMIN_PASSWORD);
    } finally {
      await t.close();
    }
  });
});

describe('login limits', () => {
  it('per IP: the sixth attempt a minute from one IP answers 429, another IP may still try', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_RATE_LIMIT: '5' });
    try {
      const from = (ip: string) => t.http().post(API_ROUTES.login).set('X-Forwarded-For', ip);
      for (let i = 0; i < 5; i++)
        await from('203.0.113.7')
          .send({ password: `guess ${i}` })
          .expect(401);
      const limited = await from('203.0.113.7').send({ password: ADMIN_PASSWORD }).expect(429);
      expect(limited.body).toEqual({ error: 'Too many login attempts. Try again in a minute.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(setCookieOf(limited)).toBe('');
      await from('203.0.113.8').send({ password: ADMIN_PASSWORD }).expect(200);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['true (one proxy)', 'true'],
    ['a hop count', '1'],
    ["the proxy's address", '127.0.0.1, ::1, ::ffff:127.0.0.1'],
  ])(
    'behind a trusted proxy (TRUST_PROXY = %s) the client IP is what the proxy saw, not what the client wrote',
    async (_, trust) => {
      const t = await startTestApp({ TRUST_PROXY: trust, LOGIN_RATE_LIMIT: '3' });
      try {
        // The proxy appends the address it saw; the client controls everything left of it.
        const from = (spoofed: string) =>
          t.http().post(API_ROUTES.login).set('X-Forwarded-For', `${spoofed}, 203.0.113.9`);
        for (let i = 0; i < 3; i++)
          await from(`198.51.100.${i}`)
            .send({ password: `guess ${i}` })
            .expect(401);
        const limited = await from('198.51.100.77').send({ password: ADMIN_PASSWORD }).expect(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        await t
          .http()
          .post(API_ROUTES.login)
          .set('X-Forwarded-For', '203.0.113.10')
          .send({ password: ADMIN_PASSWORD })
          .expect(200);
      } finally {
        await t.close();
      }
    },
  );

  it('every 429 carries a standard Retry-After (the suggestion limit too)', async () => {
    const t = await startTestApp({ SUGGESTION_RATE_LIMIT: '1' });
    try {
      await t.http().post(API_ROUTES.suggestions).send({ url: 'https://youtu.be/RETRYAFTER1' }).expect(201);
      const limited = await t
        .http()
        .post(API_ROUTES.suggestions)
        .send({ url: 'https://youtu.be/RETRYAFTER2' })
        .expect(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('per account: failures from many IPs back the account off, doubling; success resets', async () => {
    const t = await startTestApp({
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: '5',
      LOGIN_BACKOFF_AFTER: '4',
      LOGIN_BACKOFF_SECONDS: '30',
    });
    let ip = 0;
    const attempt = (password: string) =>
      t.http().post(API_ROUTES.login).set('X-Forwarded-For', `198.51.100.${++ip}`).send({ password });
    try {
      const start = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
      for (let i = 0; i < 4; i++) await attempt(`botnet ${i}`).expect(401);
      // Locked for 30 s: even the right password is refused without being compared.
      const locked = await attempt(ADMIN_PASSWORD).expect(429);
      expect(locked.body).toEqual({ error: tooManyFailures(30) });
      expect(locked.headers['retry-after']).toBe('30');
      expect(setCookieOf(locked)).toBe('');
      clock.mockReturnValue(start + 31_000);
      await attempt('botnet 5').expect(401); // fifth failure: 60 s now
      clock.mockReturnValue(start + 31_000 + 59_000);
      expect((await attempt(ADMIN_PASSWORD).expect(429)).body).toEqual({ error: tooManyFailures(1) });
      clock.mockReturnValue(start + 31_000 + 61_000);
      await attempt(ADMIN_PASSWORD).expect(200);
      // The count starts again after a success.
      for (let i = 0; i < 3; i++) await attempt(`again ${i}`).expect(401);
      await attempt(ADMIN_PASSWORD).expect(200);
    } finally {
      jest.restoreAllMocks();
      await t.close();
    }
  });
});

describe('CSRF: mutations check Origin and Sec-Fetch-Site', () => {
  let t: TestContext;
  const HOST = 'friends.test:3000';
  const SELF = `http://${HOST}`;
  const REMOTE = 'https://admin.cdn.test';
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_REMOTE_URL: `${REMOTE}/remotes/admin/mf-manifest.json` });
  });
  afterAll(() => t.close());

  const create = (name: string, headers: Record<string, string>) =>
    t.http().post(API_ROUTES.creators).set('Host', HOST).set('Cookie', t.cookie).set(headers).send({ name });

  it('refuses a foreign, null or look-alike Origin with 403 { error }, changing nothing', async () => {
    const before = await snapshot(t);
    for (const origin of [
      'https://evil.example',
      'null',
      'http://friends.test', // another port is another origin
      'https://friends.test:3000', // another scheme too
      'http://friends.test:3000.evil.example',
    ]) {
      const response = await create('CSRF victim', { Origin: origin });
      expect({ origin, status: response.status, body: response.body }).toEqual({
        origin,
        status: 403,
        body: { error: CROSS_SITE_REFUSED },
      });
    }
    for (const [method, url] of [
      ['put', API_ROUTES.creators],
      ['patch', API_ROUTES.creators],
      ['delete', API_ROUTES.creator(1)],
      ['post', API_ROUTES.logout],
      ['post', API_ROUTES.suggestions],
      ['post', YOUTUBE_ROUTES.import],
    ] as const) {
      const http = t.http();
      const response = await http[method](url)
        .set('Host', HOST)
        .set('Cookie', t.cookie)
        .set('Origin', 'https://evil.example')
        .send({});
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 403 });
      expectErrorBody(response.body);
    }
    expect(await snapshot(t)).toEqual(before);
    expect(await isAdmin(t, t.cookie)).toBe(true); // the forged logout did not log out
  });

  it('refuses a cross-site login (login CSRF) too', async () => {
    const response = await t
      .http()
      .post(API_ROUTES.login)
      .set('Host', HOST)
      .set('Origin', 'https://evil.example')
      .send({ password: ADMIN_PASSWORD })
      .expect(403);
    expect(response.body).toEqual({ error: CROSS_SITE_REFUSED });
    expect(setCookieOf(response)).toBe('');
  });

  it('refuses Sec-Fetch-Site cross-site or same-site when no Origin is sent', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await create('No origin', { 'Sec-Fetch-Site': site });
      expect({ site, status: response.status }).toEqual({ site, status: 403 });
      expectErrorBody(response.body);
    }
  });

  it('accepts its own origin, a configured remote, same-origin fetches and non-browser clients', async () => {
    await create('From the page', { Origin: SELF, 'Sec-Fetch-Site': 'same-origin' }).expect(201);
    await create('From the remote', { Origin: REMOTE }).expect(201);
    await create('Same origin, no Origin header', { 'Sec-Fetch-Site': 'same-origin' }).expect(201);
    await create('From a script', {}).expect(201);
    await t.http().get(API_ROUTES.creators).set('Origin', 'https://evil.example').expect(200);
  });

  it('behind a proxy (TRUST_PROXY) the forwarded host and scheme are the own origin', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const call = (origin: string) =>
        proxied
          .http()
          .post(API_ROUTES.suggestions)
          .set('X-Forwarded-Host', 'friends.example.org')
          .set('X-Forwarded-Proto', 'https')
          .set('Origin', origin)
          .send({ url: 'https://youtu.be/CSRFCSRF001' });
      await call('https://friends.example.org').expect(201);
      expect((await call('http://friends.example.org').expect(403)).body).toEqual({
        error: CROSS_SITE_REFUSED,
      });
    } finally {
      await proxied.close();
    }
  });
});

describe('CORS', () => {
  const REMOTE = 'https://public.cdn.test';
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_REMOTE_URL: `${REMOTE}/mf-manifest.json` });
  });
  afterAll(() => t.close());

  it('is closed to other origins: no CORS headers, preflight 403 { error }', async () => {
    const read = await t.http().get(API_ROUTES.creators).set('Origin', 'https://evil.example').expect(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t
      .http()
      .options(API_ROUTES.creators)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(403);
    expect(preflight.body).toEqual({ error: ORIGIN_NOT_ALLOWED });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a configured remote origin call with credentials', async () => {
    const read = await t.http().get(API_ROUTES.creators).set('Origin', REMOTE).expect(200);
    expect(read.headers['access-control-allow-origin']).toBe(REMOTE);
    expect(read.headers['access-control-allow-credentials']).toBe('true');
    expect(read.headers.vary).toMatch(/Origin/);
    const preflight = await t
      .http()
      .options(API_ROUTES.suggestions)
      .set('Origin', REMOTE)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(REMOTE);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/content-type/i);
  });
});

/** The CSP as a map directive → sources. */
function csp(response: Response): Record<string, string[]> {
  return Object.fromEntries(
    String(response.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('CSP allows exactly this server by default, no objects, no <base>, no framing', async () => {
    const t = await startTestApp();
    try {
      for (const response of [
        await t.http().get(API_ROUTES.creators).expect(200),
        await t.http().get('/api/nothing-here').expect(404),
        await t.http().post(API_ROUTES.creators).send({ name: 'x' }).expect(401),
      ]) {
        const policy = csp(response);
        expect(policy['default-src']).toEqual(["'self'"]);
        expect(policy['script-src']).toEqual(["'self'"]);
        expect(policy['connect-src']).toEqual(["'self'"]);
        expect(policy['object-src']).toEqual(["'none'"]);
        expect(policy['base-uri']).toEqual(["'none'"]);
        expect(policy['frame-ancestors']).toEqual(["'none'"]);
        expect(policy['form-action']).toEqual(["'self'"]);
        for (const sources of Object.values(policy)) {
          expect(sources).not.toContain("'unsafe-eval'");
          expect(sources).not.toContain('*');
        }
        expect(policy['script-src']).not.toContain("'unsafe-inline'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        // frame-ancestors decides; an X-Frame-Options beside it could only contradict it.
        expect(response.headers['x-frame-options']).toBeUndefined();
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        // HSTS over plain http means nothing (and misleads); see the https test below.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('HSTS is sent over https only (directly or behind a trusted proxy)', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await t.http().get(API_ROUTES.health).set('X-Forwarded-Proto', 'https').expect(200);
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      const http = await t.http().get(API_ROUTES.health).set('X-Forwarded-Proto', 'http').expect(200);
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('replays HSTS only to https: an answer learned over https is not replayed to plain http', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'true' });
    const { client, close } = await onOnePort(t);
    try {
      const path = API_ROUTES.stats;
      for (let i = 0; i < 3; i++) {
        const https = await client().get(path).set('X-Forwarded-Proto', 'https').expect(200);
        expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      }
      for (let i = 0; i < 3; i++) {
        const http = await client().get(path).set('X-Forwarded-Proto', 'http').expect(200);
        expect(http.headers['strict-transport-security']).toBeUndefined();
        const plain = await client().get(path).expect(200);
        expect(plain.headers['strict-transport-security']).toBeUndefined();
      }
      // Learned once over https and once over http (stated or not, the same address), replayed after.
      expect(CachedAnswers.of(t.app.getHttpServer())!.answered.replayed).toBe(2 + 5);
    } finally {
      await close();
      await t.close();
    }
  });

  it('refuses a read past the limit with the security headers of every answer, replayed or not', async () => {
    const t = await startTestApp({ PUBLIC_READ_RATE_LIMIT: '4' });
    const { client, close } = await onOnePort(t);
    try {
      // Reads are counted per clock minute: the five must not fall on both sides of a minute's end.
      await freshWindow();
      // The first answer is kept; the next ones are replays, the last of them past the limit.
      const answers: Response[] = [];
      for (let i = 0; i < 5; i++) answers.push(await client().get(API_ROUTES.stats));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(CachedAnswers.of(t.app.getHttpServer())!.answered.replayed).toBe(4);
      const fromFastify = await client().get(`${API_ROUTES.creators}?limit=5`).expect(429);
      const security = (r: Response) =>
        Object.fromEntries(
          Object.entries(r.headers).filter(
            ([name]) =>
              /^(content-security-policy|cross-origin-|origin-agent|referrer-policy|x-)/.test(name) &&
              name !== 'x-request-id',
          ),
        );
      expect(security(fromFastify)['content-security-policy']).toBeDefined();
      expect(security(answers[4]!)).toEqual(security(fromFastify));
      expect(answers[4]!.headers['retry-after']).toBeDefined();
    } finally {
      await close();
      await t.close();
    }
  });

  it('session, login and admin answers are Cache-Control: no-store; public reads are not', async () => {
    const t = await startTestApp();
    try {
      const answers = [
        await t.http().get(API_ROUTES.session).expect(200),
        await t.http().get(API_ROUTES.session).set('Cookie', t.cookie).expect(200),
        await login(t).expect(200),
        await t.http().post(API_ROUTES.login).send({ password: 'wrong' }).expect(401),
        await t.http().get(API_ROUTES.suggestions).set('Cookie', t.cookie).expect(200),
        await t.http().get(API_ROUTES.suggestions).expect(401),
        await t
          .http()
          .post(API_ROUTES.creators)
          .set('Cookie', t.cookie)
          .send({ name: 'No store' })
          .expect(201),
        await t.http().post(API_ROUTES.logout).set('Cookie', t.cookie).expect(200),
      ];
      for (const response of answers) {
        const what = `${response.status} ${String(response.headers['content-type'])}`;
        expect({ what, cache: response.headers['cache-control'] }).toEqual({ what, cache: 'no-store' });
      }
      const read = await t.http().get(API_ROUTES.leaderboard).expect(200);
      expect(read.headers['cache-control'] ?? '').not.toContain('no-store');
    } finally {
      await t.close();
    }
  });

  it("CSP adds exactly the remotes' origins when they are served elsewhere", async () => {
    const t = await startTestApp({
      PUBLIC_REMOTE_URL: 'https://public.cdn.test/v2/mf-manifest.json',
      ADMIN_REMOTE_URL: 'https://admin.cdn.test:8443/mf-manifest.json',
    });
    try {
      const policy = csp(await t.http().get(API_ROUTES.health).expect(200));
      const expected = ["'self'", 'https://public.cdn.test', 'https://admin.cdn.test:8443'];
      expect(policy['script-src']).toEqual(expected);
      expect(policy['connect-src']).toEqual(expected);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
    } finally {
      await t.close();
    }
  });
});

describe('request body limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('public routes read at most 16 KB; admin routes more, once the session is checked', async () => {
    const body = JSON.stringify({ url: `https://youtu.be/x?${'p'.repeat(17 * 1024)}` });
    for (const url of [API_ROUTES.login, API_ROUTES.suggestions, '/api/no-such-route']) {
      const response = await t.http().post(url).set('Content-Type', 'application/json').send(body);
      expect({ url, status: response.status }).toEqual({ url, status: 413 });
      expectErrorBody(response.body);
    }
    const name = { name: `Long ${'n'.repeat(17 * 1024)}` };
    const admin = await t.http().post(API_ROUTES.creators).set('Cookie', t.cookie).send(name);
    expect(admin.status).toBe(400); // read and validated (the name is too long), not refused unread
  });

  it.each([
    ['post', API_ROUTES.login],
    ['post', API_ROUTES.suggestions],
    ['post', API_ROUTES.creators],
    ['post', YOUTUBE_ROUTES.import],
  ] as const)('%s %s: a body over 256 KB answers 413 { error } and stores nothing', async (method, url) => {
    const before = await snapshot(t);
    const http = t.http();
    const response = await http[method](url)
      .set('Cookie', t.cookie)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(257 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectErrorBody(response.body);
    expect(await snapshot(t)).toEqual(before);
  });
});
