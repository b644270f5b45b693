import { PAGING, nameLookup, type CreatorPage } from '@friends/shared';
import { creator } from '../../../test-utils/fixtures';
import { heldMatches, narrows, wantsLookahead } from './held-search';

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
    expect(heldMatches(held, 'ka')).toEqual({
      items: [all[0], all[2], all[3]],
      matched: 3,
      total: 3,
      from: 'k',
      own: false,
    });
    expect(heldMatches(held, 'KAR')).toEqual({
      items: [all[0]],
      matched: 1,
      total: 1,
      from: 'k',
      own: false,
    });
  });

  it('leaves the count open when the held answer has more pages', () => {
    const held = [{ text: '', pages: [page(10, all[0]!, all[1]!)] }];
    expect(heldMatches(held, 'ka')).toEqual({
      items: [all[0]],
      matched: 1,
      total: null,
      from: '',
      own: false,
    });
  });

  it("uses the term's own held answer as it is, and nothing for with: or an unrelated term", () => {
    const held = [{ text: 'ok', pages: [page(7, all[2]!)] }];
    expect(heldMatches(held, 'ok')).toEqual({ items: [all[2]], matched: 1, total: 7, from: 'ok', own: true });
    expect(heldMatches(held, 'bo')).toBeNull();
    expect(heldMatches([{ text: '', pages: [page(4, ...all)] }], 'with:"Kara"')).toBeNull();
  });
});

describe('invisible characters in the term', () => {
  const pekora = creator(1, '兎田ぺこら', { otherNames: [{ name: 'Usada Pekora', lang: 'ja-Latn' }] });
  const rows = [pekora, creator(2, 'Bo'), creator(3, 'ペコラ Fan'), creator(4, 'Kai')];
  const held = [{ text: '', pages: [page(4, ...rows)] }];

  it('are ignored, as the server drops them: ペ\u200Bコラ paints what ペコラ paints', () => {
    const plain = heldMatches(held, 'ペコラ');
    expect(plain?.items.map((item) => item.id)).toEqual([1, 3]);
    for (const text of ['ペ\u200Bコラ', '\u202Eペコラ\u202C', 'ぺ\u00ADこ\u2060ら\uFEFF']) {
      expect(heldMatches(held, text)?.items).toEqual(plain?.items);
    }
    expect(heldMatches(held, 'u\u200Esa\u200Cda')?.items).toEqual([pekora]);
    expect(narrows(nameLookup('ペコ'), nameLookup('ペ\u200Bコラ'))).toBe(true);
  });

  it('alone are the empty search: every held row', () => {
    expect(nameLookup('\u200B\u2060\u200F').mode).toBe('all');
    expect(heldMatches(held, '\u200B\u2060\u200F')?.items).toEqual(rows);
  });
});

describe('lookahead', () => {
  // 300 creators; every third one has a 'k' in the name, every ninth a 'ka', every 27th a 'kar'.
  const many = Array.from({ length: 300 }, (_, i) =>
    creator(i + 1, `${i % 27 === 0 ? 'Kar' : i % 9 === 0 ? 'Ka' : i % 3 === 0 ? 'K' : 'B'}o ${i + 1}`),
  );
  const answer = (text: string, limit: number): CreatorPage => {
    const matches = many.filter((c) => c.name.toLowerCase().includes(text));
    return { total: matches.length, items: matches.slice(0, limit) };
  };
  const expected = (text: string) => answer(text, PAGING.creatorsPage).items;

  it('is asked for one- and two-letter terms only', () => {
    expect(['k', 'ka', 'ㅎ', 'ㅎㄱ'].map(wantsLookahead)).toEqual([true, true, true, true]);
    expect(['', '  ', 'kar', 'with:"Ka"', 'with:Bo k'].map(wantsLookahead)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("paints at most a page, the server's first page, and counts what the held rows hold", () => {
    const held = [
      { text: '', pages: [answer('', 24)] },
      { text: 'k', pages: [answer('k', 200)], lookahead: true },
    ];
    // 'k' rows reach creator 598 (past the 300): the lookahead holds the whole 'k' answer.
    expect(heldMatches(held, 'ka')).toEqual({
      items: expected('ka'),
      matched: 34,
      total: 34,
      from: 'k',
      own: false,
    });
    expect(heldMatches(held, 'kar')?.items).toEqual(expected('kar'));
    expect(heldMatches(held, 'kar')?.total).toBe(12);
    // The term's own lookahead: the answer as the server gave it, its total included.
    const own = heldMatches(held, 'k');
    expect(own).toEqual({ items: expected('k'), matched: 100, total: 100, from: 'k', own: false });
  });

  it('leaves the count open when the lookahead stops short of the answer, and prefers the further rows', () => {
    const held = [
      { text: 'k', pages: [answer('k', 40)], lookahead: true }, // creators up to 118
      { text: 'ka', pages: [answer('ka', 24)] }, // creators up to 208
    ];
    const kar = heldMatches(held, 'kar');
    expect(kar).toMatchObject({ matched: 8, total: null, from: 'ka', own: false });
    expect(kar?.items).toEqual(answer('kar', 8).items);
    expect(heldMatches(held, 'k')).toMatchObject({ matched: 40, total: 100, from: 'k', own: false });
    expect(heldMatches(held, 'k')?.items).toEqual(expected('k'));
  });
});
