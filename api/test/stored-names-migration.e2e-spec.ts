/**
 * The migration StoredNamesNfc (docs/product.md "Names in every script"): names written decomposed
 * before names were stored in NFC are put in NFC with their keys. The rows are written as the API wrote
 * them then (raw SQL, search keys folded from the decomposed text), the migration's row is taken out,
 * and a second app on the same database applies it at start, as a deployment does, while the first
 * keeps running with its cached answers.
 */
import {
  API_ROUTES,
  GROUP_ROUTES,
  creatorExistsMessage,
  type CreatorPage,
  type CreatorProfile,
  type DuplicateGroupPage,
} from '@friends/shared';
import { DataSource } from 'typeorm';
import { creatorSearchKeyRows, refreshCreatorSearchKeys } from '../src/creators/creator-search-keys';
import { storeNamesInNfc } from '../src/database/migrations/1797994000000-StoredNamesNfc';
import { admin, createCreator, createVideo, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

jest.setTimeout(60_000);

const MIGRATION = 'StoredNamesNfc1797994000000';

/** A legacy spelling: what the API stored before NFC, and its key then (lowercased as sent). */
const LEGACY = {
  kora: 'Pe\u0301kora Legacy', // → Pékora Legacy
  taken: 'Pe\u0301 Taken', // its NFC spelling is an existing creator's name
  twinFirst: 'Ve\u0301\u0323 Twin', // two old spellings of one NFC name (marks in either order)
  twinSecond: 'Ve\u0323\u0301 Twin',
  alias: 'Beyonce\u0301 Old',
  groupFree: 'Noe\u0308l Group',
  groupTaken: 'Zoe\u0308 Group',
};
const NFC_KORA = 'Pékora Legacy';

let first: TestContext;
let second: TestContext;
const id: Record<string, number> = {};
let historyBefore = 0;
let creatorsVersionBefore = 0;

const insertId = async (t: TestContext, table: string, columns: string[], values: unknown[]) => {
  await t.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    values,
  );
  const [row] = await t.query<{ id: number }>(`SELECT MAX(id) AS id FROM ${table}`);
  return Number(row!.id);
};
const legacyCreator = (t: TestContext, name: string) =>
  insertId(t, 'creators', ['name', 'name_key', 'photo'], [name, name.toLowerCase(), '']);
const legacyGroup = (t: TestContext, name: string) =>
  insertId(t, 'creator_groups', ['name', 'name_key', 'kind'], [name, name.toLowerCase(), 'group']);

const creators = (t: TestContext, q: string) =>
  t.http().get(API_ROUTES.creatorsSearch).query({ q, limit: 50 }).expect(200);
const withCreators = async (t: TestContext, name: string) =>
  ((await creators(t, `with:"${name}"`)).body as CreatorPage).withCreators?.map((c) => c.id) ?? [];
const row = async (t: TestContext, table: string, rowId: number) =>
  (
    await t.query<{ name: string; name_key: string }>(`SELECT name, name_key FROM ${table} WHERE id = ?`, [
      rowId,
    ])
  )[0];

beforeAll(async () => {
  first = await startTestApp();
  id.takenHolder = (await createCreator(first, 'Pé Taken')).id;
  id.partner = (await createCreator(first, 'Partner Nfc')).id;
  const group = await admin(first).post(GROUP_ROUTES.groups).send({ name: 'Zoë Group', kind: 'group' });
  id.groupHolder = Number(group.body.id);

  id.kora = await legacyCreator(first, LEGACY.kora);
  id.taken = await legacyCreator(first, LEGACY.taken);
  id.twinFirst = await legacyCreator(first, LEGACY.twinFirst);
  id.twinSecond = await legacyCreator(first, LEGACY.twinSecond);
  for (const [position, name, lang] of [
    [0, 'ソ\u3099ーイ', 'ja'],
    [1, 'ゾーイ', 'ja'], // the composed spelling of the first: a repeat once both are NFC
    [2, '\u1112\u1161\u11AB', null], // conjoining jamo: 한
  ] as const) {
    await insertId(
      first,
      'creator_other_names',
      ['creator_id', 'position', 'name', 'lang'],
      [id.kora, position, name, lang],
    );
  }
  id.alias = await insertId(
    first,
    'creator_aliases',
    ['creator_id', 'name', 'name_key', 'merged_creator_id'],
    [id.kora, LEGACY.alias, LEGACY.alias.toLowerCase(), null],
  );
  id.groupFree = await legacyGroup(first, LEGACY.groupFree);
  id.groupTaken = await legacyGroup(first, LEGACY.groupTaken);
  // The search rows the API wrote then: folded from the decomposed text.
  const dataSource = first.app.get(DataSource);
  await dataSource.transaction((manager) =>
    refreshCreatorSearchKeys(manager, [id.kora!, id.taken!, id.twinFirst!, id.twinSecond!]),
  );
  await createVideo(first, {
    url: 'https://www.youtube.com/watch?v=nfcLegacy01',
    authorIds: [id.partner!, id.kora!],
  });

  // Before: the NFC spelling names nobody (and `first` now holds that answer).
  expect(await withCreators(first, NFC_KORA)).toEqual([]);
  historyBefore = Number((await first.query<{ n: number }>('SELECT COUNT(*) AS n FROM history'))[0]!.n);
  creatorsVersionBefore = Number(
    (await first.query<{ version: number }>("SELECT version FROM answer_versions WHERE name = 'creators'"))[0]
      ?.version ?? 0,
  );

  await first.query('DELETE FROM migrations WHERE name = ?', [MIGRATION]);
  second = await startTestApp({}, { url: first.databaseUrl, drop: first.drop });
});

afterAll(async () => {
  await first?.app.close();
  await second?.close();
});

describe('StoredNamesNfc', () => {
  it('applies at start and stores the legacy names, aliases, other names and groups in NFC', async () => {
    expect(await second.query('SELECT name FROM migrations WHERE name = ?', [MIGRATION])).toHaveLength(1);
    expect(await row(second, 'creators', id.kora!)).toEqual({ name: NFC_KORA, name_key: 'pékora legacy' });
    const profile = (await second.http().get(API_ROUTES.creatorProfile(id.kora!)).expect(200))
      .body as CreatorProfile;
    expect(profile.creator.name).toBe(NFC_KORA);
    // The repeat is kept once, as an edit sending the same list would store it.
    expect(profile.creator.otherNames).toEqual([{ name: 'ゾーイ', lang: 'ja' }, { name: '한' }]);
    expect(await row(second, 'creator_aliases', id.alias!)).toEqual({
      name: 'Beyoncé Old',
      name_key: 'beyoncé old',
    });
    expect(await row(second, 'creator_groups', id.groupFree!)).toEqual({
      name: 'Noël Group',
      name_key: 'noël group',
    });
    // Its search rows are the ones the API writes for these names now.
    const keys = await second.query<{ field: string; initials: number; whole: number; search_key: string }>(
      'SELECT field, initials, whole, search_key FROM creator_search_keys WHERE creator_id = ?',
      [id.kora],
    );
    const expected = creatorSearchKeyRows(id.kora!, [NFC_KORA, 'ゾーイ', '한', 'Beyoncé Old'], '');
    const asText = (r: { field: string; initials: number; whole: number; key: string }) =>
      `${r.field} ${Number(r.initials)} ${Number(r.whole)} ${r.key}`;
    expect(keys.map((k) => asText({ ...k, key: k.search_key })).sort()).toEqual(expected.map(asText).sort());
  });

  it('answers the NFC spelling 409 and finds the creator by either spelling', async () => {
    for (const name of [NFC_KORA, LEGACY.kora]) {
      const response = await admin(second).post(API_ROUTES.creators).send({ name });
      expect([response.status, response.body]).toEqual([409, { error: creatorExistsMessage(NFC_KORA) }]);
      expect(((await creators(second, name)).body as CreatorPage).items.map((c) => c.id)).toContain(id.kora);
      expect(await withCreators(second, name)).toEqual([id.kora]);
    }
    const group = await admin(second).post(GROUP_ROUTES.groups).send({ name: 'Noël Group', kind: 'team' });
    expect(group.status).toBe(409);
  });

  it('leaves a name whose NFC key another row holds as it was, offered as a duplicate', async () => {
    expect(await row(second, 'creators', id.taken!)).toEqual({
      name: LEGACY.taken,
      name_key: LEGACY.taken.toLowerCase(),
    });
    expect(await row(second, 'creators', id.takenHolder!)).toEqual({
      name: 'Pé Taken',
      name_key: 'pé taken',
    });
    // Two old spellings of one name: the first by id is converted, the second kept.
    expect(await row(second, 'creators', id.twinFirst!)).toEqual({
      name: LEGACY.twinFirst.normalize('NFC'),
      name_key: LEGACY.twinFirst.normalize('NFC').toLowerCase(),
    });
    expect(await row(second, 'creators', id.twinSecond!)).toEqual({
      name: LEGACY.twinSecond,
      name_key: LEGACY.twinSecond.toLowerCase(),
    });
    expect(await row(second, 'creator_groups', id.groupTaken!)).toEqual({
      name: LEGACY.groupTaken,
      name_key: LEGACY.groupTaken.toLowerCase(),
    });
    const duplicates = (
      await admin(second).get(API_ROUTES.creatorsDuplicates).query({ limit: 200 }).expect(200)
    ).body as DuplicateGroupPage;
    const groups = duplicates.items.map((group) => group.map((item) => item.id));
    expect(groups).toContainEqual([id.takenHolder, id.taken]);
    expect(groups).toContainEqual([id.twinFirst, id.twinSecond]);
    // Both are still found by a search, in either spelling.
    for (const q of ['Pé Taken', LEGACY.taken]) {
      const found = ((await creators(second, q)).body as CreatorPage).items.map((c) => c.id);
      expect(found).toEqual(expect.arrayContaining([id.takenHolder, id.taken]));
    }
  });

  it('records no history, and no cached answer outlives it: a replica still running answers anew', async () => {
    const [history] = await second.query<{ n: number }>('SELECT COUNT(*) AS n FROM history');
    expect(Number(history!.n)).toBe(historyBefore);
    const [version] = await second.query<{ version: number }>(
      "SELECT version FROM answer_versions WHERE name = 'creators'",
    );
    // The stored network analysis (whose member names are copies) is of the creators' old version.
    expect(Number(version!.version)).toBeGreaterThan(creatorsVersionBefore);
    const deadline = Date.now() + 5000;
    let seen: number[] = [];
    while (Date.now() < deadline) {
      seen = await withCreators(first, NFC_KORA);
      if (seen.length > 0) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(seen).toEqual([id.kora]);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(second);
    const outcome = await second.app.get(DataSource).transaction((manager) => storeNamesInNfc(manager));
    expect(outcome).toEqual({
      creators: 0,
      aliases: 0,
      otherNames: 0,
      groups: 0,
      left: [
        { table: 'creators', id: id.taken, name: LEGACY.taken, takenBy: id.takenHolder },
        { table: 'creators', id: id.twinSecond, name: LEGACY.twinSecond, takenBy: id.twinFirst },
        { table: 'creator_groups', id: id.groupTaken, name: LEGACY.groupTaken, takenBy: id.groupHolder },
      ],
    });
    expect(await snapshot(second)).toEqual(before);
  });
});
