import { competitionRanks, countOf, formatDay, formatMonth, pluralOf } from './format';

describe('countOf', () => {
  it('reads one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'collab')).toBe('1 collab');
    expect(countOf(2, 'collab')).toBe('2 collabs');
    expect(countOf(0, 'video')).toBe('0 videos');
    expect(countOf(1, 'person')).toBe('1 person');
    expect(countOf(3, 'person')).toBe('3 people');
    expect(countOf(1204, 'video')).toBe('1,204 videos');
  });

  it('writes every count as English number formatting does', () => {
    const english = new Intl.NumberFormat('en');
    for (const n of [...Array.from({ length: 1100 }, (_, i) => i), 9999, 1e6, 2.5, 999.5, -1, -1000]) {
      expect(countOf(n, 'video')).toBe(`${english.format(n)} ${n === 1 ? 'video' : 'videos'}`);
    }
  });

  it('knows the regular English endings', () => {
    expect(pluralOf('match')).toBe('matches');
    expect(pluralOf('category')).toBe('categories');
    expect(pluralOf('day')).toBe('days');
  });
});

describe('formatDay and formatMonth', () => {
  it('write every date the same way', () => {
    expect(formatDay('2024-05-21')).toBe('May 21, 2024');
    expect(formatDay('2024-05-21T23:30:00.000Z')).toBe('May 21, 2024');
    expect(formatMonth('2024-03')).toBe('Mar 2024');
  });

  it('keeps text that is not a date as written', () => {
    expect(formatDay('someday')).toBe('someday');
    expect(formatDay('')).toBe('');
  });
});

describe('competitionRanks', () => {
  it('gives tied counts one rank and skips the places they take', () => {
    expect(competitionRanks([5, 5, 3, 2, 2, 1])).toEqual([1, 1, 3, 4, 4, 6]);
    expect(competitionRanks([])).toEqual([]);
    expect(competitionRanks([4, 4, 4])).toEqual([1, 1, 1]);
  });
});
