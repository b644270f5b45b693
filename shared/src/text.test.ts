import {
  dropInvisibleCharacters,
  hasInvisibleCharacters,
  hasUnsafeCharacters,
  stripUnsafeCharacters,
  toPlainText,
} from './text';

describe('hasUnsafeCharacters', () => {
  it.each([
    ['NUL', 'Ann\u0000Bo'],
    ['a C0 control', 'Ann\u0007'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control', 'Ann\u0085'],
    ['right-to-left override', 'Ann \u202egnp.exe'],
    ['an isolate', '\u2066Ann\u2069'],
    ['a lone high surrogate', 'Ann \ud83d'],
    ['a lone low surrogate', '\ude00 Ann'],
    ['a tab in a single-line field', 'Ann\tBo'],
    ['a newline in a single-line field', 'Ann\nBo'],
  ])('rejects %s', (_, text) => expect(hasUnsafeCharacters(text)).toBe(true));

  it.each([
    'Ann Bo',
    'Émile Zola',
    '李小龙',
    'שלום', // right-to-left script itself is fine
    'Ann 🙂‍↔️ Bo', // surrogate pairs and joiners
    '',
  ])('accepts %p', (text) => expect(hasUnsafeCharacters(text)).toBe(false));

  it('accepts tab and line breaks only where a field is multi-line', () => {
    expect(hasUnsafeCharacters('line one\r\n\tline two', { multiline: true })).toBe(false);
    expect(hasUnsafeCharacters('line one\u0000', { multiline: true })).toBe(true);
  });
});

describe('stripUnsafeCharacters', () => {
  it('keeps the readable text and drops the rest', () => {
    expect(stripUnsafeCharacters('A\u0000n\u202en \ud83d🙂\n\uffff')).toBe('Ann 🙂');
  });
});

describe('toPlainText', () => {
  it('removes controls, bidi overrides and lone surrogates, and makes line breaks one space', () => {
    expect(toPlainText('Ada\u0000 \u202eLumen\ud800 \t\r\nand 🙂 Bea\u0007')).toBe('Ada Lumen  and 🙂 Bea');
  });

  it('keeps tabs and line breaks in multi-line text', () => {
    expect(toPlainText('line one\u0000\r\n\tline \u2066two\udc00', { multiline: true })).toBe(
      'line one\r\n\tline two',
    );
  });

  it.each([
    ['\u0000\u0001\u001f\u007f\u0085\u202a\u202e\u2066\u2069', false],
    ['a\ud83d', false],
    ['\udc00b\n\tc', false],
    ['\n\u0000\r', true],
  ])('gives text the rule accepts for %p (multiline %p)', (text, multiline) => {
    expect(hasUnsafeCharacters(toPlainText(text, { multiline }), { multiline })).toBe(false);
  });
});

describe('invisible characters and noncharacters', () => {
  it.each([
    ['zero width space', 'An\u200Bn'],
    ['zero width non-joiner', 'An\u200Cn'],
    ['zero width joiner', 'An\u200Dn'],
    ['left-to-right mark', 'Ann\u200E'],
    ['right-to-left mark', '\u200FAnn'],
    ['soft hyphen', 'An\u00ADn'],
    ['Arabic letter mark', 'Ann\u061C'],
    ['word joiner', 'An\u2060n'],
    ['invisible plus', 'An\u2064n'],
    ['Hangul filler', '\u3164Ann'],
    ['byte order mark', '\uFEFFAnn'],
    ['noncharacter U+FDD0', 'Ann\uFDD0'],
    ['noncharacter U+FFFE', 'Ann\uFFFE'],
    ['noncharacter U+1FFFF', 'Ann\u{1FFFF}'],
    ['noncharacter U+10FFFE', 'Ann\u{10FFFE}'],
  ])('refuses a %s, in one-line and multi-line fields, and strips it', (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(hasUnsafeCharacters(text, { multiline: true })).toBe(true);
    expect(toPlainText(text)).toBe(text.replace(/[^A-Za-z]/gu, ''));
    expect(stripUnsafeCharacters(text)).toBe(text.replace(/[^A-Za-z]/gu, ''));
  });

  it('keeps visible text of every script, emoji and astral letters', () => {
    for (const text of ['José Ñúñez', '山田 太郎', 'Ана', 'محمد', 'नमस्ते', '🎸 Band', '𝒜𝓃𝓃', 'Ann\u{1F600}'])
      expect(hasUnsafeCharacters(text)).toBe(false);
  });
});

describe('dropInvisibleCharacters (what a search query ignores)', () => {
  it.each([
    ['a zero-width space', 'ペ\u200Bコラ', 'ペコラ'],
    ['a zero-width non-joiner', 'pe\u200Ckora', 'pekora'],
    ['a word joiner and a BOM', '\uFEFFpe\u2060kora', 'pekora'],
    ['a soft hyphen', 'pe\u00ADkora', 'pekora'],
    ['directional marks', '\u200Epekora\u200F', 'pekora'],
    ['embeddings and overrides', '\u202A\u202B\u202C\u202D\u202Epekora', 'pekora'],
    ['isolates', '\u2066\u2067\u2068pekora\u2069', 'pekora'],
    ['Hangul fillers', '\u3164한\uFFA0글', '한글'],
    ['a joiner between letters', 'pe\u200Dkora', 'pekora'],
    ['only invisible characters', '\u200B\u200C\u2060\uFEFF\u00AD\u202E', ''],
  ])('drops %s', (_, text, expected) => {
    expect(dropInvisibleCharacters(text)).toBe(expected);
    expect(hasInvisibleCharacters(dropInvisibleCharacters(text))).toBe(false);
  });

  it('keeps the joiner, variation selectors and tags of emoji sequences', () => {
    for (const emoji of [
      '👩\u200D🎤',
      '❤\uFE0F',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    ]) {
      expect(dropInvisibleCharacters(`${emoji} fan`)).toBe(`${emoji} fan`);
    }
  });

  it('leaves controls, noncharacters and lone surrogates for hasUnsafeCharacters to refuse', () => {
    for (const text of ['a\u0000b', 'a\u0007b', 'a\nb', 'a\u007Fb', 'a\uFFFFb', 'a\uD83Db']) {
      expect(dropInvisibleCharacters(text)).toBe(text);
      expect(hasUnsafeCharacters(dropInvisibleCharacters(text))).toBe(true);
    }
  });
});
