import {
  API_ROUTES,
  NETWORK_LIMITS,
  NETWORK_ROUTES,
  PAIR_MUST_DIFFER,
  type Activity,
  type CollaborationPath,
  type Creator,
  type CreatorNetwork,
  type PairVideos,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';
import { REBUILD_COUNTS_SQL } from '../src/counts/counts-sql';
import { REBUILD_PAIR_COUNTS_SQL } from '../src/counts/pair-counts';

/**
 * The collaboration network on a small world whose every answer is worked out by hand, and on
 * a large hub written straight into the database:
 *
 *   video  date        authors            after merging Mo into Cy, the graph is
 *   v1     2024-01-10  Al, Bo               Al–Bo 3 (v1, v2, v5)   Bo–Di 1   Cy–Ed 1 (v8)
 *   v2     2024-01-20  Al, Bo, Cy           Al–Cy 1                Di–Ed 1   Hu–Iv 1
 *   v3     2024-03-05  Bo, Di               Bo–Cy 1
 *   v4     2024-03-06  Di, Ed             Fay has one solo video, Gil none.
 *   v5     (undated)   Al, Bo
 *   v6     2024-02-01  Fay
 *   v7     2023-12-01  Hu, Iv
 *   v8     2024-05-01  Mo, Ed (Mo is then merged into Cy)
 */
let t: TestContext;
let c: Record<'al' | 'bo' | 'cy' | 'di' | 'ed' | 'fay' | 'gil' | 'mo' | 'hu' | 'iv', Creator>;

const get = (url: string) => t.http().get(url);
const ids = (path: CollaborationPath) => path.path?.map((step) => step.id) ?? null;

beforeAll(async () => {
  t = await startTestApp();
  const names = {
    al: 'Al',
    bo: 'Bo',
    cy: 'Cy',
    di: 'Di',
    ed: 'Ed',
    fay: 'Fay',
    gil: 'Gil',
    mo: 'Mo',
    hu: 'Hu',
    iv: 'Iv',
  };
  c = {} as typeof c;
  for (const [key, name] of Object.entries(names)) c[key as keyof typeof c] = await createCreator(t, name);
  const videos: [string, string, (keyof typeof c)[]][] = [
    ['v1', '2024-01-10', ['al', 'bo']],
    ['v2', '2024-01-20', ['al', 'bo', 'cy']],
    ['v3', '2024-03-05', ['bo', 'di']],
    ['v4', '2024-03-06', ['di', 'ed']],
    ['v5', '', ['al', 'bo']],
    ['v6', '2024-02-01', ['fay']],
    ['v7', '2023-12-01', ['hu', 'iv']],
    ['v8', '2024-05-01', ['mo', 'ed']],
  ];
  for (const [title, date, authors] of videos) {
    await createVideo(t, { title, date, authorIds: authors.map((key) => c[key].id) });
  }
  const merged = await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: c.cy.id, mergeIds: [c.mo.id] });
  expect(merged.status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/creators/:id/network', () => {
  it('answers the one-hop ego network: collaborators by videos together, their ties, collaboration counts', async () => {
    const response = await get(NETWORK_ROUTES.network(c.al.id));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const network = response.body as CreatorNetwork;
    expect(network).toMatchObject({ center: c.al.id, hops: 1, truncated: false });
    expect(network.nodes.map(({ id, name, collabCount, hop }) => ({ id, name, collabCount, hop }))).toEqual([
      { id: c.al.id, name: 'Al', collabCount: 3, hop: 0 },
      { id: c.bo.id, name: 'Bo', collabCount: 4, hop: 1 },
      { id: c.cy.id, name: 'Cy', collabCount: 2, hop: 1 },
    ]);
    expect(network.nodes[0]!.photo).toMatch(/^\/api\/avatar\?name=Al/);
    expect(network.edges).toEqual([
      { source: c.al.id, target: c.bo.id, weight: 3 },
      { source: c.al.id, target: c.cy.id, weight: 1 },
      { source: c.bo.id, target: c.cy.id, weight: 1 },
    ]);
  });

  it('adds the second hop with ?hops=2, without ties between two second-hop creators', async () => {
    const network = (await get(NETWORK_ROUTES.network(c.al.id, 2)).expect(200)).body as CreatorNetwork;
    expect(network.hops).toBe(2);
    expect(network.nodes.map((node) => [node.name, node.hop])).toEqual([
      ['Al', 0],
      ['Bo', 1],
      ['Cy', 1],
      ['Di', 2],
      ['Ed', 2],
    ]);
    expect(network.edges).toEqual([
      { source: c.al.id, target: c.bo.id, weight: 3 },
      { source: c.al.id, target: c.cy.id, weight: 1 },
      { source: c.bo.id, target: c.cy.id, weight: 1 },
      { source: c.bo.id, target: c.di.id, weight: 1 },
      { source: c.cy.id, target: c.ed.id, weight: 1 },
    ]);
  });

  it("answers a merged-away creator's primary, and a creator without collaborations alone", async () => {
    const merged = (await get(NETWORK_ROUTES.network(c.mo.id)).expect(200)).body as CreatorNetwork;
    expect(merged.center).toBe(c.cy.id);
    expect(merged.nodes.map((node) => node.name)).toEqual(['Cy', 'Al', 'Bo', 'Ed']);

    const alone = (await get(NETWORK_ROUTES.network(c.gil.id)).expect(200)).body as CreatorNetwork;
    expect(alone.nodes).toEqual([expect.objectContaining({ id: c.gil.id, collabCount: 0, hop: 0 })]);
    expect(alone.edges).toEqual([]);
  });

  it.each([
    ['/api/creators/abc/network', 400],
    ['/api/creators/0/network', 400],
    ['/api/creators/999999/network', 404],
    ['/api/creators/1/network?hops=3', 400],
    ['/api/creators/1/network?hops=', 400],
    ['/api/creators/1/network?hops=1&hops=2', 400],
    ['/api/creators/1/network?depth=2', 400],
  ])('answers %s with %i and a JSON error', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expectErrorBody(response.body);
  });
});

describe('GET /api/pairs/:a/:b', () => {
  it('lists every video together newest first (undated last) with the first and latest dates', async () => {
    const pair = (await get(NETWORK_ROUTES.pair(c.al.id, c.bo.id)).expect(200)).body as PairVideos;
    expect(pair.a).toEqual({ id: c.al.id, name: 'Al', photo: expect.any(String) });
    expect(pair.b).toMatchObject({ id: c.bo.id, name: 'Bo' });
    expect(pair.videos.map((video) => video.title)).toEqual(['v2', 'v1', 'v5']);
    expect(pair.videos[0]!.authors.map((author) => author.name)).toEqual(['Al', 'Bo', 'Cy']);
    expect(pair).toMatchObject({ first: '2024-01-10', latest: '2024-01-20' });
  });

  it('answers an empty list for two creators who never collaborated, and follows merges', async () => {
    const none = (await get(NETWORK_ROUTES.pair(c.al.id, c.fay.id)).expect(200)).body as PairVideos;
    expect(none).toMatchObject({ videos: [], first: null, latest: null });

    const merged = (await get(NETWORK_ROUTES.pair(c.mo.id, c.ed.id)).expect(200)).body as PairVideos;
    expect(merged.a.name).toBe('Cy');
    expect(merged.videos.map((video) => video.title)).toEqual(['v8']);
    expect(merged).toMatchObject({ first: '2024-05-01', latest: '2024-05-01' });
  });

  it('refuses a creator paired with itself, also through a merged-away id', async () => {
    for (const [a, b] of [
      [c.al.id, c.al.id],
      [c.cy.id, c.mo.id],
    ] as const) {
      const response = await get(NETWORK_ROUTES.pair(a, b));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: PAIR_MUST_DIFFER });
    }
  });

  it.each([
    ['/api/pairs/abc/1', 400],
    ['/api/pairs/1/-2', 400],
    ['/api/pairs/1/999999', 404],
  ])('answers %s with %i', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expectErrorBody(response.body);
  });
});

describe('GET /api/path', () => {
  it('finds the shortest chain of collaborations, either way round', async () => {
    const there = (await get(NETWORK_ROUTES.path(c.al.id, c.ed.id)).expect(200)).body as CollaborationPath;
    expect(there).toMatchObject({ from: c.al.id, to: c.ed.id });
    expect(there.path?.map((step) => step.name)).toEqual(['Al', 'Cy', 'Ed']);
    const back = (await get(NETWORK_ROUTES.path(c.ed.id, c.al.id)).expect(200)).body as CollaborationPath;
    expect(ids(back)).toEqual([c.ed.id, c.cy.id, c.al.id]);
    const direct = (await get(NETWORK_ROUTES.path(c.bo.id, c.al.id)).expect(200)).body as CollaborationPath;
    expect(ids(direct)).toEqual([c.bo.id, c.al.id]);
  });

  it('answers null when there is no chain, and the creator alone for itself', async () => {
    for (const [from, to] of [
      [c.al.id, c.hu.id],
      [c.al.id, c.gil.id],
      [c.fay.id, c.gil.id],
    ] as const) {
      const none = (await get(NETWORK_ROUTES.path(from, to)).expect(200)).body as CollaborationPath;
      expect(none.path).toBeNull();
    }
    const self = (await get(NETWORK_ROUTES.path(c.gil.id, c.gil.id)).expect(200)).body as CollaborationPath;
    expect(self.path).toEqual([{ id: c.gil.id, name: 'Gil', photo: expect.any(String) }]);
  });

  it('follows merged-away ids to their primary', async () => {
    const merged = (await get(NETWORK_ROUTES.path(c.mo.id, c.al.id)).expect(200)).body as CollaborationPath;
    expect(merged.from).toBe(c.cy.id);
    expect(ids(merged)).toEqual([c.cy.id, c.al.id]);
    const self = (await get(NETWORK_ROUTES.path(c.mo.id, c.cy.id)).expect(200)).body as CollaborationPath;
    expect(ids(self)).toEqual([c.cy.id]);
  });

  it.each([
    ['/api/path', 400],
    ['/api/path?from=1', 400],
    ['/api/path?from=abc&to=1', 400],
    ['/api/path?from=1&to=1.5', 400],
    ['/api/path?from=1&to=999999', 404],
  ])('answers %s with %i', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expectErrorBody(response.body);
  });
});

describe('activity', () => {
  it("counts a creator's dated collaborations per month", async () => {
    expect((await get(NETWORK_ROUTES.activity(c.al.id)).expect(200)).body).toEqual([
      { month: '2024-01', count: 2 },
    ] satisfies Activity);
    expect((await get(NETWORK_ROUTES.activity(c.di.id)).expect(200)).body).toEqual([
      { month: '2024-03', count: 2 },
    ]);
    expect((await get(NETWORK_ROUTES.activity(c.fay.id)).expect(200)).body).toEqual([]);
    expect((await get(NETWORK_ROUTES.activity(c.mo.id)).expect(200)).body).toEqual([
      { month: '2024-01', count: 1 },
      { month: '2024-05', count: 1 },
    ]);
    const missing = await get(NETWORK_ROUTES.activity(999999));
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body);
  });

  it('counts every collaboration per month for analytics (solo and undated videos left out)', async () => {
    expect((await get(NETWORK_ROUTES.allActivity).expect(200)).body).toEqual([
      { month: '2023-12', count: 1 },
      { month: '2024-01', count: 2 },
      { month: '2024-03', count: 2 },
      { month: '2024-05', count: 1 },
    ]);
  });
});

describe('after a write', () => {
  it('answers from the new data (the cached network, path and activity are dropped)', async () => {
    await get(NETWORK_ROUTES.network(c.al.id)).expect(200);
    await createVideo(t, { title: 'v9', date: '2024-07-07', authorIds: [c.al.id, c.ed.id] });
    const network = (await get(NETWORK_ROUTES.network(c.al.id)).expect(200)).body as CreatorNetwork;
    expect(network.nodes.map((node) => node.name)).toEqual(['Al', 'Bo', 'Cy', 'Ed']);
    expect(network.edges).toContainEqual({ source: c.cy.id, target: c.ed.id, weight: 1 });
    const path = (await get(NETWORK_ROUTES.path(c.al.id, c.ed.id)).expect(200)).body as CollaborationPath;
    expect(ids(path)).toEqual([c.al.id, c.ed.id]);
    expect((await get(NETWORK_ROUTES.activity(c.al.id)).expect(200)).body).toEqual([
      { month: '2024-01', count: 2 },
      { month: '2024-07', count: 1 },
    ]);
  });
});

/**
 * A hub with 300 collaborators (50 with 3 videos together, 100 with 2, 150 with 1), the 50 closest
 * each with 5 guests of their own, two of them tied to each other, and a chain of 8 creators; written
 * with SQL, as an import would, so the test stays quick.
 */
describe('a large hub', () => {
  const HUB = 10_000;
  const neighbour = (i: number) => HUB + i; // 1..300
  const guest = (i: number, j: number) => 20_000 + (i - 1) * 5 + j; // i 1..50, j 0..4
  const chain = (i: number) => 30_000 + i; // 1..8

  beforeAll(async () => {
    const creators: number[] = [HUB];
    for (let i = 1; i <= 300; i++) creators.push(neighbour(i));
    for (let i = 1; i <= 50; i++) for (let j = 0; j < 5; j++) creators.push(guest(i, j));
    for (let i = 1; i <= 8; i++) creators.push(chain(i));
    const videos: number[][] = [];
    for (let i = 1; i <= 300; i++) {
      const weight = i <= 50 ? 3 : i <= 150 ? 2 : 1;
      for (let k = 0; k < weight; k++) videos.push([HUB, neighbour(i)]);
    }
    for (let i = 1; i <= 50; i++) for (let j = 0; j < 5; j++) videos.push([neighbour(i), guest(i, j)]);
    videos.push([neighbour(1), neighbour(2)]);
    for (let i = 1; i < 8; i++) videos.push([chain(i), chain(i + 1)]);

    for (let start = 0; start < creators.length; start += 200) {
      const part = creators.slice(start, start + 200);
      await t.query(
        `INSERT INTO creators (id, name, name_key, photo) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
        part.flatMap((id) => [id, `Creator ${id}`, `creator ${id}`, '']),
      );
    }
    const firstVideo = 100_000;
    for (let start = 0; start < videos.length; start += 200) {
      const part = videos.slice(start, start + 200);
      await t.query(
        `INSERT INTO videos (id, title, url, date) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
        part.flatMap((_, k) => [firstVideo + start + k, `Hub video ${start + k}`, '', '2024-01-01']),
      );
      await t.query(
        `INSERT INTO video_authors (video_id, creator_id, position) VALUES ${part
          .flatMap((authors) => authors.map(() => '(?, ?, ?)'))
          .join(', ')}`,
        part.flatMap((authors, k) =>
          authors.flatMap((id, position) => [firstVideo + start + k, id, position]),
        ),
      );
    }
    // Rows written around the API: the stored counts the network reads are rebuilt as the repair does.
    for (const statement of [...REBUILD_COUNTS_SQL, ...REBUILD_PAIR_COUNTS_SQL]) await t.query(statement);
  });

  it('caps one hop at the closest collaborators, keeping their ties', async () => {
    const started = Date.now();
    const network = (await get(NETWORK_ROUTES.network(HUB)).expect(200)).body as CreatorNetwork;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(3000);
    expect(network.truncated).toBe(true);
    expect(network.nodes).toHaveLength(NETWORK_LIMITS.neighbours + 1);
    expect(network.nodes[0]).toMatchObject({ id: HUB, hop: 0, collabCount: 500 });
    const shown = network.nodes.slice(1).map((node) => node.id);
    // weight 3, then 2, then the 50 smallest ids of weight 1.
    expect(shown).toEqual(Array.from({ length: 200 }, (_, k) => neighbour(k + 1)));
    expect(network.edges[0]).toEqual({ source: HUB, target: neighbour(1), weight: 3 });
    expect(network.edges).toContainEqual({ source: neighbour(1), target: neighbour(2), weight: 1 });
    expect(network.edges).toHaveLength(201);
    expect(network.nodes.find((node) => node.id === neighbour(1))?.collabCount).toBe(9);
  });

  it('caps the second hop, and a cached answer is the same bytes', async () => {
    const response = await get(NETWORK_ROUTES.network(HUB, 2)).expect(200);
    const network = response.body as CreatorNetwork;
    expect(network.truncated).toBe(true);
    const second = network.nodes.filter((node) => node.hop === 2).map((node) => node.id);
    expect(second).toHaveLength(NETWORK_LIMITS.secondHop);
    expect(second).toEqual(Array.from({ length: 200 }, (_, k) => 20_000 + k));
    expect(network.edges).toContainEqual({ source: neighbour(1), target: guest(1, 0), weight: 1 });
    const again = await get(NETWORK_ROUTES.network(HUB, 2)).expect(200);
    expect(again.text).toBe(response.text);
  });

  it('finds chains through the hub and stops at six collaborations', async () => {
    const through = (await get(NETWORK_ROUTES.path(guest(1, 0), neighbour(300))).expect(200))
      .body as CollaborationPath;
    expect(ids(through)).toEqual([guest(1, 0), neighbour(1), HUB, neighbour(300)]);
    const six = (await get(NETWORK_ROUTES.path(chain(1), chain(7))).expect(200)).body as CollaborationPath;
    expect(ids(six)).toEqual([1, 2, 3, 4, 5, 6, 7].map(chain));
    const seven = (await get(NETWORK_ROUTES.path(chain(1), chain(8))).expect(200)).body as CollaborationPath;
    expect(seven.path).toBeNull();
  });
});
