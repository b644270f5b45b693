import { buildSearchIndex, filterSearchIndex, parseSearchQuery } from './search';

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
    ['instagram', [3]],
    ['june l', [1]],
    ['r', [1, 2, 3]],
    ['zzz', []],
  ])('term %j finds %j', (term, expected) => {
    expect(ids(term)).toEqual(expected);
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
