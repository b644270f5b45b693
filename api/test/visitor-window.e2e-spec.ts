/**
 * A visitor's pages of the searches and analytics reach PAGING.visitorWindow rows (docs/architecture.md
 * "Every screen reads a page"): a deep offset is read row by row, so without an admin session
 * `offset + limit` past the window is a 400, on the light path and through the full stack alike; an
 * admin's page goes anywhere.
 */
import { API_ROUTES, PAGING, pagedListUrl } from '@friends/shared';
import { VISITOR_WINDOW_MESSAGE } from '../src/common/page-params';
import { admin, createCreator } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['Window Ann', 'Window Bo', 'Window Cy']) await createCreator(t, name);
});
afterAll(async () => {
  await t?.close();
});

const WINDOW = PAGING.visitorWindow;
const ROUTES = [API_ROUTES.creatorsSearch, API_ROUTES.videosSearch, API_ROUTES.stats];
/** The page's rows: `items`, or analytics' per-creator `creators`. */
const rowsOf = (route: string, body: unknown): unknown =>
  (body as Record<string, unknown>)[route === API_ROUTES.stats ? 'creators' : 'items'];
const url = (route: string, offset: number, limit: number, q = '') =>
  pagedListUrl(route, { q, offset, limit });

describe.each(ROUTES)('GET %s without an admin session', (route) => {
  it('answers a page that ends at the window', async () => {
    const response = await t
      .http()
      .get(url(route, WINDOW - 20, 20))
      .expect(200);
    expect(rowsOf(route, response.body)).toEqual([]);
  });

  it('answers 400 past it, however the request comes (light path, or the full stack)', async () => {
    for (const [offset, limit] of [
      [WINDOW - 19, 20],
      [WINDOW, 1],
      [999_999, 50],
    ] as const) {
      const light = await t.http().get(url(route, offset, limit, 'win'));
      expect([offset, limit, light.status, light.body]).toEqual([
        offset,
        limit,
        400,
        { error: VISITOR_WINDOW_MESSAGE },
      ]);
      // An Origin header and a cookie that is no session take the request through Fastify and the gate.
      const full = await t
        .http()
        .get(url(route, offset, limit, 'win'))
        .set('Origin', 'http://127.0.0.1')
        .set('Cookie', 'friends_session=not-a-session');
      expect([offset, limit, full.status, full.body]).toEqual([
        offset,
        limit,
        400,
        { error: VISITOR_WINDOW_MESSAGE },
      ]);
    }
  });

  it('counts the default limit when none is given', async () => {
    const response = await t.http().get(`${route}?offset=${WINDOW}`).expect(400);
    expect(response.body).toEqual({ error: VISITOR_WINDOW_MESSAGE });
  });

  it('leaves a malformed page to its own 400', async () => {
    const response = await t.http().get(`${route}?offset=-1`).expect(400);
    expect(response.body).toEqual({
      error: expect.stringMatching(/^offset must be a whole number/) as string,
    });
  });
});

describe.each(ROUTES)('GET %s with an admin session', (route) => {
  it('answers a page past the window, with the whole count', async () => {
    const response = await admin(t)
      .get(url(route, WINDOW, 50))
      .expect(200);
    expect(rowsOf(route, response.body)).toEqual([]);
    if (route === API_ROUTES.creatorsSearch) expect(response.body).toMatchObject({ total: 3 });
  });
});
