import fc from 'fast-check';
import { API_ROUTES } from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/** Bad input of any kind answers 4xx JSON { error } and leaves the database as it was. */
let t: TestContext;
let creatorId: number;
beforeAll(async () => {
  t = await startTestApp();
  creatorId = (await createCreator(t, 'Existing')).id;
  await createVideo(t, {
    title: 'Existing video',
    url: 'https://youtu.be/IIIIIIIIII1',
    authorIds: [creatorId],
  });
});
afterAll(() => t.close());

const mutations: ['post' | 'put' | 'patch', string][] = [
  ['post', API_ROUTES.creators],
  ['put', API_ROUTES.creators],
  ['patch', API_ROUTES.creators],
  ['post', API_ROUTES.videos],
  ['put', API_ROUTES.videos],
  ['post', API_ROUTES.suggestions],
  ['post', API_ROUTES.login],
];

describe('malformed bodies', () => {
  it.each(mutations)(
    '%s %s: malformed JSON, wrong content type, empty, huge → 4xx { error }',
    async (method, url) => {
      const before = await snapshot(t);
      const send = () => admin(t)[method](url);
      const cases = [
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('{"name": "x",') },
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('{"name": "x"}}') },
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('') },
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('null') },
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('"just a string"') },
        { status: 400, call: () => send().set('Content-Type', 'application/json').send('[1, 2, 3]') },
        { status: 415, call: () => send().set('Content-Type', 'text/plain').send('name=x') },
        {
          status: 415,
          call: () => send().set('Content-Type', 'application/x-www-form-urlencoded').send('name=x'),
        },
        { status: 413, call: () => send().send({ name: 'x'.repeat(300 * 1024) }) },
      ];
      for (const { status, call } of cases) {
        const response = await call();
        expect({ url, status: response.status }).toEqual({ url, status });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expectErrorBody(response.body);
      }
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

describe('unknown routes', () => {
  it.each([
    ['get', '/api/nothing-here'],
    ['post', '/api/creators/1/profile'],
    ['get', '/api/creators/1/unknown'],
    ['patch', API_ROUTES.videos],
    ['get', '/no-such-page.html'],
    ['delete', '/api'],
  ] as const)('%s %s → 404 JSON { error }', async (method, url) => {
    const response = await admin(t)[method](url);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectErrorBody(response.body);
  });
});

describe('random JSON bodies (property)', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const creatorLike = fc.record(
    {
      id: fc.oneof(fc.integer(), fc.constant(creatorId), json),
      name: fc.oneof(fc.string({ maxLength: 120 }), json),
      channel: fc.oneof(fc.webUrl(), fc.string(), json),
      photo: fc.oneof(fc.webUrl(), fc.string(), json),
      socialLinks: fc.oneof(
        fc.array(fc.record({ platform: fc.string(), url: fc.oneof(fc.webUrl(), fc.string(), json) })),
        json,
      ),
      extra: json,
    },
    { requiredKeys: [] },
  );
  const videoLike = fc.record(
    {
      id: fc.oneof(fc.integer(), json),
      title: fc.oneof(fc.string({ maxLength: 320 }), json),
      url: fc.oneof(fc.webUrl(), fc.string(), json),
      date: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.date().map((d) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10))),
        json,
      ),
      authorIds: fc.oneof(
        fc.array(fc.oneof(fc.integer(), fc.constant(creatorId), json), { maxLength: 5 }),
        json,
      ),
    },
    { requiredKeys: [] },
  );
  const target = fc.constantFrom(...mutations.slice(0, 5));

  it('POST/PUT/PATCH creators and videos never answer 5xx, and every error is { error }', async () => {
    await fc.assert(
      fc.asyncProperty(target, fc.oneof(json, creatorLike, videoLike), async ([method, url], body) => {
        const request = admin(t)[method];
        const response = await request(url)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expectErrorBody(response.body);
        else expect(response.body).toEqual(expect.objectContaining({}));
      }),
      { numRuns: 300, seed: 20240601 },
    );
    // The API's answers stay consistent after all that.
    await t.http().get(API_ROUTES.creators).expect(200);
    await t.http().get(API_ROUTES.leaderboard).expect(200);
  }, 30_000); // 300 requests: near 5 s on a loaded 2-core machine
});
