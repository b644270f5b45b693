import {
  groupUploads,
  eventEvidenceLines,
  importGroupings,
  linkedVideoKeys,
  pairEvidence,
  strongParts,
  type EventUpload,
} from './events';

const upload = (over: Partial<EventUpload> & { key: string }): EventUpload => ({
  uploaderId: null,
  authorIds: [],
  publishedAt: '2026-01-01T12:00:00Z',
  linkedKeys: [],
  ...over,
});

describe('linkedVideoKeys', () => {
  it('reads every YouTube video link once, in order', () => {
    expect(
      linkedVideoKeys(
        'POV https://youtu.be/aaaaaaaaaaa, other https://www.youtube.com/watch?v=bbbbbbbbbbb. again https://youtu.be/aaaaaaaaaaa https://example.com/x',
      ),
    ).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb']);
  });
});

describe('pairEvidence', () => {
  const a = upload({ key: 'a', uploaderId: 1, authorIds: [1, 2], linkedKeys: ['b'] });
  const b = upload({ key: 'b', uploaderId: 2, authorIds: [2, 1] });

  it('joins a linked upload sharing an author strongly', () => {
    expect(pairEvidence(a, b)?.strength).toBe('link');
  });

  it('does not join a link to an upload without a shared author', () => {
    expect(pairEvidence(a, { ...b, authorIds: [3] })).toBeNull();
  });

  it('does not join a link to the same pair two weeks earlier', () => {
    expect(pairEvidence(a, { ...b, publishedAt: '2025-12-18T12:00:00Z' })).toBeNull();
  });

  it('joins mutual credits within 48 hours weakly, not one-sided ones or later ones', () => {
    const c = { ...a, linkedKeys: [] };
    expect(pairEvidence(c, { ...b, publishedAt: '2026-01-03T11:00:00Z' })?.strength).toBe('mutual-credit');
    expect(pairEvidence(c, { ...b, authorIds: [2] })).toBeNull();
    expect(pairEvidence(c, { ...b, publishedAt: '2026-01-03T13:00:00Z' })).toBeNull();
    expect(pairEvidence(c, { ...b, uploaderId: 1 })).toBeNull();
  });
});

describe('groupUploads', () => {
  it('joins a chain of links into one event and marks weak joins', () => {
    const uploads = [
      upload({ key: 'a', uploaderId: 1, authorIds: [1, 2], linkedKeys: ['b'] }),
      upload({ key: 'b', uploaderId: 2, authorIds: [2, 3], linkedKeys: ['c'] }),
      upload({ key: 'c', uploaderId: 3, authorIds: [3, 2] }),
      upload({ key: 'd', uploaderId: 4, authorIds: [4, 5] }),
      upload({ key: 'e', uploaderId: 5, authorIds: [5, 4] }),
      upload({ key: 'f', uploaderId: 6, authorIds: [6] }),
    ];
    const groups = groupUploads(uploads);
    expect(groups.map((g) => [g.keys, g.strength])).toEqual([
      [['a', 'b', 'c'], 'link'],
      [['d', 'e'], 'mutual-credit'],
    ]);
    expect(strongParts(uploads)).toEqual([['a', 'b', 'c']]);
  });

  it('never joins uploads already in two different events', () => {
    const uploads = [
      upload({ key: 'a', uploaderId: 1, authorIds: [1, 2], linkedKeys: ['b'], eventId: 1 }),
      upload({ key: 'b', uploaderId: 2, authorIds: [2, 1], eventId: 2 }),
    ];
    expect(groupUploads(uploads)).toEqual([]);
  });
});

describe('importGroupings', () => {
  it('applies linked parts with a new upload, joining an existing event, and proposes weak pairs once', () => {
    const uploads = [
      upload({ key: 'old', uploaderId: 1, authorIds: [1, 2], eventId: 7 }),
      upload({ key: 'new', uploaderId: 2, authorIds: [2, 1], linkedKeys: ['old'], title: 'My POV' }),
      upload({ key: 'x', uploaderId: 3, authorIds: [3, 4] }),
      upload({ key: 'y', uploaderId: 4, authorIds: [4, 3], publishedAt: '2026-01-01T15:00:00Z' }),
      upload({ key: 'y2', uploaderId: 4, authorIds: [4, 3], linkedKeys: ['y'] }),
    ];
    const result = importGroupings(uploads, new Set(['new', 'x', 'y', 'y2']));
    expect(result.events.map((e) => [e.keys, e.eventId])).toEqual([
      [['old', 'new'], 7],
      [['y', 'y2'], null],
    ]);
    expect(result.events[0]!.pairs[0]!.reason).toBe('“My POV” links old');
    expect(result.proposals).toHaveLength(1);
    expect(result.proposals[0]!.reason).toMatch(/^Published within 48 hours \(\d+ h apart\), each credits/);
  });

  it('leaves pairs of catalogue uploads alone and never joins two existing events', () => {
    const uploads = [
      upload({
        key: 'a',
        uploaderId: 1,
        authorIds: [1, 2],
        linkedKeys: ['b'],
        publishedAt: '2025-12-01T12:00:00Z',
      }),
      upload({ key: 'b', uploaderId: 2, authorIds: [2, 1], publishedAt: '2025-12-01T12:00:00Z' }),
      upload({ key: 'c', uploaderId: 1, authorIds: [1, 2], eventId: 1 }),
      upload({ key: 'd', uploaderId: 2, authorIds: [2, 1], eventId: 2 }),
      upload({ key: 'n', uploaderId: 2, authorIds: [2, 1], linkedKeys: ['c', 'd'] }),
    ];
    const result = importGroupings(uploads, new Set(['n']));
    expect(result.events.map((e) => [e.keys, e.eventId])).toEqual([[['c', 'n'], 1]]);
    expect(result.proposals).toEqual([]);
  });
});

describe('eventEvidenceLines', () => {
  it('gives one line per reason, and says when an admin grouped the uploads', () => {
    expect(eventEvidenceLines('“A” links “B”; Accepted from review: Published within 48 hours')).toEqual([
      '“A” links “B”',
      'Accepted from review: Published within 48 hours',
    ]);
    expect(eventEvidenceLines('')).toEqual(['Grouped by an admin.']);
    expect(eventEvidenceLines(undefined)).toEqual(['Grouped by an admin.']);
  });
});
