import { cardSvg, drawCard } from './card';
import { scriptFileFor } from './card-fonts';

/** A card with the title alone: no avatar, whose initials would differ anyway. */
const titled = (title: string, otherScripts = true) =>
  cardSvg({ people: [], title, lines: [] }, otherScripts);

/**
 * A glyph the fonts lack is drawn as the same box whatever the character, so two names of the same
 * length made of missing glyphs give the same picture; drawn with real glyphs, they differ.
 */
describe('card fonts', () => {
  it.each([
    ['Japanese', '兎田ぺこら', '兎田ぺこる'],
    ['Korean', '한글 이름', '한국 이름'],
    ['Arabic', 'محمد علي', 'محمد على'],
    ['Hebrew', 'דוד כהן', 'דוד לוי'],
    ['Thai', 'สมชาย', 'สมศรี'],
    ['Devanagari', 'रमन', 'नमक'],
    ['simplified Chinese', '张伟', '刘伟'],
    ['emoji', 'Ada 🎮🎸', 'Ada 🐱🐶'],
  ])('draws %s names with their own glyphs, not boxes', async (_script, name, other) => {
    // Without the other scripts' fonts both names are the same row of boxes: the check below can fail.
    expect(await titled(name, false)).toBe(await titled(other, false));
    expect(await titled(name)).not.toBe(await titled(other));
    // and not the boxes of the Latin-only card
    expect(await titled(name)).not.toBe(await titled(name, false));
  });

  it('finds a font file for every character of the names it is asked about', () => {
    for (const char of '兎田ぺこら한글이름محمدעבריתไทยहिन्दी张们🎮') {
      expect([char, scriptFileFor(char.codePointAt(0)!)]).toEqual([char, expect.any(String)]);
    }
  });

  it('takes only what Japanese and Korean lack from the Chinese font', () => {
    expect(scriptFileFor('田'.codePointAt(0)!)).toMatch(/^noto-sans-jp-/);
    expect(scriptFileFor('张'.codePointAt(0)!)).toMatch(/^noto-sans-sc-/);
    expect(scriptFileFor('🎮'.codePointAt(0)!)).toMatch(/^noto-emoji-/);
  });

  it('keeps Latin text in the Latin fonts', async () => {
    expect(await titled('Pekora Ch.')).toBe(await titled('Pekora Ch.', false));
  });

  it('draws a whole card of a CJK name as a PNG', async () => {
    const png = await drawCard({
      people: [{ name: '兎田ぺこら' }],
      title: '兎田ぺこら',
      lines: ['3 videos'],
    });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
