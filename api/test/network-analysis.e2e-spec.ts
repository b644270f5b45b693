import {
  INSIGHTS_ROUTES,
  type Bridge,
  type Communities,
  type CommunityLookup,
  type Creator,
} from '@friends/shared';
import { createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Communities and bridges of two tight circles joined only through Xen:
 *
 *   Ada, Abe, Amy, Ari: a video for every pair, and a second one of Ada and Abe
 *   Bea, Ben, Bix, Bob: the same, Bea and Ben twice
 *   Xen: one video with Ari, one with Bea          Sol: a solo video (no collaboration)
 */
jest.setTimeout(30_000);

let t: TestContext;
const c: Record<string, Creator> = {};
const get = (url: string) => t.http().get(url);
const names = (ids: { name: string }[]) => ids.map((member) => member.name).sort();

/** Polls until `check` passes (the analysis runs off the request path after a write). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['Ada', 'Abe', 'Amy', 'Ari', 'Bea', 'Ben', 'Bix', 'Bob', 'Xen', 'Sol']) {
    c[name] = await createCreator(t, name);
  }
  const together = async (...people: string[]) =>
    createVideo(t, { title: people.join(' & '), authorIds: people.map((name) => c[name]!.id) });
  for (const circle of [
    ['Ada', 'Abe', 'Amy', 'Ari'],
    ['Bea', 'Ben', 'Bix', 'Bob'],
  ]) {
    for (let i = 0; i < circle.length; i++) {
      for (let j = i + 1; j < circle.length; j++) await together(circle[i]!, circle[j]!);
    }
    await together(circle[0]!, circle[1]!);
  }
  await together('Xen', 'Ari');
  await together('Xen', 'Bea');
  await together('Sol');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/network/communities', () => {
  it('puts every creator with a collaboration in exactly one community, labelled by its most connected', async () => {
    // The analysis of the writes above may still be running: the previous result is served meanwhile.
    const response = await eventually(
      () => get(INSIGHTS_ROUTES.communities).expect(200),
      (answer) => (answer.body as Communities).communities.flatMap((x) => x.members).length === 9,
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { communities } = response.body as Communities;
    expect(communities).toHaveLength(2);
    const [first, second] = communities as [Communities['communities'][0], Communities['communities'][0]];
    // Xen joins one circle: that community is the larger, so it comes first.
    expect(first.members).toHaveLength(5);
    expect(second.members).toHaveLength(4);
    const all = communities.flatMap((community) => community.members.map((member) => member.name));
    expect(all.sort()).toEqual(['Abe', 'Ada', 'Amy', 'Ari', 'Bea', 'Ben', 'Bix', 'Bob', 'Xen']);
    const aSide = communities.find((community) => community.members.some((m) => m.name === 'Ada'))!;
    const bSide = communities.find((community) => community.members.some((m) => m.name === 'Bea'))!;
    expect(names(aSide.members).filter((name) => name !== 'Xen')).toEqual(['Abe', 'Ada', 'Amy', 'Ari']);
    expect(names(bSide.members).filter((name) => name !== 'Xen')).toEqual(['Bea', 'Ben', 'Bix', 'Bob']);
    expect(aSide).toMatchObject({ id: c.Ada!.id, label: 'Ada & Abe' });
    expect(bSide).toMatchObject({ id: c.Bea!.id, label: 'Bea & Ben' });
    expect(aSide.members.slice(0, 2)).toEqual([
      { id: c.Ada!.id, name: 'Ada' },
      { id: c.Abe!.id, name: 'Abe' },
    ]);
  });
});

describe('GET /api/network/communities, trimmed', () => {
  it('gives the first communities with their first members, still counting all', async () => {
    const full = (await get(INSIGHTS_ROUTES.communities).expect(200)).body as Communities;
    expect(full.total).toBe(2);
    expect(full.communities.map((community) => community.size)).toEqual([5, 4]);
    const summary = (await get(INSIGHTS_ROUTES.communitiesSummary(1, 2)).expect(200)).body as Communities;
    expect(summary).toEqual({
      communities: [{ ...full.communities[0], members: full.communities[0]!.members.slice(0, 2) }],
      total: 2,
    });
    const labels = (await get(`${INSIGHTS_ROUTES.communities}?members=0`).expect(200)).body as Communities;
    expect(
      labels.communities.map((community) => [community.label, community.size, community.members]),
    ).toEqual(full.communities.map((community) => [community.label, community.size, []]));
  });

  it.each(['limit=0', 'limit=1001', 'limit=x', 'members=-1', 'members=1.5', 'limit=1&limit=2'])(
    'answers 400 { error } to %s',
    async (query) => {
      const response = await get(`${INSIGHTS_ROUTES.communities}?${query}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
    },
  );
});

describe('GET /api/network/communities/of', () => {
  it("gives only the asked creators' communities: ids and labels, no member lists", async () => {
    const full = (await get(INSIGHTS_ROUTES.communities).expect(200)).body as Communities;
    const bSide = full.communities.find((community) => community.members.some((m) => m.name === 'Bea'))!;
    const ids = [c.Bob!.id, c.Sol!.id, c.Bea!.id, c.Bob!.id];
    const lookup = (await get(INSIGHTS_ROUTES.communitiesOfIds(ids)).expect(200)).body as CommunityLookup;
    // Sol has no collaboration, so no community; the ids come back sorted, once each.
    expect(lookup).toEqual({
      communities: [{ id: bSide.id, label: bSide.label, size: bSide.size }],
      members: [
        [c.Bea!.id, bSide.id],
        [c.Bob!.id, bSide.id],
      ],
    });
    const everyone = Object.values(c).map((creator) => creator.id);
    const all = (await get(INSIGHTS_ROUTES.communitiesOfIds(everyone)).expect(200)).body as CommunityLookup;
    expect(all.communities.map((community) => community.id)).toEqual(full.communities.map((x) => x.id));
    expect(all.members).toHaveLength(9);
  });

  it.each(['', 'ids=', 'ids=0', 'ids=1,,2', 'ids=a', 'ids=1.5', `ids=${Array(501).fill(1).join(',')}`])(
    'answers 400 { error } to ?%s',
    async (query) => {
      const response = await get(`${INSIGHTS_ROUTES.communitiesOf}?${query}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
    },
  );
});

describe('GET /api/network/bridges', () => {
  it('ranks creators by betweenness, highest first, 10 by default', async () => {
    const bridges = await eventually(
      async () => (await get('/api/network/bridges').expect(200)).body as Bridge[],
      (answer) => answer[0]?.name === 'Xen',
    );
    // 16 of the 28 pairs of the other eight creators have their only shortest chains through Xen.
    expect(bridges[0]).toEqual({ id: c.Xen!.id, name: 'Xen', score: 0.571429 });
    expect(bridges.slice(1, 3).map((bridge) => bridge.name)).toEqual(['Ari', 'Bea']);
    expect(bridges.every((bridge, i) => i === 0 || bridge.score <= bridges[i - 1]!.score)).toBe(true);
    expect(bridges.map((bridge) => bridge.name)).not.toContain('Sol');
    expect(((await get(INSIGHTS_ROUTES.bridges(1)).expect(200)).body as Bridge[]).map((b) => b.name)).toEqual(
      ['Xen'],
    );
  });

  it.each(['0', '101', 'abc', '1.5', '1e1', '-1', '', '5&limit=6'])(
    'answers 400 { error } to limit=%s',
    async (limit) => {
      const response = await get(`/api/network/bridges?limit=${limit}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
    },
  );
});

describe('after a write', () => {
  it('recomputes off the request path and serves the new result', async () => {
    const zed = await createCreator(t, 'Zed');
    await createVideo(t, { title: 'Zed & Xen', authorIds: [zed.id, c.Xen!.id] });
    const { communities } = await eventually(
      async () => (await get(INSIGHTS_ROUTES.communities).expect(200)).body as Communities,
      (answer) => answer.communities.some((community) => community.members.some((m) => m.id === zed.id)),
    );
    expect(communities.flatMap((community) => community.members)).toContainEqual({ id: zed.id, name: 'Zed' });
    const bridges = await eventually(
      async () => (await get(INSIGHTS_ROUTES.bridges(1)).expect(200)).body as Bridge[],
      (answer) => answer[0]!.score !== 0.571429,
    );
    // Now 36 pairs among the other nine, 4×4 + 8 (Zed with everyone else) through Xen.
    expect(bridges).toEqual([{ id: c.Xen!.id, name: 'Xen', score: 0.666667 }]);
  });
});
