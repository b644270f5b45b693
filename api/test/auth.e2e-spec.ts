import { API_ROUTES, DEMO_ADMIN_PASSWORD } from '@friends/shared';
import { createCreator, createVideo, snapshot } from './support/helpers';
import { ADMIN_PASSWORD, startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT: '5' });
});
afterAll(() => t.close());

/** The cookie a login answer sets, as the browser would send it back. */
const cookieOf = (headers: Record<string, unknown>): string =>
  String((headers['set-cookie'] as string[])[0]).split(';')[0]!;

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and answers SessionInfo', async () => {
    const response = await t.http().post(API_ROUTES.login).send({ password: ADMIN_PASSWORD }).expect(200);
    expect(response.body).toEqual({ admin: true, demoPassword: null });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^friends_session=[^;]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // plain http here; set when the request is https
    await t
      .http()
      .get(API_ROUTES.session)
      .set('Cookie', cookieOf(response.headers))
      .expect(200, { admin: true, demoPassword: null });
  });

  it("answers 401 { error: 'Incorrect password' } and no cookie for a wrong password", async () => {
    const response = await t.http().post(API_ROUTES.login).send({ password: 'wrong' }).expect(401);
    expect(response.body).toEqual({ error: 'Incorrect password' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('rejects a missing or non-string password with 400', async () => {
    expect((await t.http().post(API_ROUTES.login).send({}).expect(400)).body).toEqual({
      error: expect.any(String),
    });
  });

  it('answers 429 after 5 attempts a minute from one IP, whatever their outcome', async () => {
    // Three so far in this file: the test app's own login and the two above (a malformed body is
    // refused before it is an attempt).
    await t.http().post(API_ROUTES.login).send({ password: 'fourth' }).expect(401);
    await t.http().post(API_ROUTES.login).send({ password: 'fifth' }).expect(401);
    const response = await t.http().post(API_ROUTES.login).send({ password: ADMIN_PASSWORD }).expect(429);
    expect(response.body).toEqual({ error: 'Too many login attempts. Try again in a minute.' });
  });
});

describe('GET /api/auth/session', () => {
  it('is not admin without a cookie, nor with a forged or tampered one', async () => {
    await t.http().get(API_ROUTES.session).expect(200, { admin: false, demoPassword: null });
    await t
      .http()
      .get(API_ROUTES.session)
      .set('Cookie', 'friends_session=forged')
      .expect(200, { admin: false, demoPassword: null });
    const [id, signature] = t.cookie.split('=')[1]!.split('.') as [string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const tampered of [
      `${flip(id)}.${signature}`,
      `${id}.${flip(signature)}`,
      id,
      `${id}.${signature}.x`,
    ]) {
      await t
        .http()
        .get(API_ROUTES.session)
        .set('Cookie', `friends_session=${tampered}`)
        .expect(200, { admin: false, demoPassword: null });
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the same cookie no longer works, even replayed', async () => {
    const fresh = await startTestApp();
    try {
      await fresh
        .http()
        .post(API_ROUTES.creators)
        .set('Cookie', fresh.cookie)
        .send({ name: 'Before logout' })
        .expect(201);
      const response = await fresh.http().post(API_ROUTES.logout).set('Cookie', fresh.cookie).expect(200);
      expect(response.body).toEqual({ admin: false, demoPassword: null });
      expect(String(response.headers['set-cookie'])).toMatch(/friends_session=;/);
      await fresh
        .http()
        .post(API_ROUTES.creators)
        .set('Cookie', fresh.cookie)
        .send({ name: 'After logout' })
        .expect(401);
      await fresh
        .http()
        .get(API_ROUTES.session)
        .set('Cookie', fresh.cookie)
        .expect(200, { admin: false, demoPassword: null });
    } finally {
      await fresh.close();
    }
  });
});

describe('demo password', () => {
  it('is revealed by the session and accepted only when ADMIN_PASSWORD is unset', async () => {
    const demo = await startTestApp({ ADMIN_PASSWORD: '' });
    try {
      await demo
        .http()
        .get(API_ROUTES.session)
        .expect(200, { admin: false, demoPassword: DEMO_ADMIN_PASSWORD });
      await demo.http().post(API_ROUTES.login).send({ password: DEMO_ADMIN_PASSWORD }).expect(200, {
        admin: true,
        demoPassword: DEMO_ADMIN_PASSWORD,
      });
    } finally {
      await demo.close();
    }
    await t
      .http()
      .post(API_ROUTES.login)
      .send({ password: DEMO_ADMIN_PASSWORD })
      .expect((r) => expect(r.status).not.toBe(200));
  });
});

describe('sessions signed with SESSION_SECRET', () => {
  it('are accepted by another replica with the same secret, not by one with another', async () => {
    const replica = await startTestApp({ DATABASE_URL: t.databaseUrl });
    // Same database, other secret: the cookie's signature no longer checks out.
    const stranger = await startTestApp({
      DATABASE_URL: t.databaseUrl,
      SESSION_SECRET: 'another-secret-another-secret-123',
    });
    try {
      await replica
        .http()
        .get(API_ROUTES.session)
        .set('Cookie', t.cookie)
        .expect(200, { admin: true, demoPassword: null });
      await stranger
        .http()
        .get(API_ROUTES.session)
        .set('Cookie', t.cookie)
        .expect(200, { admin: false, demoPassword: null });
    } finally {
      await replica.app.close();
      await stranger.app.close();
    }
  });
});

describe('every mutation without a session', () => {
  it('answers 401 { error } and changes nothing', async () => {
    const creator = await createCreator(t, 'Protected');
    const other = await createCreator(t, 'Protected Too');
    const video = await createVideo(t, { title: 'Protected video', authorIds: [creator.id] });
    const suggestion = (
      await t.http().post(API_ROUTES.suggestions).send({ url: 'https://youtu.be/EEEEEEEEEE1' }).expect(201)
    ).body as { id: number };
    const calls: [string, string, object?][] = [
      ['post', API_ROUTES.creators, { name: 'Intruder' }],
      ['put', API_ROUTES.creators, { id: creator.id, name: 'Renamed' }],
      ['patch', API_ROUTES.creators, { primaryId: creator.id, mergeIds: [other.id] }],
      ['delete', `${API_ROUTES.creators}?id=${creator.id}`],
      ['delete', API_ROUTES.creator(creator.id)],
      ['post', API_ROUTES.videos, { title: 'Intruder video', authorIds: [creator.id] }],
      ['put', API_ROUTES.videos, { id: video.id, title: 'Renamed', authorIds: [creator.id] }],
      ['delete', `${API_ROUTES.videos}?id=${video.id}`],
      ['delete', API_ROUTES.video(video.id)],
      ['delete', API_ROUTES.suggestion(suggestion.id)],
      ['get', API_ROUTES.suggestions],
    ];
    const before = await snapshot(t);
    for (const cookie of [undefined, 'friends_session=forged.123.abc']) {
      for (const [method, url, body] of calls) {
        let call = (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method]!(
          url,
        );
        if (cookie) call = call.set('Cookie', cookie);
        const response = await (body ? call.send(body) : call);
        expect({ method, url, status: response.status, body: response.body }).toEqual({
          method,
          url,
          status: 401,
          body: { error: 'Admin login required' },
        });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
