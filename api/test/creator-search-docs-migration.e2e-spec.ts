/**
 * The migration CreatorSearchDocs (docs/architecture.md "Name search"): SQLite's trigram index of the
 * names moves from a row per key to a row per creator. The first app's schema is taken back to the index
 * before (the migration's `down`) and its row removed; a second app on the same database applies it at
 * start, as a deployment does. On MariaDB the migration changes nothing (its trigram table stays).
 */
import { API_ROUTES, type CreatorPage } from '@friends/shared';
import { DataSource } from 'typeorm';
import { CreatorSearchDocs1797996000000 } from '../src/database/migrations/1797996000000-CreatorSearchDocs';
import { admin, createCreator, undoLatest } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const MIGRATION = 'CreatorSearchDocs1797996000000';

let first: TestContext;
let second: TestContext;
const id: Record<string, number> = {};

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

const tables = async (t: TestContext) =>
  TEST_DB === 'sqlite'
    ? (
        await t.query<{ name: string }>(
          `SELECT name FROM sqlite_master WHERE name IN ('creator_search_fts', 'creator_search_docs') ORDER BY name`,
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
  await createCreator(first, { name: 'Unrelated' });

  const runner = first.app.get(DataSource).createQueryRunner();
  try {
    await new CreatorSearchDocs1797996000000().down(runner);
  } finally {
    await runner.release();
  }
  await first.query('DELETE FROM migrations WHERE name = ?', [MIGRATION]);
  second = await startTestApp({}, { url: first.databaseUrl, drop: first.drop });
});

afterAll(async () => {
  await first?.app.close();
  await second?.close();
});

describe('CreatorSearchDocs', () => {
  it('applies at start: one row per creator, found by any of its names or its channel', async () => {
    expect(await second.query('SELECT name FROM migrations WHERE name = ?', [MIGRATION])).toHaveLength(1);
    expect(await tables(second)).toEqual(TEST_DB === 'sqlite' ? ['creator_search_docs'] : []);
    // Each creator once however many of its keys hold the term; the channel only outside the names scope.
    expect(await search(second, 'zorbl')).toEqual({ total: 2, first: id.many });
    expect(await search(second, 'zorbl', 'names')).toEqual({ total: 1, first: id.many });
    expect(await search(second, 'ゾルブ')).toEqual({ total: 1, first: id.many });
    expect(await search(second, 'old')).toEqual({ total: 1, first: id.many }); // the alias
    expect(await search(second, 'zorblat2')).toEqual({ total: 1, first: id.channel });
  });

  it('keeps up with the writes after it: a rename, a delete (keys by cascade) and its Undo', async () => {
    expect(await search(second, 'zorblati', 'names')).toEqual({ total: 0, first: undefined });
    await admin(second).put(API_ROUTES.creators).send({ id: id.channel, name: 'Zorblatina' }).expect(200);
    expect(await search(second, 'zorblati', 'names')).toEqual({ total: 1, first: id.channel });
    expect(await search(second, 'zorbl', 'names')).toEqual({ total: 2, first: id.many });
    await admin(second).delete(API_ROUTES.creator(id.many)).expect(200);
    expect(await search(second, 'zorb')).toEqual({ total: 1, first: id.channel });
    await undoLatest(second);
    expect(await search(second, 'zorb')).toEqual({ total: 2, first: id.many });
  });
});
