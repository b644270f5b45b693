/**
 * Sessions and device cookies that survive restarts without SESSION_SECRET (the secret is generated
 * once and kept in the database), and "Log out everywhere" (or a changed ADMIN_PASSWORD) ending every
 * session and device cookie on every replica.
 */
import { API_ROUTES, BACKUP_ROUTES } from '@friends/shared';
import { ADMIN_PASSWORD, startTestApp, TEST_DB, type TestContext } from './support/test-app';

const NO_SECRET = { SESSION_SECRET: undefined };
/** The account backs unknown devices off after three failures; the per-IP limit stays out of the way. */
const LIMITS = { LOGIN_RATE_LIMIT: '50', LOGIN_BACKOFF_AFTER: '3', LOGIN_BACKOFF_SECONDS: '60' };

type Answer = { headers: Record<string, unknown> };
/** `name=value` of a cookie the answer sets. */
function cookieOf(answer: Answer, name: string): string {
  const all = (answer.headers['set-cookie'] as string[] | undefined) ?? [];
  const found = all.map((c) => c.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found;
}

const isAdmin = async (t: TestContext, cookie: string): Promise<boolean> =>
  ((await t.http().get(API_ROUTES.session).set('Cookie', cookie).expect(200)).body as { admin: boolean })
    .admin;

/** A browser's login: its session cookie and its device cookie. */
async function browserLogin(t: TestContext, device?: string): Promise<{ session: string; device: string }> {
  const request = t.http().post(API_ROUTES.login).send({ password: ADMIN_PASSWORD });
  const answer = await (device ? request.set('Cookie', device) : request).expect(200);
  return { session: cookieOf(answer, 'friends_session'), device: cookieOf(answer, 'friends_device') };
}

/** Wrong passwords from unknown devices until the account backs them off. */
async function lockAccount(t: TestContext): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.http().post(API_ROUTES.login).send({ password: 'a stranger guessing' }).expect(401);
  }
  await t.http().post(API_ROUTES.login).send({ password: ADMIN_PASSWORD }).expect(429);
}

describe(`without SESSION_SECRET (${TEST_DB})`, () => {
  it('a restart keeps the session and the device cookie; the secret is kept, never backed up', async () => {
    const first = await startTestApp({ ...NO_SECRET, ...LIMITS });
    const browser = await browserLogin(first);
    const [row] = await first.query<{ value: string }>(
      "SELECT value FROM auth_state WHERE name = 'session_secret'",
    );
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/);
    const backup = await first.http().get(BACKUP_ROUTES.backup).set('Cookie', first.cookie).expect(200);
    expect(backup.text).not.toContain(row!.value);
    expect(backup.text).not.toContain('auth_state');
    await first.app.close();

    const restarted = await startTestApp({ ...NO_SECRET, ...LIMITS, DATABASE_URL: first.databaseUrl });
    try {
      expect(await isAdmin(restarted, first.cookie)).toBe(true);
      expect(await isAdmin(restarted, browser.session)).toBe(true);
      // A stranger's failures lock unknown devices out; the known browser still gets in.
      await lockAccount(restarted);
      const again = await browserLogin(restarted, browser.device);
      expect(again.device).toBe(browser.device);
      const [kept] = await restarted.query<{ value: string }>(
        "SELECT value FROM auth_state WHERE name = 'session_secret'",
      );
      expect(kept?.value).toBe(row!.value);
    } finally {
      await restarted.close();
      await first.drop();
    }
  });

  it('two replicas starting together on a new database agree on one secret', async () => {
    const a = await startTestApp({ ...NO_SECRET });
    // The schema is there, no secret yet: as on a database where no replica has started before.
    await a.query('DELETE FROM auth_state');
    await a.app.close();
    try {
      const [b, c] = await Promise.all([
        startTestApp({ ...NO_SECRET, DATABASE_URL: a.databaseUrl }),
        startTestApp({ ...NO_SECRET, DATABASE_URL: a.databaseUrl }),
      ]);
      try {
        // Each one's login cookie is accepted by the other.
        expect(await isAdmin(c, b.cookie)).toBe(true);
        expect(await isAdmin(b, c.cookie)).toBe(true);
      } finally {
        await b.close();
        await c.close();
      }
    } finally {
      await a.drop();
    }
  });
});

describe(`log out everywhere (${TEST_DB})`, () => {
  let a: TestContext;
  let b: TestContext;
  beforeEach(async () => {
    a = await startTestApp({ ...NO_SECRET, ...LIMITS });
    b = await startTestApp({ ...NO_SECRET, ...LIMITS, DATABASE_URL: a.databaseUrl });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  it('needs an admin session', async () => {
    const answer = await a.http().post(API_ROUTES.logoutEverywhere).expect(401);
    expect(answer.body).toEqual({ error: expect.any(String) });
    expect(await isAdmin(a, a.cookie)).toBe(true);
  });

  it('ends every session on both replicas and clears the caller’s cookies', async () => {
    const other = await browserLogin(a);
    expect(await isAdmin(b, other.session)).toBe(true);
    const answer = await b
      .http()
      .post(API_ROUTES.logoutEverywhere)
      .set('Cookie', b.cookie)
      .expect(200, { admin: false, demoPassword: null });
    expect(cookieOf(answer, 'friends_session')).toBe('friends_session=');
    expect(cookieOf(answer, 'friends_device')).toBe('friends_device=');
    for (const replica of [a, b]) {
      for (const cookie of [a.cookie, b.cookie, other.session]) {
        expect(await isAdmin(replica, cookie)).toBe(false);
      }
      await replica
        .http()
        .post(API_ROUTES.creators)
        .set('Cookie', other.session)
        .send({ name: 'Not Allowed' })
        .expect(401);
    }
    // Logging in again works, and that new session is good on both replicas.
    const fresh = await browserLogin(a);
    expect(await isAdmin(b, fresh.session)).toBe(true);
  });

  it('makes device cookies unknown: they no longer skip the login limits, on either replica', async () => {
    const browser = await browserLogin(a);
    await lockAccount(a);
    await browserLogin(b, browser.device); // known device: lets the admin in despite the stranger
    await a.http().post(API_ROUTES.logoutEverywhere).set('Cookie', a.cookie).expect(200);
    for (const replica of [a, b]) {
      const answer = await replica
        .http()
        .post(API_ROUTES.login)
        .set('Cookie', browser.device)
        .send({ password: ADMIN_PASSWORD });
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ error: expect.stringContaining('Too many failed login attempts') });
    }
  });
});

describe(`a changed ADMIN_PASSWORD (${TEST_DB})`, () => {
  it('ends every session and device cookie at startup; the same password keeps them', async () => {
    const first = await startTestApp({ ...NO_SECRET, ...LIMITS });
    const browser = await browserLogin(first);
    const [fingerprint] = await first.query<{ value: string }>(
      "SELECT value FROM auth_state WHERE name = 'password_fingerprint'",
    );
    expect(fingerprint?.value).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(fingerprint?.value).not.toContain(ADMIN_PASSWORD);
    await first.app.close();

    const same = await startTestApp({ ...NO_SECRET, ...LIMITS, DATABASE_URL: first.databaseUrl });
    expect(await isAdmin(same, browser.session)).toBe(true);
    await same.app.close();

    const changed = await startTestApp({
      ...NO_SECRET,
      ...LIMITS,
      DATABASE_URL: first.databaseUrl,
      ADMIN_PASSWORD: 'a brand new admin password',
    });
    try {
      expect(await isAdmin(changed, browser.session)).toBe(false);
      expect(await isAdmin(changed, first.cookie)).toBe(false);
      // The browser is no longer a known device: a stranger's failures hold it back too.
      for (let i = 0; i < 3; i++) {
        await changed.http().post(API_ROUTES.login).send({ password: ADMIN_PASSWORD }).expect(401);
      }
      const held = await changed
        .http()
        .post(API_ROUTES.login)
        .set('Cookie', browser.device)
        .send({ password: 'a brand new admin password' });
      expect(held.status).toBe(429);
    } finally {
      await changed.close();
      await same.drop();
      await first.drop();
    }
  });
});
