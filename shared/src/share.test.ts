import { countInWords, creatorPreviewText, pairPreviewText, parsePairParam } from './share';

describe('parsePairParam', () => {
  it.each([
    ['12-34', [12, 34]],
    ['1-1', [1, 1]],
    ['2147483647-1', [2147483647, 1]],
  ])('%s → %j', (text, ids) => expect(parsePairParam(text)).toEqual(ids));

  it.each(['', '12', '12-', '-12', '1-2-3', 'a-b', '01-2', '0-2', '1.5-2', '2147483648-1', ' 1-2'])(
    '%j is malformed',
    (text) => expect(parsePairParam(text)).toBeNull(),
  );
});

describe('preview wording', () => {
  it('says counts in words, singular and plural', () => {
    expect(countInWords(0, 'video')).toBe('no videos');
    expect(countInWords(1, 'video')).toBe('1 video');
    expect(countInWords(12, 'video')).toBe('12 videos');
    expect(creatorPreviewText('Ada', { videos: 1, collaborations: 1, collaborators: 1 })).toBe(
      'Ada has made 1 video, 1 collaboration with 1 other creator.',
    );
    expect(creatorPreviewText('Bo', { videos: 3, collaborations: 0, collaborators: 0 })).toBe(
      'Bo has made 3 videos, no collaborations.',
    );
    expect(creatorPreviewText('Cy', { videos: 0, collaborations: 0, collaborators: 0 })).toBe(
      'Cy on Friends of the Channel: no videos yet.',
    );
    expect(pairPreviewText('Ada', 'Bo', 2)).toBe('Ada and Bo have made 2 videos together.');
  });
});
