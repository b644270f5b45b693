/**
 * Cached answers dropped by what a write changed (docs/architecture.md "Many replicas, one truth"), on
 * the database TEST_DB names: a visitor's suggestion, a login, a failed login and a review decision that
 * rejects a proposed collaborator leave every public answer cached (the same Answer-Computation, the
 * number of the computation that made it) and the network analysis unrun; a rename drops the answers
 * showing creators and nothing else; a page of every creator and a creator's profile outlive writes of
 * other creators' rows, and go at a write of one they show. Two processes: replicas.e2e-spec.ts.
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
import { admin, createCreator, createVideo, undoLatest } from './support/helpers';
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

/**
 * Adds a video by the given creators, each with a title and a YouTube id of its own: `prefix` (eight
 * characters) and a number.
 */
function videoWriter(prefix: string) {
  let made = 0;
  return (authorIds: number[]) => {
    made += 1;
    const id = `${prefix}${String(made).padStart(3, '0')}`;
    return createVideo(ctx, { title: `Test video ${id}`, url: `https://youtu.be/${id}`, authorIds });
  };
}

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

describe('a page of every creator', () => {
  const pagePath = `${API_ROUTES.creatorsSearch}?limit=2`;
  type Page = { total: number; items: { id: number; name: string; videoCount: number }[] };

  /** The page as a visitor reads it, with the number of the computation that made it. */
  async function read(path = pagePath): Promise<{ page: Page; computation: string }> {
    const res = await ctx.http().get(path);
    expect(res.status).toBe(200);
    return { page: res.body as Page, computation: String(res.headers['answer-computation']) };
  }

  /** The same page computed now, under a URL asked for the first time. */
  let fresh = 0;
  const recomputed = async (): Promise<Page> =>
    (await read(`${API_ROUTES.creatorsSearch}?limit=2&offset=0&q=${'%20'.repeat(++fresh)}`)).page;

  const video = videoWriter('pagetest');

  it("outlives writes of other creators' rows and goes at one of its own", async () => {
    const [x, y] = [await createCreator(ctx, 'Page Test Xavi'), await createCreator(ctx, 'Page Test Yuna')];
    await read(); // kept once asked again
    const before = await read();
    const shown = before.page.items.map((item) => item.id);
    expect(shown).not.toContain(x.id);
    expect(shown).not.toContain(y.id);

    // Another creators' video and rename: the same computation, and still what the data says.
    await video([x.id, y.id]);
    const renamed = await admin(ctx).put(API_ROUTES.creators).send({ id: x.id, name: 'Page Test Xander' });
    expect(renamed.status).toBe(200);
    const kept = await read();
    expect(kept.computation).toBe(before.computation);
    expect(kept.page).toEqual(await recomputed());

    // A video of a creator it shows: computed again, with the new count.
    await video([shown[0]!, x.id]);
    const counted = await read();
    expect(counted.computation).not.toBe(before.computation);
    expect(counted.page.items[0]!.videoCount).toBe(before.page.items[0]!.videoCount + 1);
    expect(counted.page).toEqual(await recomputed());

    // A rename of a creator it shows.
    const second = before.page.items[1]!;
    await admin(ctx)
      .put(API_ROUTES.creators)
      .send({ id: second.id, name: `${second.name} Renamed` })
      .expect(200);
    const named = await read();
    expect(named.computation).not.toBe(counted.computation);
    expect(named.page.items[1]!.name).toBe(`${second.name} Renamed`);
    await read();

    // A new creator changes how many there are, and its undo changes it back.
    const total = (await read()).page.total;
    await createCreator(ctx, 'Page Test Zora');
    expect((await read()).page.total).toBe(total + 1);
    await undoLatest(ctx);
    expect((await read()).page.total).toBe(total);
    expect((await read()).page).toEqual(await recomputed());
  });

  it('a term still goes at any write of what it reads', async () => {
    const path = `${API_ROUTES.creatorsSearch}?q=page%20test`;
    await read(path);
    const before = await read(path);
    const [x] = before.page.items;
    await video([x!.id]);
    expect((await read(path)).computation).not.toBe(before.computation);
  });
});

describe("a creator's profile", () => {
  type Profile = {
    creator: { id: number; name: string };
    stats: { totalVideos: number };
    frequentCollaborators: { id: number; name: string; count: number }[];
    videos: { id: number; title: string }[];
  };

  async function read(id: number, fresh?: number): Promise<{ profile: Profile; computation: string }> {
    const res = await ctx.http().get(`${API_ROUTES.creatorProfile(id)}${fresh ? `?fresh=${fresh}` : ''}`);
    expect(res.status).toBe(200);
    return { profile: res.body as Profile, computation: String(res.headers['answer-computation']) };
  }

  let asked = 0;
  /** The profile computed now, under a URL asked for the first time. */
  const recomputed = async (id: number): Promise<Profile> => (await read(id, ++asked)).profile;

  const video = videoWriter('proftest');

  it("outlives writes of other creators' rows and goes at one it shows", async () => {
    const [p, q, x, y] = [
      await createCreator(ctx, 'Profile Test Pia'),
      await createCreator(ctx, 'Profile Test Quin'),
      await createCreator(ctx, 'Profile Test Xiu'),
      await createCreator(ctx, 'Profile Test Yael'),
    ];
    const together = await video([p.id, q.id]);
    const before = await read(p.id);
    expect(before.profile.frequentCollaborators.map((other) => other.id)).toEqual([q.id]);

    // Other creators' video, rename and links: the same computation, and what the data says.
    await video([x.id, y.id]);
    await admin(ctx).put(API_ROUTES.creators).send({ id: x.id, name: 'Profile Test Xena' }).expect(200);
    const kept = await read(p.id);
    expect(kept.computation).toBe(before.computation);
    expect(kept.profile).toEqual(await recomputed(p.id));

    // Its collaborator renamed: computed again, with the new name.
    await admin(ctx).put(API_ROUTES.creators).send({ id: q.id, name: 'Profile Test Quincy' }).expect(200);
    const renamed = await read(p.id);
    expect(renamed.computation).not.toBe(before.computation);
    expect(renamed.profile.frequentCollaborators[0]!.name).toBe('Profile Test Quincy');

    // A new video of its own, then its video's title edited.
    await video([p.id, x.id]);
    const counted = await read(p.id);
    expect(counted.computation).not.toBe(renamed.computation);
    expect(counted.profile.stats.totalVideos).toBe(2);
    const edited = await admin(ctx)
      .put(API_ROUTES.videos)
      .send({ id: together.id, title: 'Profile test retitled', url: together.url, authorIds: [p.id, q.id] });
    expect(edited.status).toBe(200);
    const retitled = await read(p.id);
    expect(retitled.computation).not.toBe(counted.computation);
    expect(retitled.profile.videos.map((v) => v.title)).toContain('Profile test retitled');
    expect(retitled.profile).toEqual(await recomputed(p.id));

    // Its only video with one collaborator deleted, then the delete undone.
    const collaborators = async () => (await read(p.id)).profile.frequentCollaborators.map((o) => o.id);
    expect(await collaborators()).toEqual([q.id, x.id]);
    await admin(ctx).delete(API_ROUTES.video(together.id)).expect(200);
    expect(await collaborators()).toEqual([x.id]);
    await undoLatest(ctx);
    expect(await collaborators()).toEqual([q.id, x.id]);
    expect((await read(p.id)).profile).toEqual(await recomputed(p.id));
  });
});
