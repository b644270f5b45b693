/**
 * The migrations of SQLite's trigram indexes (docs/architecture.md "Name search", "Video title search"):
 * CreatorSearchDocs moves the names' index from a row per key to a row per creator, and
 * NewestFirstTitleIndex keys the titles' index by the negated video id. The first app's schema is taken
 * back to the indexes before (each migration's `down`, newest first) and their rows removed; a second
 * app on the same database applies them at start, as a deployment does. On MariaDB neither changes
 * anything (its trigram tables stay).
 */
import { API_ROUTES, type CreatorPage, type VideoPage } from '@friends/shared';
import { DataSource } from 'typeorm';
import { CreatorSearchDocs1797996000000 } from '../src/database/migrations/1797996000000-CreatorSearchDocs';
import { NewestFirstTitleIndex1797997000000 } from '../src/database/migrations/1797997000000-NewestFirstTitleIndex';
import { admin, createCreator, createVideo, undoLatest } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const MIGRATIONS = [new NewestFirstTitleIndex1797997000000(), new CreatorSearchDocs1797996000000()];

let first: TestContext;
let second: TestContext;
const id = { many: 0, channel: 0, other: 0 };
const videos: number[] = [];

const search = async (t: TestContext, q: string, scope?: 'names') => {
  const page = (
    await t
      .http()
      .get(API_ROUTES.creatorsSearch)
      .query({ q, limit: 1, ...(scope ? { scope } : {}) })
      .expect(200)
  ).body as CreatorPage;
  return { total: page.total, first: page.items[0]?.id };
};

const videoSearch = async (t: TestContext, q: string, page: { limit: number; offset?: number }) => {
  const body = (
    await t
      .http()
      .get(API_ROUTES.videosSearch)
      .query({ q, ...page })
      .expect(200)
  ).body as VideoPage;
  return { total: body.total, ids: body.items.map((video) => video.id) };
};

const sqliteTables = async (t: TestContext) =>
  TEST_DB === 'sqlite'
    ? (
        await t.query<{ name: string }>(
          `SELECT name FROM sqlite_master
            WHERE name IN ('creator_search_fts', 'creator_search_docs', 'video_title_fts') ORDER BY name`,
        )
      ).map((row) => row.name)
    : [];

beforeAll(async () => {
  first = await startTestApp();
  // Every kind of key holds the term: a name, an other name, an alias (by a merge) and a channel.
  id.many = (
    await createCreator(first, {
      name: 'Zorblat Prime',
      otherNames: [{ name: 'ゾルブラット zorblat', lang: 'ja' }],
      channel: 'https://www.youtube.com/@zorblatfan',
    })
  ).id;
  const merged = await createCreator(first, { name: 'Zorblat Old' });
  await admin(first)
    .patch(API_ROUTES.creators)
    .send({ primaryId: id.many, mergeIds: [merged.id] })
    .expect(200);
  id.channel = (
    await createCreator(first, { name: 'Quiet', channel: 'https://www.youtube.com/@zorblat2' })
  ).id;
  id.other = (await createCreator(first, { name: 'Unrelated' })).id;
  for (let i = 0; i < 5; i++) {
    videos.push((await createVideo(first, { title: `Quokka parade ${i}`, authorIds: [id.other] })).id);
  }

  const runner = first.app.get(DataSource).createQueryRunner();
  try {
    for (const migration of MIGRATIONS) await migration.down(runner);
  } finally {
    await runner.release();
  }
  for (const migration of MIGRATIONS) {
    await first.query('DELETE FROM migrations WHERE name = ?', [migration.name]);
  }
  second = await startTestApp({}, { url: first.databaseUrl, drop: first.drop });
});

afterAll(async () => {
  await first?.app.close();
  await second?.close();
});

describe('the trigram indexes of one row per creator and of titles newest first', () => {
  it('apply at start', async () => {
    const applied = await second.query<{ name: string }>('SELECT name FROM migrations');
    for (const migration of MIGRATIONS) expect(applied.map((row) => row.name)).toContain(migration.name);
    expect(await sqliteTables(second)).toEqual(
      TEST_DB === 'sqlite' ? ['creator_search_docs', 'video_title_fts'] : [],
    );
  });

  it('find each creator once by any of its names or its channel', async () => {
    // Each creator once however many of its keys hold the term; the channel only outside the names scope.
    expect(await search(second, 'zorbl')).toEqual({ total: 2, first: id.many });
    expect(await search(second, 'zorbl', 'names')).toEqual({ total: 1, first: id.many });
    expect(await search(second, 'ゾルブ')).toEqual({ total: 1, first: id.many });
    expect(await search(second, 'old')).toEqual({ total: 1, first: id.many }); // the alias
    expect(await search(second, 'zorblat2')).toEqual({ total: 1, first: id.channel });
  });

  it('keep up with the writes after them: a rename, a delete (keys by cascade) and its Undo', async () => {
    expect(await search(second, 'zorblati', 'names')).toEqual({ total: 0, first: undefined });
    await admin(second).put(API_ROUTES.creators).send({ id: id.channel, name: 'Zorblatina' }).expect(200);
    expect(await search(second, 'zorblati', 'names')).toEqual({ total: 1, first: id.channel });
    expect(await search(second, 'zorbl', 'names')).toEqual({ total: 2, first: id.many });
    await admin(second).delete(API_ROUTES.creator(id.many)).expect(200);
    expect(await search(second, 'zorb')).toEqual({ total: 1, first: id.channel });
    await undoLatest(second);
    expect(await search(second, 'zorb')).toEqual({ total: 2, first: id.many });
  });

  it('page titles newest first, and follow an edit and a delete', async () => {
    const newest = [...videos].reverse();
    expect(await videoSearch(second, 'quokka', { limit: 2 })).toEqual({ total: 5, ids: newest.slice(0, 2) });
    expect(await videoSearch(second, 'quokka', { limit: 2, offset: 2 })).toEqual({
      total: 5,
      ids: newest.slice(2, 4),
    });
    await admin(second)
      .put(API_ROUTES.videos)
      .send({ id: videos[4], title: 'Wombat parade', authorIds: [id.other] })
      .expect(200);
    await admin(second).delete(API_ROUTES.video(videos[0]!)).expect(200);
    expect(await videoSearch(second, 'quokka', { limit: 5 })).toEqual({
      total: 3,
      ids: [3, 2, 1].map((i) => videos[i]),
    });
    expect(await videoSearch(second, 'wombat', { limit: 5 })).toEqual({ total: 1, ids: [videos[4]] });
  });
});
