/**
 * The admin's creator lists read from the server: every match's id (Select All), named creators by id
 * (a picker's chips) and the duplicate finder's groups, a page at a time.
 */
import {
  API_ROUTES,
  PAGING,
  findDuplicateGroups,
  normalizeName,
  type CreatorIds,
  type CreatorListItem,
  type CreatorPage,
  type DuplicateGroupPage,
} from '@friends/shared';
import { admin, createCreator, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const name of [
    'Ann Bo',
    'Annabel',
    'Cy Dee',
    'Old Ann',
    'Zed',
    'Zed Two',
    'Uno',
    'Dos',
    'Lone',
    'Old Cy',
  ]) {
    ids[name] = (await createCreator(t, name)).id;
  }
  const merge = (primary: string, other: string) =>
    admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: ids[primary], mergeIds: [ids[other]] })
      .expect(200);
  // 'Ann Bo' now has the alias 'Old Ann'; a new 'OLD  ann' duplicates it.
  await merge('Ann Bo', 'Old Ann');
  ids['OLD  ann'] = (await createCreator(t, 'OLD  ann')).id;
  // Two creators with the same alias: 'Zed' and 'Zed Two' both remember an 'Uno'/'uno'.
  await merge('Zed', 'Uno');
  ids['uno'] = (await createCreator(t, 'uno')).id;
  await merge('Zed Two', 'uno');
  // Transitively: 'Cy Dee' has the alias 'Old Cy'; 'Dos' gets the alias 'old cy' too.
  await merge('Cy Dee', 'Old Cy');
  ids['old cy'] = (await createCreator(t, 'old cy')).id;
  await merge('Dos', 'old cy');
});
afterAll(() => t.close());

const all = async (): Promise<CreatorListItem[]> =>
  (await t.http().get(API_ROUTES.creators).expect(200)).body;

describe(`GET ${API_ROUTES.creatorsSearchIds}`, () => {
  it('answers the id of every match, in id order, as the full list filtered would', async () => {
    const everyone = await all();
    const body = (
      await admin(t).get(API_ROUTES.creatorsSearchIds).query({ q: 'ann', scope: 'names' }).expect(200)
    ).body as CreatorIds;
    const expected = everyone
      .filter((creator) =>
        [creator.name, ...creator.aliases].some((name) => normalizeName(name).includes('ann')),
      )
      .map((creator) => creator.id);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(body).toEqual({ total: expected.length, ids: expected });
  });

  it('is for the admin: a visitor is refused before any match is read', async () => {
    await t.http().get(API_ROUTES.creatorsSearchIds).query({ q: 'ann' }).expect(401);
  });

  it('answers every creator without a term, past any page size', async () => {
    const everyone = await all();
    const body = (await admin(t).get(API_ROUTES.creatorsSearchIds).expect(200)).body as CreatorIds;
    expect(body).toEqual({ total: everyone.length, ids: everyone.map((creator) => creator.id) });
    expect(body.total).toBeGreaterThan(2);
    const short = (await admin(t).get(API_ROUTES.creatorsSearchIds).query({ q: 'zz' }).expect(200)).body;
    expect(short).toEqual({ total: 0, ids: [] });
  });

  it('sees a write at once', async () => {
    const created = await createCreator(t, 'Annika Fresh');
    const body = (await admin(t).get(API_ROUTES.creatorsSearchIds).query({ q: 'annika' }).expect(200)).body;
    expect(body).toEqual({ total: 1, ids: [created.id] });
    await admin(t).delete(API_ROUTES.creator(created.id)).expect(200);
    const after = (await admin(t).get(API_ROUTES.creatorsSearchIds).query({ q: 'annika' }).expect(200)).body;
    expect(after).toEqual({ total: 0, ids: [] });
  });

  it.each(['scope=names,all', 'scope=nobody', 'q=a&q=b', `q=${'x'.repeat(PAGING.maxTerm + 1)}`])(
    'answers 400 { error } for %s',
    async (query) => {
      const response = await admin(t).get(`${API_ROUTES.creatorsSearchIds}?${query}`).expect(400);
      expectErrorBody(response.body);
    },
  );
});

describe(`GET ${API_ROUTES.creatorsSearch}?ids=`, () => {
  it('answers the named creators that exist, in id order, with their counts and aliases', async () => {
    const everyone = await all();
    const wanted = [ids['Zed']!, ids['Ann Bo']!, 999_999, ids['Ann Bo']!];
    const body = (
      await t
        .http()
        .get(API_ROUTES.creatorsSearch)
        .query({ ids: wanted.join(',') })
        .expect(200)
    ).body as CreatorPage;
    expect(body).toEqual({
      total: 2,
      items: everyone.filter((creator) => creator.id === ids['Zed'] || creator.id === ids['Ann Bo']),
    });
    expect(body.items[0]?.aliases).toEqual(['Old Ann']);
  });

  it('pages them', async () => {
    const wanted = [ids['Annabel']!, ids['Zed']!, ids['Lone']!];
    const body = (
      await t
        .http()
        .get(API_ROUTES.creatorsSearch)
        .query({ ids: wanted.join(','), offset: 1, limit: 1 })
        .expect(200)
    ).body as CreatorPage;
    expect(body.total).toBe(3);
    expect(body.items.map((creator) => creator.id)).toEqual([[...wanted].sort((a, b) => a - b)[1]]);
  });

  it.each([
    'ids=',
    'ids=1,,2',
    'ids=0',
    'ids=abc',
    'ids=1.5',
    'ids=1&ids=2',
    'ids=1&q=ann',
    `ids=${Array.from({ length: PAGING.maxLimit + 1 }, (_, i) => i + 1).join(',')}`,
  ])('answers 400 { error } for %s', async (query) => {
    const response = await t.http().get(`${API_ROUTES.creatorsSearch}?${query}`).expect(400);
    expectErrorBody(response.body);
  });
});

describe(`GET ${API_ROUTES.creatorsDuplicates}`, () => {
  const page = async (query: Record<string, number> = {}): Promise<DuplicateGroupPage> =>
    (await t.http().get(API_ROUTES.creatorsDuplicates).query(query).expect(200)).body;

  it('answers the groups the shared rule finds in the whole list, with full creators', async () => {
    const everyone = await all();
    const expected = findDuplicateGroups(everyone);
    expect(expected.map((group) => group.map((creator) => creator.name))).toEqual([
      ['Ann Bo', 'OLD ann'],
      ['Cy Dee', 'Dos'],
      ['Zed', 'Zed Two'],
    ]);
    expect(await page()).toEqual({ total: 3, items: expected });
  });

  it('pages the groups', async () => {
    const everyone = await page();
    expect(await page({ offset: 1, limit: 1 })).toEqual({ total: 3, items: [everyone.items[1]] });
    expect(await page({ offset: 5 })).toEqual({ total: 3, items: [] });
  });

  it('drops a group once it is merged', async () => {
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: ids['Ann Bo'], mergeIds: [ids['OLD  ann']] })
      .expect(200);
    const after = await page();
    expect(after.total).toBe(2);
    expect(after.items.map((group) => group.map((creator) => creator.name))).toEqual([
      ['Cy Dee', 'Dos'],
      ['Zed', 'Zed Two'],
    ]);
  });

  it.each(['limit=0', `limit=${PAGING.maxLimit + 1}`, 'offset=-1', 'offset=1e2', 'limit=abc'])(
    'answers 400 { error } for %s',
    async (query) => {
      const response = await t.http().get(`${API_ROUTES.creatorsDuplicates}?${query}`).expect(400);
      expectErrorBody(response.body);
    },
  );
});

describe('the retired compact creators list', () => {
  it('is gone: GET /api/creators/compact answers 404 with an error body', async () => {
    for (const path of ['/api/creators/compact', '/api/creators/compact?limit=2']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toEqual({ error: expect.any(String) as string });
    }
  });
});
