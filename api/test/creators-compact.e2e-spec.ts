/** GET /api/creators/compact: the creators list in the compact form the search view loads (shared CompactCreators). */
import {
  API_ROUTES,
  CREATORS_COMPACT_MAX_LIMIT,
  decodeCompactCreators,
  type CompactCreators,
  type CreatorListItem,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  const a = await createCreator(t, {
    name: 'Compact Alpha',
    socialLinks: [{ url: 'https://www.youtube.com/@compactalpha' }, { url: 'https://www.instagram.com/ca' }],
  });
  const b = await createCreator(t, { name: 'Compact Beta', photo: 'https://img.example/beta.png' });
  const c = await createCreator(t, {
    name: 'Compact Gamma',
    socialLinks: [{ url: 'https://gamma.example' }],
  });
  const old = await createCreator(t, 'Compact Gamma (old)');
  await createVideo(t, { title: 'solo', authorIds: [a.id] });
  await createVideo(t, { title: 'pair', authorIds: [a.id, b.id] });
  await createVideo(t, { title: 'trio', authorIds: [c.id, a.id, old.id] });
  await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: c.id, mergeIds: [old.id] })
    .expect(200);
});
afterAll(() => t.close());

const full = async (): Promise<CreatorListItem[]> =>
  (await t.http().get(API_ROUTES.creators).expect(200)).body;
const compact = async (query = ''): Promise<CompactCreators> =>
  (await t.http().get(`${API_ROUTES.creatorsCompact}${query}`).expect(200)).body;

describe('GET /api/creators/compact', () => {
  it('decodes to exactly what GET /api/creators answers (links, photos, counts, aliases), in fewer bytes', async () => {
    const list = await full();
    const answer = await compact();
    expect(answer.total).toBe(list.length);
    expect(decodeCompactCreators(answer)).toEqual(list);
    expect(list.find((c) => c.name === 'Compact Gamma')?.aliases).toEqual(['Compact Gamma (old)']);
    expect(JSON.stringify(answer).length).toBeLessThan(JSON.stringify(list).length * 0.7);
  });

  it('answers the first N rows with the total for ?limit=N', async () => {
    const list = await full();
    const first = await compact('?limit=2');
    expect(first.total).toBe(list.length);
    expect(decodeCompactCreators(first)).toEqual(list.slice(0, 2));
    const all = await compact(`?limit=${CREATORS_COMPACT_MAX_LIMIT}`);
    expect(decodeCompactCreators(all)).toEqual(list);
  });

  it('is public JSON', async () => {
    const response = await t.http().get(`${API_ROUTES.creatorsCompact}?limit=1`).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['0', '-1', '1001', 'abc', '1.5', ''])('answers 400 for limit=%j', async (limit) => {
    const response = await t.http().get(`${API_ROUTES.creatorsCompact}?limit=${limit}`).expect(400);
    expectErrorBody(response.body);
  });

  it('reflects a write at once (both forms)', async () => {
    await compact();
    await compact('?limit=1');
    const added = await createCreator(t, 'Compact Delta');
    const answer = await compact();
    expect(decodeCompactCreators(answer).some((c) => c.id === added.id)).toBe(true);
    expect((await compact('?limit=1')).total).toBe(answer.total);
    await admin(t).delete(API_ROUTES.creator(added.id)).expect(200);
    expect(decodeCompactCreators(await compact()).some((c) => c.id === added.id)).toBe(false);
  });
});
