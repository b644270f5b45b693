/**
 * Names in every script (docs/product.md "Names in every script"): other names on creators, the shared
 * name-search table answered through the index with the same ids in the same order on SQLite and on
 * MariaDB, duplicates by folded name, and bad other names refused naming the field.
 */
import {
  API_ROUTES,
  LIMITS,
  type Creator,
  type CreatorListItem,
  type CreatorPage,
  type CreatorProfile,
  type DuplicateGroupPage,
} from '@friends/shared';
import { NAME_SEARCH_CASES, NAME_SEARCH_CREATORS } from '../../shared/src/fixtures/name-search-cases';
import { admin, createCreator, expectErrorBody, snapshot, undoLatest } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
const idByName = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  for (const creator of NAME_SEARCH_CREATORS) {
    const made = await createCreator(t, {
      name: creator.name,
      otherNames: creator.otherNames ?? [],
      ...(creator.channel ? { channel: creator.channel } : {}),
    });
    idByName.set(creator.name, made.id);
  }
});
afterAll(() => t?.close());

async function search(q: string, scope?: 'names'): Promise<CreatorPage> {
  const response = await t
    .http()
    .get(API_ROUTES.creatorsSearch)
    .query({ q, limit: 200, ...(scope ? { scope } : {}) })
    .expect(200);
  return response.body as CreatorPage;
}

describe('GET /api/creators/search: the shared name-search table', () => {
  it.each(NAME_SEARCH_CASES)('%j finds %j (%s)', async (query, expected, ...more) => {
    const names = expected === '*' ? NAME_SEARCH_CREATORS.map((c) => c.name) : expected;
    const ids = names.map((name) => idByName.get(name));
    // Fresh databases and one creation order: the ids are the same on SQLite and MariaDB.
    expect(ids).toEqual(names.map((name) => NAME_SEARCH_CREATORS.findIndex((c) => c.name === name) + 1));
    // The names scope's answer when a channel makes a difference (a rest parameter: see fold.test.ts).
    const byNames = (more[1] ?? names).map((name) => idByName.get(name));
    for (const [scope, wanted] of [
      [undefined, ids],
      ['names', byNames],
    ] as const) {
      const page = await search(query, scope);
      expect(page.items.map((item) => item.id)).toEqual(wanted);
      expect(page.total).toBe(wanted.length);
    }
    const all = await t.http().get(API_ROUTES.creatorsSearchIds).set('Cookie', t.cookie).query({ q: query });
    expect(all.status).toBe(200);
    expect(all.body.ids).toEqual(ids);
  });

  it('pages a short query by id with the total', async () => {
    const first = await t.http().get(API_ROUTES.creatorsSearch).query({ q: 'j', limit: 1 }).expect(200);
    const second = await t
      .http()
      .get(API_ROUTES.creatorsSearch)
      .query({ q: 'j', limit: 1, offset: 1 })
      .expect(200);
    expect([first.body.total, second.body.total]).toEqual([2, 2]);
    expect([first.body.items[0].name, second.body.items[0].name]).toEqual(['José García', 'Jose Garcia Two']);
  });
});

describe('other names on every creator answer', () => {
  const pekora = () => idByName.get('兎田ぺこら') as number;
  const expected = [{ name: 'Usada Pekora', lang: 'ja-Latn' }];

  it('come with search items, the list and the profile', async () => {
    expect((await search('ぺこら')).items[0]?.otherNames).toEqual(expected);
    const list = (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[];
    expect(list.find((c) => c.id === pekora())?.otherNames).toEqual(expected);
    expect(list.find((c) => c.name === 'Ann Bo')?.otherNames).toEqual([]);
    const profile = (await t.http().get(API_ROUTES.creatorProfile(pekora())).expect(200))
      .body as CreatorProfile;
    expect(profile.creator.otherNames).toEqual(expected);
  });

  it('are replaced by PUT, kept when omitted, and restored by an undo', async () => {
    const made = await createCreator(t, { name: 'Rin Example', otherNames: [{ name: 'りん', lang: 'JA' }] });
    expect(made.otherNames).toEqual([{ name: 'りん', lang: 'ja' }]);
    const kept = await admin(t)
      .put(API_ROUTES.creators)
      .send({ id: made.id, name: 'Rin Example' })
      .expect(200);
    expect((kept.body as Creator).otherNames).toEqual([{ name: 'りん', lang: 'ja' }]);
    const replaced = await admin(t)
      .put(API_ROUTES.creators)
      .send({
        id: made.id,
        name: 'Rin Example',
        otherNames: [{ name: 'Рин' }, { name: '  린  ', lang: 'ko' }],
      })
      .expect(200);
    expect((replaced.body as Creator).otherNames).toEqual([{ name: 'Рин' }, { name: '린', lang: 'ko' }]);
    expect((await search('рин')).items.map((c) => c.id)).toEqual([made.id]);
    expect((await search('りん')).items.map((c) => c.id)).toEqual([]);

    await undoLatest(t);
    expect((await search('りん')).items.map((c) => c.id)).toEqual([made.id]);
    expect((await search('рин')).items.map((c) => c.id)).toEqual([]);
    await admin(t).delete(`${API_ROUTES.creators}/${made.id}`).expect(200);
    expect((await search('りん')).items).toEqual([]);
  });

  it('null is not given: a create stores none, an update keeps them (never a 500)', async () => {
    const created = await admin(t)
      .post(API_ROUTES.creators)
      .send({ name: 'Null Others', otherNames: null })
      .expect(201);
    expect((created.body as Creator).otherNames).toEqual([]);
    const id = (created.body as Creator).id;
    await admin(t)
      .put(API_ROUTES.creators)
      .send({ id, name: 'Null Others', otherNames: [{ name: 'ヌル', lang: 'ja' }] })
      .expect(200);
    const kept = await admin(t)
      .put(API_ROUTES.creators)
      .send({ id, name: 'Null Others', otherNames: null })
      .expect(200);
    expect((kept.body as Creator).otherNames).toEqual([{ name: 'ヌル', lang: 'ja' }]);
  });

  it("keep a merged creator's names and other names searchable on the primary", async () => {
    const primary = await createCreator(t, 'Merge Primary');
    const merged = await createCreator(t, {
      name: 'ミオ Merged',
      otherNames: [{ name: 'Ookami Mio', lang: 'ja-Latn' }],
    });
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: primary.id, mergeIds: [merged.id] })
      .expect(200);
    expect((await search('みお')).items.map((c) => c.id)).toEqual([primary.id]);
    expect((await search('ookami')).items.map((c) => c.id)).toEqual([primary.id]);
  });
});

describe('duplicates by folded name', () => {
  it('offers ぺこら / ペコラ and José / Jose', async () => {
    const a = await createCreator(t, 'ぺこらDup');
    const b = await createCreator(t, 'ペコラDUP');
    const c = await createCreator(t, 'José Dup');
    const d = await createCreator(t, 'Jose Dup');
    const page = (await admin(t).get(API_ROUTES.creatorsDuplicates).query({ limit: 200 }).expect(200))
      .body as DuplicateGroupPage;
    const groups = page.items.map((group) => group.map((item) => item.id));
    expect(groups).toContainEqual([a.id, b.id]);
    expect(groups).toContainEqual([c.id, d.id]);
  });

  it('counts other names: a new Usada Pekora, and ペコラ against an other name ぺこら', async () => {
    const duplicateIds = async () =>
      (
        (await admin(t).get(API_ROUTES.creatorsDuplicates).query({ limit: 200 }).expect(200))
          .body as DuplicateGroupPage
      ).items.map((group) => group.map((item) => item.id));
    const pekora = idByName.get('兎田ぺこら') as number;
    const romaji = await createCreator(t, 'Usada Pekora');
    expect(await duplicateIds()).toContainEqual([pekora, romaji.id]);

    const fan = await createCreator(t, { name: 'Pekora Fan Club', otherNames: [{ name: 'ぺこらファン' }] });
    const katakana = await createCreator(t, 'ペコラファン');
    expect(await duplicateIds()).toContainEqual([fan.id, katakana.id]);
    // A change to the other names alone is seen at once: the group goes when the other name does.
    await admin(t)
      .put(API_ROUTES.creators)
      .send({ id: fan.id, name: 'Pekora Fan Club', otherNames: [] })
      .expect(200);
    expect((await duplicateIds()).flat()).not.toContain(katakana.id);
  });
});

describe('names stored in NFC', () => {
  const NFD_BEYONCE = 'Beyonce\u0301 Nfc';

  it('an NFD spelling of an existing name answers the 409 the NFC spelling does', async () => {
    const made = await createCreator(t, 'Beyoncé Nfc');
    const nfc = await admin(t).post(API_ROUTES.creators).send({ name: 'Beyoncé Nfc' });
    const nfd = await admin(t).post(API_ROUTES.creators).send({ name: NFD_BEYONCE });
    expect(nfc.status).toBe(409);
    expect([nfd.status, nfd.body]).toEqual([409, nfc.body]);
    const other = await createCreator(t, 'Someone Else Nfc');
    const rename = await admin(t).put(API_ROUTES.creators).send({ id: other.id, name: NFD_BEYONCE });
    expect([rename.status, rename.body]).toEqual([409, nfc.body]);
    expect((await t.http().get(API_ROUTES.creatorProfile(made.id)).expect(200)).body.creator.name).toBe(
      'Beyoncé Nfc',
    );
  });

  it('a name and other names sent in NFD are stored and answered in NFC', async () => {
    const made = await createCreator(t, {
      name: 'Zoe\u0308 Nfd',
      otherNames: [{ name: 'ソ\u3099ーイ', lang: 'ja' }, { name: '\u1112\u1161\u11AB' }],
    });
    expect(made.name).toBe('Zoë Nfd');
    expect(made.otherNames).toEqual([{ name: 'ゾーイ', lang: 'ja' }, { name: '한' }]);
    const profile = (await t.http().get(API_ROUTES.creatorProfile(made.id)).expect(200))
      .body as CreatorProfile;
    expect([profile.creator.name, profile.creator.otherNames]).toEqual([made.name, made.otherNames]);
    expect((await search('zoë')).items.map((c) => c.id)).toEqual([made.id]);
    const renamed = await admin(t)
      .put(API_ROUTES.creators)
      .send({ id: made.id, name: 'Noe\u0308l Nfd' })
      .expect(200);
    expect((renamed.body as Creator).name).toBe('Noël Nfd');
  });

  it('counts an NFD name as the NFC name it is stored as: 100 é sent as e + U+0301 fit', async () => {
    const made = await createCreator(t, {
      name: 'e\u0301'.repeat(LIMITS.creatorName),
      otherNames: [{ name: 'a\u0301'.repeat(LIMITS.creatorName) }],
    });
    expect(made.name).toBe('é'.repeat(LIMITS.creatorName));
    expect(made.otherNames).toEqual([{ name: 'á'.repeat(LIMITS.creatorName) }]);
  });

  it('names still refuse invisible characters, naming the field', async () => {
    for (const [body, field] of [
      [{ name: 'Bey\u200Bonce\u0301' }, 'name'],
      [{ name: 'Fine Nfc', otherNames: [{ name: 'Bey\u200Bonce\u0301' }] }, 'otherNames'],
    ] as const) {
      const response = await admin(t).post(API_ROUTES.creators).send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(field);
    }
  });
});

describe('POST /api/creators: bad other names', () => {
  it.each([
    ['blank', [{ name: '   ' }], 'otherNames'],
    ['too long', [{ name: 'x'.repeat(LIMITS.creatorName + 1) }], 'otherNames'],
    ['too many emoji', [{ name: '🐰'.repeat(LIMITS.creatorName + 1) }], 'otherNames'],
    ['an empty lang', [{ name: 'ok', lang: '' }], 'lang'],
    ['a private-use lang with a long subtag', [{ name: 'ok', lang: 'x-whatever1' }], 'lang'],
    ['a control character', [{ name: 'a\u0007b' }], 'otherNames'],
    ['a zero-width space', [{ name: 'pe\u200Bkora' }], 'otherNames'],
    ['a Hangul filler', [{ name: '\u3164' }], 'otherNames'],
    [
      'more than 20',
      Array.from({ length: LIMITS.otherNames + 1 }, (_, i) => ({ name: `n${i}` })),
      'otherNames',
    ],
    ['a bad lang', [{ name: 'ok', lang: 'not a tag' }], 'lang'],
    ['an underscore lang', [{ name: 'ok', lang: 'ja_JP' }], 'lang'],
    ['a lang that is not a string', [{ name: 'ok', lang: 7 }], 'lang'],
    ['a name that is not a string', [{ name: 3 }], 'name'],
    ['not a list', 'Pekora', 'otherNames'],
  ])('%s → 400 naming the field, nothing written', async (_label, otherNames, field) => {
    const before = await snapshot(t);
    const response = await admin(t).post(API_ROUTES.creators).send({ name: 'Bad Other', otherNames });
    expect(response.status).toBe(400);
    expectErrorBody(response.body);
    expect(response.body.error).toContain(field);
    expect(await snapshot(t)).toEqual(before);
  });

  it('accepts emoji sequences with joiners and 20 names', async () => {
    const made = await createCreator(t, {
      name: 'Emoji Person',
      otherNames: [{ name: '👩‍🎤 Star' }, ...Array.from({ length: 19 }, (_, i) => ({ name: `n${i}` }))],
    });
    expect(made.otherNames).toHaveLength(20);
    expect((await search('👩‍🎤')).items.map((c) => c.id)).toEqual([made.id]);
  });

  it('counts the name limit in characters, as for the name: 100 emoji are 100', async () => {
    const atLimit = '🐰'.repeat(LIMITS.creatorName);
    const made = await createCreator(t, { name: atLimit, otherNames: [{ name: atLimit }] });
    expect(made.otherNames).toEqual([{ name: atLimit }]);
  });

  it('accepts a private-use BCP 47 tag (x-whatever), kept in lower case', async () => {
    const made = await createCreator(t, {
      name: 'Private Tag',
      otherNames: [{ name: 'Whatever', lang: 'X-Whatever' }],
    });
    expect(made.otherNames).toEqual([{ name: 'Whatever', lang: 'x-whatever' }]);
  });
});
