import { addDays, buildPeriodLeaderboard, pairKey, periodWindows, utcDay } from './insights';

describe('periodWindows', () => {
  it('is a rolling window of whole days ending today, and the same length just before it', () => {
    expect(periodWindows('week', '2026-03-03')).toEqual({
      current: { from: '2026-02-25', to: '2026-03-03' },
      previous: { from: '2026-02-18', to: '2026-02-24' },
    });
    expect(periodWindows('month', '2026-01-15').current).toEqual({ from: '2025-12-17', to: '2026-01-15' });
    expect(periodWindows('year', '2024-12-31').previous).toEqual({ from: '2023-01-02', to: '2024-01-01' });
  });

  it('counts days in UTC across leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(utcDay(new Date('2026-11-24T23:59:59-05:00'))).toBe('2026-11-25');
  });
});

describe('buildPeriodLeaderboard', () => {
  const creators = new Map(
    [
      [1, 'Ada'],
      [2, 'Bram'],
      [3, 'Cleo'],
      [4, 'Dario'],
    ].map(([id, name]) => [id as number, { id: id as number, name: name as string, photo: `p${id}` }]),
  );
  const today = '2026-03-10';

  it('ranks the current week with each row’s rank in the previous week, and lists new pairs', () => {
    const videos = [
      { authorIds: [1, 2], date: '2026-03-10' }, // current week
      { authorIds: [1, 3], date: '2026-03-04' }, // current week (its first day)
      { authorIds: [3, 4], date: '2026-03-03' }, // previous week (its last day)
      { authorIds: [3, 4], date: '2026-03-01' }, // previous week
      { authorIds: [2, 3], date: '2026-02-26' }, // previous week
      { authorIds: [1], date: '2026-03-09' }, // solo: not a collaboration
    ];
    const board = buildPeriodLeaderboard('week', today, creators, videos, new Set([pairKey(2, 1)]));
    expect(board.current).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(board.mostCollaborations).toEqual([
      { id: 1, name: 'Ada', photo: 'p1', count: 2, previousRank: null },
      { id: 2, name: 'Bram', photo: 'p2', count: 1, previousRank: 3 },
      { id: 3, name: 'Cleo', photo: 'p3', count: 1, previousRank: 1 },
    ]);
    expect(board.mostCollaborators.map((e) => [e.name, e.count, e.previousRank])).toEqual([
      ['Ada', 2, null],
      ['Bram', 1, 2],
      ['Cleo', 1, 1],
    ]);
    // 1-2 had a video before the week: not new.
    expect(board.newPairs).toEqual([
      {
        a: { id: 1, name: 'Ada', photo: 'p1' },
        b: { id: 3, name: 'Cleo', photo: 'p3' },
        first: '2026-03-04',
        videos: 1,
      },
    ]);
  });

  it('is empty when nothing is dated in the window', () => {
    const board = buildPeriodLeaderboard(
      'month',
      today,
      creators,
      [{ authorIds: [1, 2], date: '2025-01-01' }],
      new Set(),
    );
    expect(board).toMatchObject({ mostCollaborations: [], mostCollaborators: [], newPairs: [] });
  });
});
