import { API_ROUTES, type Suggestion } from '@friends/shared';
import { admin, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ SUGGESTION_RATE_LIMIT: '100' });
});
afterAll(() => t.close());

describe('POST /api/suggestions', () => {
  it('stores a suggestion from a visitor (no session) and answers it', async () => {
    const before = Date.now();
    const response = await t
      .http()
      .post(API_ROUTES.suggestions)
      .send({ url: '  https://youtu.be/FFFFFFFFFF1  ' })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      url: 'https://youtu.be/FFFFFFFFFF1',
      status: 'pending',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(response.body.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('rejects a blank, missing, non-string or over-long URL with 400 and stores nothing', async () => {
    const before = await snapshot(t);
    for (const body of [
      { url: '   ' },
      {},
      { url: 7 },
      { url: `https://x.com/${'a'.repeat(2048)}` },
      { url: 'x', extra: 1 },
    ]) {
      expectErrorBody((await t.http().post(API_ROUTES.suggestions).send(body).expect(400)).body);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('is rate-limited per IP: 429 { error } past the limit (SUGGESTION_RATE_LIMIT, 10 a minute by default)', async () => {
    const limited = await startTestApp({ SUGGESTION_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        await limited
          .http()
          .post(API_ROUTES.suggestions)
          .send({ url: `https://youtu.be/GGGGGGGGGG${i}` })
          .expect(201);
      }
      const response = await limited
        .http()
        .post(API_ROUTES.suggestions)
        .send({ url: 'https://youtu.be/HHHHHHHHHH1' })
        .expect(429);
      expect(response.body).toEqual({ error: 'Too many suggestions. Try again in a minute.' });
      expect(await limited.query('SELECT url FROM suggestions ORDER BY id')).toHaveLength(3);
      // The login bucket is separate.
      await limited.http().post(API_ROUTES.login).send({ password: 'wrong' }).expect(401);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/suggestions on two replicas of one database', () => {
  it('counts the limit in the database: together they let SUGGESTION_RATE_LIMIT through, then both 429', async () => {
    const first = await startTestApp({ SUGGESTION_RATE_LIMIT: '4' });
    const second = await startTestApp({ SUGGESTION_RATE_LIMIT: '4', DATABASE_URL: first.databaseUrl });
    try {
      const suggest = (replica: TestContext, i: number) =>
        replica
          .http()
          .post(API_ROUTES.suggestions)
          .send({ url: `https://youtu.be/RRRRRRRRRR${i}` });
      const statuses = [];
      for (const [i, replica] of [first, second, first, second].entries())
        statuses.push((await suggest(replica, i)).status);
      expect(statuses).toEqual([201, 201, 201, 201]);
      for (const replica of [first, second]) {
        const response = await suggest(replica, 9);
        expect(response.status).toBe(429);
        expect(response.body).toEqual({ error: 'Too many suggestions. Try again in a minute.' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await first.query('SELECT url FROM suggestions')).toHaveLength(4);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('GET /api/suggestions', () => {
  it('lists pending suggestions, oldest first, to an admin only', async () => {
    const list = (await admin(t).get(API_ROUTES.suggestions).expect(200)).body as Suggestion[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]!.url).toBe('https://youtu.be/FFFFFFFFFF1');
    const times = list.map((s) => s.submittedAt);
    expect(times).toEqual([...times].sort());
    expect((await t.http().get(API_ROUTES.suggestions).expect(401)).body).toEqual({
      error: 'Admin login required',
    });
  });
});

describe('DELETE /api/suggestions/:id', () => {
  it('removes one suggestion (deny or reviewed); 404 when unknown; 400 for a bad id', async () => {
    const [first] = (await admin(t).get(API_ROUTES.suggestions).expect(200)).body as Suggestion[];
    await admin(t).delete(API_ROUTES.suggestion(first!.id)).expect(200, { message: 'Suggestion removed' });
    const after = (await admin(t).get(API_ROUTES.suggestions).expect(200)).body as Suggestion[];
    expect(after.some((s) => s.id === first!.id)).toBe(false);
    expect((await admin(t).delete(API_ROUTES.suggestion(first!.id)).expect(404)).body).toEqual({
      error: 'Suggestion not found',
    });
    expectErrorBody((await admin(t).delete('/api/suggestions/1.0').expect(400)).body);
  });
});
