import { API_ROUTES, type Leaderboard } from '@friends/shared';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Replayed answers (src/common/cached-answers.ts) through the whole app: a repeated public GET is
 * answered from the replay with the same headers, a write is seen at once, and a cross-origin request
 * still gets its CORS headers.
 */
const REMOTE = 'https://public-remote.example';
let t: TestContext;
let ann: number;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_REMOTE_URL: `${REMOTE}/` });
  const [a, b] = [await createCreator(t, 'Ann'), await createCreator(t, 'Bob')];
  ann = a.id;
  await createVideo(t, { title: 'Together', authorIds: [a.id, b.id] });
});
afterAll(() => t.close());

const leaderboard = () => t.http().get(API_ROUTES.leaderboard).set('Accept-Encoding', 'br, gzip');

it('answers a repeated public GET the same way, security headers included, each with its own request id', async () => {
  const first = await leaderboard().expect(200);
  const second = await leaderboard().expect(200);
  expect(second.body).toEqual(first.body);
  for (const header of ['content-security-policy', 'x-content-type-options', 'content-type', 'vary']) {
    expect({ header, value: second.headers[header] }).toEqual({ header, value: first.headers[header] });
  }
  expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
});

it('shows a write to the next reader', async () => {
  const before = (await leaderboard().expect(200)).body as Leaderboard;
  await leaderboard().expect(200);
  const carl = await createCreator(t, 'Carl');
  await createVideo(t, { title: 'Three of us', authorIds: [ann, carl.id] });
  const after = (await leaderboard().expect(200)).body as Leaderboard;
  expect(after).not.toEqual(before);
  expect(after.mostCollaborators.find((entry) => entry.id === carl.id)).toBeDefined();
  await admin(t).delete(`${API_ROUTES.creators}?id=${carl.id}`).expect(200);
  expect((await leaderboard().expect(200)).body).toEqual(before);
});

it('still gives a configured remote its CORS headers, and no one else', async () => {
  await leaderboard().expect(200);
  const remote = await leaderboard().set('Origin', REMOTE).expect(200);
  expect(remote.headers['access-control-allow-origin']).toBe(REMOTE);
  const other = await leaderboard().set('Origin', 'https://elsewhere.example').expect(200);
  expect(other.headers['access-control-allow-origin']).toBeUndefined();
});
