import { API_ROUTES } from '@friends/shared';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * ETag, If-None-Match and Cache-Control on reads (src/common/http-caching.ts), through the whole stack
 * (a request with an Origin) and through the replayed answers (a repeated one without).
 */
const ORIGIN = 'https://public-remote.example';
let t: TestContext;
let ann: number;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_REMOTE_URL: `${ORIGIN}/` });
  const [a, b] = [await createCreator(t, 'Ann'), await createCreator(t, 'Bob')];
  ann = a.id;
  await createVideo(t, { title: 'Together', authorIds: [a.id, b.id] });
});
afterAll(() => t.close());

const WEAK_ETAG = /^W\/"[A-Za-z0-9_-]{27}"$/;
const paths = [API_ROUTES.leaderboard, API_ROUTES.stats, API_ROUTES.creators, `${API_ROUTES.stats}?limit=1`];

describe.each([
  ['the whole stack', { Origin: ORIGIN }],
  ['a replayed answer', {}],
])('GET through %s', (_, headers: Record<string, string>) => {
  it.each(paths)(
    '%s: public, no-cache with a weak ETag; a matching If-None-Match answers 304',
    async (path) => {
      const get = () => t.http().get(path).set(headers).set('Accept-Encoding', 'br, gzip');
      await get().expect(200); // the second is replayed when it can be
      const first = await get().expect(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(WEAK_ETAG);

      const same = await get().set('If-None-Match', etag).expect(304);
      expect(same.text ?? '').toBe('');
      expect(same.headers.etag).toBe(etag);
      expect(same.headers['cache-control']).toBe('public, no-cache');
      expect(same.headers['content-length'] ?? '0').toBe('0');
      // Weak comparison, in a list, and whatever the encoding.
      await get()
        .set('If-None-Match', `"other", ${etag.slice(2)}`)
        .expect(304);
      await t
        .http()
        .get(path)
        .set(headers)
        .set('Accept-Encoding', 'identity')
        .set('If-None-Match', etag)
        .expect(304);
      await get().set('If-None-Match', '*').expect(304);
      const other = await get().set('If-None-Match', 'W/"somethingelse"').expect(200);
      expect(other.headers.etag).toBe(etag);
    },
  );
});

it('gives a new ETag once a write changes the answer, and 200 to the old one', async () => {
  const path = API_ROUTES.leaderboard;
  const before = String((await t.http().get(path).expect(200)).headers.etag);
  await t.http().get(path).set('If-None-Match', before).expect(304);
  const carl = await createCreator(t, 'Carl');
  await createVideo(t, { title: 'Three of us', authorIds: [ann, carl.id] });
  const after = await t.http().get(path).set('If-None-Match', before).expect(200);
  expect(after.headers.etag).not.toBe(before);
  expect(after.body).toMatchObject({
    mostCollaborators: expect.arrayContaining([expect.objectContaining({ id: carl.id })]),
  });
  await admin(t).delete(`${API_ROUTES.creators}?id=${carl.id}`).expect(200);
  // The same data again: the same ETag, so a client holding it gets its 304 back.
  await t.http().get(path).set('If-None-Match', before).expect(304);
});

it('marks a public read private when an admin makes it, and leaves admin-only reads unstored', async () => {
  const leaderboard = await admin(t).get(API_ROUTES.leaderboard).expect(200);
  expect(leaderboard.headers['cache-control']).toBe('private, no-cache');
  const etag = String(leaderboard.headers.etag);
  await admin(t).get(API_ROUTES.leaderboard).set('If-None-Match', etag).expect(304);
  const suggestions = await admin(t).get(API_ROUTES.suggestions).expect(200);
  expect(suggestions.headers['cache-control']).toBe('no-store');
  expect(suggestions.headers.etag).toBeUndefined();
});

it('leaves no-store answers, errors and writes without an ETag', async () => {
  const health = await t.http().get(API_ROUTES.health).expect(200);
  expect(health.headers['cache-control']).toBe('no-store');
  expect(health.headers.etag).toBeUndefined();
  const missing = await t.http().get(API_ROUTES.creatorProfile(999_999)).expect(404);
  expect(missing.headers.etag).toBeUndefined();
  const etag = String((await t.http().get(API_ROUTES.leaderboard).expect(200)).headers.etag);
  const posted = await admin(t)
    .post(API_ROUTES.creators)
    .set('If-None-Match', etag)
    .send({ name: 'Dana' })
    .expect(201);
  expect(posted.headers.etag).toBeUndefined();
});
