import { activitySummary, fillActivityMonths, NETWORK_ROUTES } from './network';

describe('fillActivityMonths', () => {
  it('fills the months between the first and the last with 0, across a year end', () => {
    expect(
      fillActivityMonths([
        { month: '2023-11', count: 2 },
        { month: '2024-02', count: 1 },
      ]),
    ).toEqual([
      { month: '2023-11', count: 2 },
      { month: '2023-12', count: 0 },
      { month: '2024-01', count: 0 },
      { month: '2024-02', count: 1 },
    ]);
  });

  it('sorts, merges duplicates and ignores malformed months', () => {
    expect(
      fillActivityMonths([
        { month: '2024-03', count: 1 },
        { month: '2024-01', count: 1 },
        { month: '2024-01', count: 2 },
        { month: 'soon', count: 9 },
      ]),
    ).toEqual([
      { month: '2024-01', count: 3 },
      { month: '2024-02', count: 0 },
      { month: '2024-03', count: 1 },
    ]);
    expect(fillActivityMonths([])).toEqual([]);
  });
});

describe('NETWORK_ROUTES', () => {
  it('names the endpoints', () => {
    expect(NETWORK_ROUTES.network(3)).toBe('/api/creators/3/network?hops=1');
    expect(NETWORK_ROUTES.network(3, 2)).toBe('/api/creators/3/network?hops=2');
    expect(NETWORK_ROUTES.pair(1, 2)).toBe('/api/pairs/1/2');
    expect(NETWORK_ROUTES.path(1, 2)).toBe('/api/path?from=1&to=2');
    expect(NETWORK_ROUTES.activity(4)).toBe('/api/creators/4/activity');
  });
});

describe('activitySummary', () => {
  it('says the total, the first and last months and the busiest one', () => {
    const months = fillActivityMonths([
      { month: '2023-11', count: 1 },
      { month: '2024-03', count: 2 },
    ]);
    expect(activitySummary(months)).toBe('3 from Nov 2023 to Mar 2024, most in Mar 2024 (2)');
  });

  it('names the first of several busiest months', () => {
    expect(
      activitySummary([
        { month: '2024-01', count: 2 },
        { month: '2024-02', count: 2 },
      ]),
    ).toBe('4 from Jan 2024 to Feb 2024, most in Jan 2024 (2)');
  });

  it('is empty without months and names no busiest month when all are 0', () => {
    expect(activitySummary([])).toBe('');
    expect(activitySummary([{ month: '2024-01', count: 0 }])).toBe('0 from Jan 2024 to Jan 2024');
  });
});
