import { nameLookup, type CreatorPage } from '@friends/shared';
import { creator } from '../../../test-utils/fixtures';
import { heldMatches, narrows } from './held-search';

const page = (total: number, ...items: ReturnType<typeof creator>[]): CreatorPage => ({ total, items });

describe('narrows', () => {
  it.each([
    ['', 'k', true],
    ['k', 'ka', true],
    ['ka', 'xkay', true],
    ['ka', 'k', false],
    ['ka', '', false],
    ['ㅎ', 'ㅎㄱ', true], // initials: word-start prefixes
    ['ㅎㄱ', 'ㅎㄱㅅ', false], // three initials are found anywhere, two only at a word start
    ['ㅎ', 'ha', false],
  ])('%j then %j: %s', (previous, next, expected) => {
    expect(narrows(nameLookup(previous), nameLookup(next))).toBe(expected);
  });
});

describe('heldMatches', () => {
  const all = [creator(1, 'Kara'), creator(2, 'Bo'), creator(5, 'Okay'), creator(9, 'Kai')];

  it('filters the held answer loaded furthest, whole when it was loaded to its end', () => {
    const held = [
      { text: '', pages: [page(10, all[0]!, all[1]!)] },
      { text: 'k', pages: [page(3, all[0]!, all[2]!, all[3]!)] },
    ];
    expect(heldMatches(held, 'ka')).toEqual({ items: [all[0], all[2], all[3]], total: 3, from: 'k' });
    expect(heldMatches(held, 'KAR')).toEqual({ items: [all[0]], total: 1, from: 'k' });
  });

  it('leaves the count open when the held answer has more pages', () => {
    const held = [{ text: '', pages: [page(10, all[0]!, all[1]!)] }];
    expect(heldMatches(held, 'ka')).toEqual({ items: [all[0]], total: null, from: '' });
  });

  it("uses the term's own held answer as it is, and nothing for with: or an unrelated term", () => {
    const held = [{ text: 'ok', pages: [page(7, all[2]!)] }];
    expect(heldMatches(held, 'ok')).toEqual({ items: [all[2]], total: 7, from: 'ok' });
    expect(heldMatches(held, 'bo')).toBeNull();
    expect(heldMatches([{ text: '', pages: [page(4, ...all)] }], 'with:"Kara"')).toBeNull();
  });
});
