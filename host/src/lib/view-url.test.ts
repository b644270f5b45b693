import { parseViewUrl, viewSearch } from './view-url';

describe('view <-> address', () => {
  it.each([
    ['', { view: 'search', params: {} }],
    ['?view=leaderboard', { view: 'leaderboard', params: {} }],
    ['?view=videos', { view: 'videos', params: {} }],
    ['?creator=42', { view: 'author-page', params: { creatorId: 42 } }],
    ['?creator=42&view=stats', { view: 'author-page', params: { creatorId: 42 } }],
    ['?creator=abc', { view: 'search', params: {} }],
    ['?creator=-3', { view: 'search', params: {} }],
    ['?view=nope', { view: 'search', params: {} }],
    ['?view=author-page', { view: 'search', params: {} }],
    ['?pair=3-12', { view: 'pair', params: { pairIds: [3, 12] } }],
    ['?pair=3-12&creator=4', { view: 'pair', params: { pairIds: [3, 12] } }],
    ['?pair=3-3', { view: 'search', params: {} }],
    ['?pair=3', { view: 'search', params: {} }],
    ['?pair=3-12-5', { view: 'search', params: {} }],
    ['?pair=0-2', { view: 'search', params: {} }],
    ['?pair=1e3-2', { view: 'search', params: {} }],
    ['?view=pair', { view: 'search', params: {} }],
    ['?group=7', { view: 'group', params: { groupId: 7 } }],
    ['?group=7&creator=4', { view: 'group', params: { groupId: 7 } }],
    ['?group=7&count=events', { view: 'group', params: { groupId: 7, count: 'events' } }],
    ['?group=7&count=videos', { view: 'group', params: { groupId: 7 } }],
    ['?creator=42&colour=group', { view: 'author-page', params: { creatorId: 42, colour: 'group' } }],
    ['?creator=42&colour=community', { view: 'author-page', params: { creatorId: 42 } }],
    ['?creator=42&colour=red', { view: 'author-page', params: { creatorId: 42 } }],
    ['?group=0', { view: 'search', params: {} }],
    ['?group=x', { view: 'search', params: {} }],
    ['?view=group', { view: 'search', params: {} }],
    ['?event=12', { view: 'event', params: { eventId: 12 } }],
    ['?event=0', { view: 'search', params: {} }],
    ['?view=event', { view: 'search', params: {} }],
    ['?view=leaderboard&period=week', { view: 'leaderboard', params: { period: 'week' } }],
    ['?view=leaderboard&period=all', { view: 'leaderboard', params: {} }],
    ['?view=leaderboard&period=decade', { view: 'leaderboard', params: {} }],
    ['?view=leaderboard&count=events', { view: 'leaderboard', params: { count: 'events' } }],
    [
      '?view=leaderboard&period=month&count=events',
      { view: 'leaderboard', params: { period: 'month', count: 'events' } },
    ],
    ['?view=leaderboard&count=videos', { view: 'leaderboard', params: {} }],
    ['?view=leaderboard&count=people', { view: 'leaderboard', params: {} }],
    ['?view=stats&period=week', { view: 'stats', params: {} }],
    ['?q=with%3A%22Ada+Lumen%22+gam', { view: 'search', params: { query: 'with:"Ada Lumen" gam' } }],
    [
      '?view=search&q=with%3ABo&show=videos',
      { view: 'search', params: { query: 'with:Bo', show: 'videos' } },
    ],
    ['?q=with%3ABo&show=list', { view: 'search', params: { query: 'with:Bo' } }],
    ['?q=plain+text', { view: 'search', params: {} }],
    ['?view=leaderboard&q=with%3ABo', { view: 'leaderboard', params: {} }],
  ])('reads %p', (search, state) => {
    expect(parseViewUrl(search)).toEqual(state);
  });

  it('writes the address back, leaving prefill URLs out', () => {
    expect(viewSearch({ view: 'search', params: {} })).toBe('');
    expect(viewSearch({ view: 'group', params: { groupId: 7 } })).toBe('?group=7');
    expect(viewSearch({ view: 'event', params: { eventId: 12 } })).toBe('?event=12');
    expect(viewSearch({ view: 'search', params: { query: 'with:"Ada Lumen" gam' } })).toBe(
      '?q=with%3A%22Ada+Lumen%22+gam',
    );
    expect(viewSearch({ view: 'search', params: { query: 'with:Bo', show: 'videos' } })).toBe(
      '?q=with%3ABo&show=videos',
    );
    expect(viewSearch({ view: 'leaderboard', params: {} })).toBe('?view=leaderboard');
    expect(viewSearch({ view: 'leaderboard', params: { period: 'year' } })).toBe(
      '?view=leaderboard&period=year',
    );
    expect(viewSearch({ view: 'leaderboard', params: { period: 'all' } })).toBe('?view=leaderboard');
    expect(viewSearch({ view: 'leaderboard', params: { count: 'events' } })).toBe(
      '?view=leaderboard&count=events',
    );
    expect(viewSearch({ view: 'leaderboard', params: { period: 'week', count: 'events' } })).toBe(
      '?view=leaderboard&period=week&count=events',
    );
    expect(viewSearch({ view: 'leaderboard', params: { count: 'videos' } })).toBe('?view=leaderboard');
    expect(viewSearch({ view: 'author-page', params: { creatorId: 7 } })).toBe('?creator=7');
    expect(viewSearch({ view: 'author-page', params: { creatorId: 7, colour: 'group' } })).toBe(
      '?creator=7&colour=group',
    );
    expect(viewSearch({ view: 'author-page', params: { creatorId: 7, colour: 'community' } })).toBe(
      '?creator=7',
    );
    expect(viewSearch({ view: 'group', params: { groupId: 7, count: 'events' } })).toBe(
      '?group=7&count=events',
    );
    expect(viewSearch({ view: 'pair', params: { pairIds: [3, 12] } })).toBe('?pair=3-12');
    expect(viewSearch({ view: 'videos', params: { prefillUrl: 'https://youtu.be/x' } })).toBe('?view=videos');
  });
});
