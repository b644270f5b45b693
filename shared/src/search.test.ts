import {
  MAX_WITH_NAMES,
  SEARCH_QUERY_ERRORS,
  SearchQueryError,
  buildSearchIndex,
  filterSearchIndex,
  parseSearchQuery,
  searchQueryError,
  searchQueryTerm,
  withTerm,
} from './search';

const creators = [
  { id: 1, name: 'Juniper Lane', channel: 'https://www.youtube.com/@juniperlane', aliases: ['June L'] },
  { id: 2, name: 'Otto Brenner', channel: '', aliases: [] },
  { id: 3, name: 'Mara Quill', channel: 'https://www.instagram.com/maraq/' },
];
const index = buildSearchIndex(creators);
const ids = (term: string) => filterSearchIndex(index, term).map((c) => c.id);

describe('filterSearchIndex', () => {
  it.each([
    ['', [1, 2, 3]],
    ['   ', [1, 2, 3]],
    ['juniper', [1]],
    ['JUNIPER', [1]],
    ['  otto ', [2]],
    ['maraq', [3]],
    ['instagram', []], // hosts are not searched: every creator on a platform would match
    ['june l', [1]],
    ['r', [1, 2, 3]], // one letter: anywhere in a name or channel
    ['pe', [1]], // two letters inside a word
    ['b', [2]],
    ['ｊｕｎｉｐｅｒ', [1]],
    ['zzz', []],
  ])('term %j finds %j', (term, expected) => {
    expect(ids(term)).toEqual(expected);
  });

  it('finds other names', () => {
    const withOther = buildSearchIndex([
      { id: 9, name: '兎田ぺこら', channel: '', otherNames: [{ name: 'Usada Pekora', lang: 'ja-Latn' }] },
    ]);
    expect(filterSearchIndex(withOther, 'pekora').map((c) => c.id)).toEqual([9]);
    expect(filterSearchIndex(withOther, 'ペコラ').map((c) => c.id)).toEqual([9]);
  });

  it('never matches across two fields (a text box cannot type the newline between them)', () => {
    expect(ids('lanehttps')).toEqual([]);
  });
});

describe('parseSearchQuery', () => {
  it('trims and lowercases the text; blank is everything', () => {
    expect(parseSearchQuery('  Ann BO ')).toEqual({ text: 'ann bo' });
    expect(parseSearchQuery('   ')).toEqual({ text: '' });
  });
});

describe('parseSearchQuery with: terms', () => {
  it('leaves text without a with: term to the plain search', () => {
    expect(parseSearchQuery('without:x')).toEqual({ text: 'without:x' });
    expect(parseSearchQuery('Ada "Lu')).toEqual({ text: 'ada "lu' });
    expect(parseSearchQuery('bandwith:x')).toEqual({ text: 'bandwith:x' });
  });

  it('reads quoted and bare names, in any case, once each, and keeps the rest as text', () => {
    expect(parseSearchQuery('with:"Ada  Lumen"  WITH:bram  with:"ada lumen" Gaming  Club')).toEqual({
      withNames: ['Ada Lumen', 'bram'],
      text: 'gaming club',
    });
    expect(parseSearchQuery(' with:"Bo" ')).toEqual({ withNames: ['Bo'], text: '' });
  });

  it('reads an unquoted full name: a bare name runs on over the capitalised words after it', () => {
    expect(parseSearchQuery('with:Otis Brightwater')).toEqual({ withNames: ['Otis Brightwater'], text: '' });
    expect(parseSearchQuery('with:Otis Brightwater cooking Show')).toEqual({
      withNames: ['Otis Brightwater'],
      text: 'cooking show',
    });
    expect(parseSearchQuery('with:otis Brightwater')).toEqual({ withNames: ['otis Brightwater'], text: '' });
    expect(parseSearchQuery('with:Åsa Öberg with:Bo')).toEqual({ withNames: ['Åsa Öberg', 'Bo'], text: '' });
    expect(parseSearchQuery('with:Otis cooking')).toEqual({ withNames: ['Otis'], text: 'cooking' });
  });

  it('refuses an unclosed quote, a with: without a name and too many names', () => {
    expect(() => parseSearchQuery('with:"Ada Lumen')).toThrow(SearchQueryError);
    expect(searchQueryError('with:"Ada Lumen')).toBe(SEARCH_QUERY_ERRORS.unclosedQuote);
    expect(searchQueryError('ada with:')).toBe(SEARCH_QUERY_ERRORS.missingName);
    expect(searchQueryError('with: Ada')).toBe(SEARCH_QUERY_ERRORS.missingName);
    expect(searchQueryError('with:""')).toBe(SEARCH_QUERY_ERRORS.missingName);
    const names = (n: number) => Array.from({ length: n }, (_, i) => withTerm(`N${i}`)).join(' ');
    expect(searchQueryError(names(MAX_WITH_NAMES))).toBeNull();
    expect(searchQueryError(names(MAX_WITH_NAMES + 1))).toBe(SEARCH_QUERY_ERRORS.tooManyNames);
    expect(searchQueryError('plain text')).toBeNull();
  });

  it('spells a query one way, which parses back to the same query', () => {
    const query = parseSearchQuery(`gaming WITH:bo ${withTerm('Ada  "A" Lumen')}`);
    expect(searchQueryTerm(query)).toBe('with:"bo" with:"Ada A Lumen" gaming');
    expect(parseSearchQuery(searchQueryTerm(query))).toEqual({
      withNames: ['bo', 'Ada A Lumen'],
      text: 'gaming',
    });
    expect(searchQueryTerm(parseSearchQuery('  Ann BO '))).toBe('ann bo');
  });
});
