import { hasUnsafeCharacters, stripUnsafeCharacters } from './text';

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
