import { fillActivityMonths, NETWORK_ROUTES } from './network';

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
