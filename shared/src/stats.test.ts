import {
  buildLeaderboard,
  compareLeaderboardEntries,
  computeCreatorStats,
  frequentCollaborators,
} from './stats';

const videos = [
  { id: 1, authorIds: [1] },
  { id: 2, authorIds: [1, 2] },
  { id: 3, authorIds: [1, 2, 3] },
  { id: 4, authorIds: [2, 3] },
  { id: 5, authorIds: [4] },
  { id: 6, authorIds: [1, 1] }, // a repeated id is one author: solo
];

describe('computeCreatorStats', () => {
  it.each([
    [1, { totalVideos: 4, soloVideos: 2, collaborations: 2, collaborators: 2 }],
    [2, { totalVideos: 3, soloVideos: 0, collaborations: 3, collaborators: 2 }],
    [3, { totalVideos: 2, soloVideos: 0, collaborations: 2, collaborators: 2 }],
    [4, { totalVideos: 1, soloVideos: 1, collaborations: 0, collaborators: 0 }],
    [99, { totalVideos: 0, soloVideos: 0, collaborations: 0, collaborators: 0 }],
  ])('creator %s', (id, expected) => {
    expect(computeCreatorStats(id, videos)).toEqual(expected);
  });
});

describe('frequentCollaborators', () => {
  it('orders by videos together, then id', () => {
    expect(frequentCollaborators(1, videos, 10)).toEqual([
      { id: 2, count: 2 },
      { id: 3, count: 1 },
    ]);
    expect(frequentCollaborators(3, videos, 10)).toEqual([
      { id: 2, count: 2 },
      { id: 1, count: 1 },
    ]);
  });

  it('breaks ties by id ascending and honours the limit', () => {
    const list = [
      { id: 1, authorIds: [7, 9, 8] },
      { id: 2, authorIds: [7, 5] },
    ];
    expect(frequentCollaborators(7, list, 2)).toEqual([
      { id: 5, count: 1 },
      { id: 8, count: 1 },
    ]);
    expect(frequentCollaborators(7, list, 0)).toEqual([]);
  });

  it('is empty for a solo creator', () => {
    expect(frequentCollaborators(4, videos, 10)).toEqual([]);
  });
});

describe('compareLeaderboardEntries', () => {
  it('orders by count desc, then name case-insensitively, then id', () => {
    const entries = [
      { id: 5, name: 'bob', count: 2 },
      { id: 2, name: 'Alice', count: 2 },
      { id: 1, name: 'Zed', count: 3 },
      { id: 4, name: 'BOB', count: 2 },
      { id: 3, name: 'alice', count: 2 },
    ];
    expect([...entries].sort(compareLeaderboardEntries).map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives one order whatever the input order (a total order)', () => {
    const entries = [
      { id: 3, name: 'b', count: 1 },
      { id: 1, name: 'B', count: 1 },
      { id: 2, name: 'a', count: 1 },
      { id: 4, name: 'a', count: 5 },
      { id: 5, name: 'Z', count: 0 },
    ];
    const expected = [4, 2, 1, 3, 5];
    for (let shift = 0; shift < entries.length; shift += 1) {
      const rotated = [...entries.slice(shift), ...entries.slice(0, shift)];
      expect(rotated.sort(compareLeaderboardEntries).map((e) => e.id)).toEqual(expected);
      expect(
        [...rotated]
          .reverse()
          .sort(compareLeaderboardEntries)
          .map((e) => e.id),
      ).toEqual(expected);
    }
  });
});

describe('buildLeaderboard', () => {
  const creators = [
    { id: 1, name: 'One', photo: 'p1' },
    { id: 2, name: 'Two', photo: 'p2' },
    { id: 3, name: 'Three', photo: 'p3' },
    { id: 4, name: 'Four', photo: 'p4' },
  ];

  it('counts collaborative videos and distinct co-authors, leaving out creators with 0', () => {
    expect(buildLeaderboard(creators, videos)).toEqual({
      mostCollaborations: [
        { id: 2, name: 'Two', photo: 'p2', count: 3 },
        { id: 1, name: 'One', photo: 'p1', count: 2 },
        { id: 3, name: 'Three', photo: 'p3', count: 2 },
      ],
      mostCollaborators: [
        { id: 1, name: 'One', photo: 'p1', count: 2 },
        { id: 3, name: 'Three', photo: 'p3', count: 2 },
        { id: 2, name: 'Two', photo: 'p2', count: 2 },
      ],
    });
  });

  it('breaks ties by name, case-insensitively, then by id, and cuts at size', () => {
    const tied = [
      { id: 9, name: 'beta', photo: '' },
      { id: 8, name: 'Alpha', photo: '' },
      { id: 7, name: 'alpha', photo: '' },
      { id: 6, name: 'Gamma', photo: '' },
    ];
    const pairs = [
      { id: 1, authorIds: [9, 8] },
      { id: 2, authorIds: [7, 6] },
    ];
    const board = buildLeaderboard(tied, pairs, 3);
    expect(board.mostCollaborations.map((e) => e.id)).toEqual([7, 8, 9]);
    expect(board.mostCollaborators.map((e) => e.id)).toEqual([7, 8, 9]);
  });

  it('lists at most ten by default', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      name: `C${String(i + 1).padStart(2, '0')}`,
      photo: '',
    }));
    const oneBigVideo = [{ id: 1, authorIds: many.map((c) => c.id) }];
    const board = buildLeaderboard(many, oneBigVideo);
    expect(board.mostCollaborations).toHaveLength(10);
    expect(board.mostCollaborators.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('is empty with no collaborations', () => {
    expect(buildLeaderboard(creators, [{ id: 1, authorIds: [1] }])).toEqual({
      mostCollaborations: [],
      mostCollaborators: [],
    });
  });
});
