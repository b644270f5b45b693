import { VIDEO_SEARCH_AUTHORS, VIDEO_SEARCH_CASES, VIDEO_SEARCH_VIDEOS } from './fixtures/video-search-cases';
import { foldText, matchesVideoSearch, titleLookup, titleSearchKey } from './fold';

describe('titleLookup', () => {
  it('folds the term and picks the short or the trigram path by its folded length', () => {
    expect(titleLookup('  ')).toEqual({ mode: 'all' });
    expect(titleLookup('\u0301')).toEqual({ mode: 'all' });
    expect(titleLookup('ペ')).toEqual({ mode: 'short', key: 'ぺ' });
    expect(titleLookup('ＡＢ')).toEqual({ mode: 'short', key: 'ab' });
    expect(titleLookup('Straße')).toEqual({ mode: 'substring', key: 'strasse' });
    expect(titleSearchKey('Ｃooking with José')).toBe('cooking with jose');
  });
});

describe('the video-search table', () => {
  const authorNames = new Map(
    VIDEO_SEARCH_AUTHORS.map((author) => [
      author.name,
      [author.name, ...(author.otherNames ?? []).map((other) => other.name)].map(foldText),
    ]),
  );
  const titles = VIDEO_SEARCH_VIDEOS.map((video) => video.title);

  it('holds at least 40 cases over known titles and authors', () => {
    expect(VIDEO_SEARCH_CASES.length).toBeGreaterThanOrEqual(40);
    for (const video of VIDEO_SEARCH_VIDEOS)
      for (const author of video.authors) expect(authorNames.has(author)).toBe(true);
    for (const [, expected] of VIDEO_SEARCH_CASES)
      if (expected !== '*') for (const title of expected) expect(titles).toContain(title);
  });

  it.each(VIDEO_SEARCH_CASES)('%j finds %j (%s)', (query, expected) => {
    const found = VIDEO_SEARCH_VIDEOS.filter((video) =>
      matchesVideoSearch(
        query,
        video.title,
        video.authors.map((author) => authorNames.get(author) ?? []),
      ),
    ).map((video) => video.title);
    const wanted = expected === '*' ? titles : titles.filter((title) => expected.includes(title));
    expect(found).toEqual(wanted);
  });
});
