import {
  API_ROUTES,
  INSIGHTS_ROUTES,
  INVALID_PERIOD,
  addDays,
  utcDay,
  type Creator,
  type Leaderboard,
  type PeriodLeaderboard,
  type SuggestedCreator,
} from '@friends/shared';
import { createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Insights on a small world dated relative to today (T), every answer worked out by hand:
 *
 *   video  date     authors        week: T-6..T, previous week T-13..T-7; year: T-364..T
 *   v1     T        Al, Bo
 *   v2     T-3      Al, Cy
 *   v3     T-8      Cy, Di
 *   v4     T-10     Cy, Di
 *   v5     T-12     Bo, Cy
 *   v6     undated  Al, Ed         counts only for `all`
 *   v7     T-100    Al, Bo
 *   v8     T        Fay            solo
 *   v9     T-400    Gus, Bo        the previous year
 *   v10    undated  Gus, Cy
 */
let t: TestContext;
let c: Record<'al' | 'bo' | 'cy' | 'di' | 'ed' | 'fay' | 'gus', Creator>;
const today = utcDay();
const day = (offset: number) => (offset === 0 ? today : addDays(today, offset));

const get = (url: string) => t.http().get(url);
const rows = (list: { name: string; count: number; previousRank?: number | null }[]) =>
  list.map(({ name, count, previousRank }) => [name, count, previousRank]);

beforeAll(async () => {
  t = await startTestApp();
  c = {} as typeof c;
  for (const [key, name] of Object.entries({
    al: 'Al',
    bo: 'Bo',
    cy: 'Cy',
    di: 'Di',
    ed: 'Ed',
    fay: 'Fay',
    gus: 'Gus',
  })) {
    c[key as keyof typeof c] = await createCreator(t, name);
  }
  const videos: [string, (keyof typeof c)[]][] = [
    [day(0), ['al', 'bo']],
    [day(-3), ['al', 'cy']],
    [day(-8), ['cy', 'di']],
    [day(-10), ['cy', 'di']],
    [day(-12), ['bo', 'cy']],
    ['', ['al', 'ed']],
    [day(-100), ['al', 'bo']],
    [day(0), ['fay']],
    [day(-400), ['gus', 'bo']],
    ['', ['gus', 'cy']],
  ];
  for (const [index, [date, authors]] of videos.entries()) {
    await createVideo(t, { title: `v${index + 1}`, date, authorIds: authors.map((key) => c[key].id) });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/leaderboard?period=', () => {
  it('keeps the default answer, all time with undated videos, and ?period=all is the same', async () => {
    const plain = (await get(API_ROUTES.leaderboard).expect(200)).body as Leaderboard;
    expect(Object.keys(plain).sort()).toEqual(['mostCollaborations', 'mostCollaborators']);
    expect(rows(plain.mostCollaborations)).toEqual(
      [
        ['Cy', 5, undefined],
        ['Al', 4, undefined],
        ['Bo', 4, undefined],
        ['Di', 2, undefined],
        ['Ed', 1, undefined],
        ['Gus', 2, undefined],
      ].sort((a, b) => (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0]))),
    );
    const all = await get(
      INSIGHTS_ROUTES.leaderboard('all').replace('/api/leaderboard', '/api/leaderboard?period=all'),
    );
    expect(all.status).toBe(200);
    expect(all.body).toEqual(plain);
  });

  it('ranks the last 7 days with each row’s rank over the 7 days before, and the new pairs', async () => {
    const response = await get(INSIGHTS_ROUTES.leaderboard('week')).expect(200);
    const board = response.body as PeriodLeaderboard;
    expect(board.period).toBe('week');
    expect(board.current).toEqual({ from: day(-6), to: day(0) });
    expect(board.previous).toEqual({ from: day(-13), to: day(-7) });
    // Previous week: collaborations Cy 3, Di 2, Bo 1; collaborators Cy 2, Bo 1, Di 1.
    expect(rows(board.mostCollaborations)).toEqual([
      ['Al', 2, null],
      ['Bo', 1, 3],
      ['Cy', 1, 1],
    ]);
    expect(rows(board.mostCollaborators)).toEqual([
      ['Al', 2, null],
      ['Bo', 1, 2],
      ['Cy', 1, 1],
    ]);
    // Al and Bo made a video 100 days ago: only Al and Cy are new this week.
    expect(board.newPairs).toEqual([
      {
        a: { id: c.al.id, name: 'Al', photo: expect.any(String) },
        b: { id: c.cy.id, name: 'Cy', photo: expect.any(String) },
        first: day(-3),
        videos: 1,
      },
    ]);
  });

  it('counts the last 30 days and the last 365 days, undated videos left out', async () => {
    const month = (await get(INSIGHTS_ROUTES.leaderboard('month')).expect(200)).body as PeriodLeaderboard;
    expect(rows(month.mostCollaborations)).toEqual([
      ['Cy', 4, null],
      ['Al', 2, null],
      ['Bo', 2, null],
      ['Di', 2, null],
    ]);
    const year = (await get(INSIGHTS_ROUTES.leaderboard('year')).expect(200)).body as PeriodLeaderboard;
    // The previous year holds v9 only: Bo and Gus ranked 1 and 2 there.
    expect(rows(year.mostCollaborations)).toEqual([
      ['Cy', 4, null],
      ['Al', 3, null],
      ['Bo', 3, 1],
      ['Di', 2, null],
    ]);
    expect(year.newPairs.map((pair) => [pair.a.name, pair.b.name, pair.videos, pair.first])).toEqual([
      ['Cy', 'Di', 2, day(-10)],
      ['Al', 'Bo', 2, day(-100)],
      ['Al', 'Cy', 1, day(-3)],
      ['Bo', 'Cy', 1, day(-12)],
    ]);
  });

  it.each(['decade', '', 'WEEK', 'week&period=month'])(
    'answers 400 { error } to period=%s',
    async (period) => {
      const response = await get(`${API_ROUTES.leaderboard}?period=${period}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
      if (period !== 'week&period=month') expect(response.body.error).toBe(INVALID_PERIOD);
    },
  );
});

describe('GET /api/creators/:id/suggested', () => {
  it('lists who shares collaborators without having appeared together, most shared first', async () => {
    const al = (await get(INSIGHTS_ROUTES.suggested(c.al.id)).expect(200)).body as SuggestedCreator[];
    // Al worked with Bo, Cy, Ed; Gus worked with Bo and Cy, Di with Cy.
    expect(al).toEqual([
      { id: c.gus.id, name: 'Gus', sharedCollaborators: 2 },
      { id: c.di.id, name: 'Di', sharedCollaborators: 1 },
    ]);
    const di = (await get(INSIGHTS_ROUTES.suggested(c.di.id)).expect(200)).body as SuggestedCreator[];
    expect(di.map((row) => [row.name, row.sharedCollaborators])).toEqual([
      ['Al', 1],
      ['Bo', 1],
      ['Gus', 1],
    ]);
    expect((await get(INSIGHTS_ROUTES.suggested(c.fay.id)).expect(200)).body).toEqual([]);
  });

  it('answers 400 to a malformed id and 404 to an unknown one, as { error }', async () => {
    const bad = await get('/api/creators/1e3/suggested');
    expect(bad.status).toBe(400);
    expectErrorBody(bad.body);
    const missing = await get(INSIGHTS_ROUTES.suggested(999_999));
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body);
  });
});
