/**
 * Cached answers dropped by what a write changed (docs/architecture.md "Many replicas, one truth"), on
 * the database TEST_DB names: a visitor's suggestion, a login, a failed login and a review decision that
 * rejects a proposed collaborator leave every public answer cached (the same Answer-Computation, the
 * number of the computation that made it) and the network analysis unrun; a rename drops the answers
 * showing creators and nothing else. Two processes: replicas.e2e-spec.ts.
 */
import {
  API_ROUTES,
  HISTORY_ROUTES,
  INSIGHTS_ROUTES,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  type ReviewPage,
} from '@friends/shared';
import { ANSWER_TABLES } from '../src/common/cached-answer';
import { FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let ctx: TestContext;
let creatorId = 0;

const post = (path: string, body?: object) =>
  ctx
    .http()
    .post(path)
    .set('Cookie', ctx.cookie)
    .send(body ?? {});

/** The public answers followed, asked as a visitor (no cookie). */
const publicAnswers = () => [
  `${API_ROUTES.creatorsSearch}?q=a`,
  API_ROUTES.creatorProfile(creatorId),
  `${API_ROUTES.creators}/${creatorId}/network`,
  API_ROUTES.leaderboard,
  INSIGHTS_ROUTES.leaderboard('year'),
  API_ROUTES.stats,
  `${API_ROUTES.videosSearch}?q=a`,
  INSIGHTS_ROUTES.communities,
  INSIGHTS_ROUTES.bridges(),
  INSIGHTS_ROUTES.suggested(creatorId),
];

/** Each public answer's Answer-Computation, by path. */
async function computations(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const path of publicAnswers()) {
    const res = await ctx.http().get(path);
    expect([path, res.status]).toEqual([path, 200]);
    seen[path] = String(res.headers['answer-computation']);
  }
  return seen;
}

/** Until the network analysis has published a result that reads the last change (its answer is then cached). */
async function analysed(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const res = await ctx.http().get(INSIGHTS_ROUTES.communities);
    if (res.headers['answer-computation']) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the network analysis never settled');
}

beforeAll(async () => {
  fake = await startFakeYouTube({ benchVideos: 0 });
  ctx = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  });
  const items = [
    'Harvest song ft. Dario Quill',
    'Camping in the rain with Priya Castellan',
    'Dinner party',
  ].map((title) => ({ id: fake.data.videos.find((v) => v.title === title)!.id }));
  const imported = await post(YOUTUBE_ROUTES.import, { items });
  expect(imported.body).toMatchObject({ imported: 3, failed: 0, proposed: 1 });
  creatorId = Number(
    (await ctx.query<{ id: number }>('SELECT id FROM creators WHERE name = ?', ['Juniper Lane']))[0]?.id,
  );
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('the tables answers read', () => {
  it('are tables of the schema, by the names writes are recorded under', async () => {
    const tables = await ctx.query<{ name: string }>(
      TEST_DB === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type = 'table'"
        : 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
    );
    const names = new Set(tables.map((row) => row.name));
    // The name index's trigrams are a table on MySQL/MariaDB only (SQLite has FTS5 over the keys).
    const expected = ANSWER_TABLES.filter(
      (table) => TEST_DB !== 'sqlite' || table !== 'creator_search_grams',
    );
    expect(expected.filter((table) => !names.has(table))).toEqual([]);
  });
});

describe('writes no public answer reads', () => {
  it('a suggestion, a login, a failed login and a rejected proposal leave every public answer cached', async () => {
    await analysed();
    await computations(); // the searches' answers are kept once asked for again
    const before = await computations();
    expect(await computations()).toEqual(before); // kept between two reads

    const suggested = await ctx
      .http()
      .post(API_ROUTES.suggestions)
      .send({ url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(suggested.status).toBe(201);
    expect(await computations()).toEqual(before);

    expect((await ctx.http().post(API_ROUTES.login).send({ password: 'wrong' })).status).toBe(401);
    const login = await ctx.http().post(API_ROUTES.login).send({ password: 'correct horse battery staple' });
    expect(login.status).toBe(200);
    expect(await computations()).toEqual(before);

    const page = (await ctx.http().get(`${REVIEW_ROUTES.list}?limit=10`).set('Cookie', ctx.cookie))
      .body as ReviewPage;
    expect(page.total).toBe(1);
    const rejected = await post(REVIEW_ROUTES.reject(page.items[0]!.id));
    expect(rejected.status).toBe(200);
    expect(await computations()).toEqual(before);

    // Its undo brings the proposal back, and changes nothing a public answer reads either.
    const [entry] = await ctx.query<{ id: number }>('SELECT id FROM history ORDER BY id DESC LIMIT 1');
    expect((await post(HISTORY_ROUTES.undo(entry!.id))).status).toBe(200);
    expect(await computations()).toEqual(before);
  });

  it('a rename drops the answers that show creators, and they show the new name', async () => {
    const before = await computations();
    const renamed = await ctx
      .http()
      .put(API_ROUTES.creators)
      .set('Cookie', ctx.cookie)
      .send({ id: creatorId, name: 'Juniper Lake' });
    expect(renamed.status).toBe(200);
    const profile = await ctx.http().get(API_ROUTES.creatorProfile(creatorId));
    expect((profile.body as { creator: { name: string } }).creator.name).toBe('Juniper Lake');
    await analysed();
    const after = await computations();
    for (const path of publicAnswers()) expect([path, after[path]]).not.toEqual([path, before[path]]);
  });
});
