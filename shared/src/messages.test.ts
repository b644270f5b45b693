import { deletedSummary, noCreatorsFound, videoInfoFetched } from './messages';

describe('message builders', () => {
  it.each([
    [0, 'Video info fetched!'],
    [1, 'Video info fetched! Detected 1 collaborator(s).'],
    [3, 'Video info fetched! Detected 3 collaborator(s).'],
  ])('videoInfoFetched(%s)', (count, expected) => {
    expect(videoInfoFetched(count)).toBe(expected);
  });

  it.each([
    ['creator', 2, 0, 'Deleted 2 creator(s).'],
    ['video', 1, 1, 'Deleted 1 video(s). Failed: 1.'],
  ] as const)('deletedSummary(%s, %s, %s)', (kind, deleted, failed, expected) => {
    expect(deletedSummary(kind, deleted, failed)).toBe(expected);
  });

  it.each([
    ['', 'No creators found'],
    ['ann', 'No creators found matching "ann"'],
  ])('noCreatorsFound(%j)', (term, expected) => {
    expect(noCreatorsFound(term)).toBe(expected);
  });
});
