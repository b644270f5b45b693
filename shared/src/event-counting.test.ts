import {
  collaborationsInEvents,
  countEvents,
  isLeaderboardCount,
  isNetworkWeight,
  mergeByEvent,
} from './event-counting';

describe('mergeByEvent', () => {
  it('merges the uploads of one event into one entry with every author once and the earliest date', () => {
    const merged = mergeByEvent([
      { id: 1, eventId: 7, date: '2026-03-02', authorIds: [1, 2] },
      { id: 2, eventId: 7, date: '2026-03-01', authorIds: [2, 1, 3] },
      { id: 3, eventId: null, date: '2026-03-05', authorIds: [1, 2] },
      { id: 4, eventId: null, date: '2026-03-06', authorIds: [1, 3] },
    ]);
    expect(merged).toEqual([
      { authorIds: [1, 2, 3], date: '2026-03-01' },
      { authorIds: [1, 2], date: '2026-03-05' },
      { authorIds: [1, 3], date: '2026-03-06' },
    ]);
  });

  it('keeps two events apart even with the same authors and date', () => {
    expect(
      mergeByEvent([
        { id: 1, eventId: 1, date: '2026-03-01', authorIds: [1, 2] },
        { id: 2, eventId: 2, date: '2026-03-01', authorIds: [1, 2] },
      ]),
    ).toHaveLength(2);
  });
});

describe('countEvents', () => {
  it('counts each event once and each standalone video on its own', () => {
    expect(
      countEvents([
        { id: 1, eventId: 4 },
        { id: 2, eventId: 4 },
        { id: 3, eventId: null },
        { id: 4, eventId: null },
      ]),
    ).toBe(3);
    expect(countEvents([])).toBe(0);
  });
});

describe('collaborationsInEvents', () => {
  it('reads "N collaborations in M events" only when they differ', () => {
    expect(collaborationsInEvents(5, 3)).toBe('5 collaborations in 3 events');
    expect(collaborationsInEvents(2, 1)).toBe('2 collaborations in 1 event');
    expect(collaborationsInEvents(4, 4)).toBeNull();
  });
});

describe('the parameters', () => {
  it('know their values', () => {
    expect(isLeaderboardCount('events')).toBe(true);
    expect(isLeaderboardCount('videos')).toBe(true);
    expect(isLeaderboardCount('Events')).toBe(false);
    expect(isLeaderboardCount(['events'])).toBe(false);
    expect(isNetworkWeight('events')).toBe(true);
    expect(isNetworkWeight('people')).toBe(false);
  });
});
