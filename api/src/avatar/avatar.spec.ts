/**
 * @jest-environment jsdom
 */
import { hasUnsafeCharacters } from '@friends/shared';
import { avatarSvg, initialsOf } from './avatar';

/** The jsdom environment's DOMParser (the API's own types have no DOM). */
type XmlParser = new () => {
  parseFromString(
    text: string,
    type: string,
  ): {
    documentElement: { nodeName: string };
    getElementsByTagName(name: string): { length: number };
  };
};

describe('avatar', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Mary  Ann  Evans ', 'ME'],
    ['émile zola', 'ÉZ'],
    ['', '?'],
  ])('initials of %p are %p', (name, initials) => expect(initialsOf(name)).toBe(initials));

  it('is the same picture for the same name and escapes markup', () => {
    expect(avatarSvg('Ada')).toBe(avatarSvg('Ada'));
    expect(avatarSvg('<b>&"')).not.toMatch(/<b>|&"/);
  });

  it.each([
    ['NUL and C0 controls', 'Ann\u0000\u0001\u001fBo'],
    ['a right-to-left override', 'Ann \u202eoB'],
    ['a lone surrogate', 'Ann \ud83d Bo'],
    ['a noncharacter', 'Ann\uffffBo'],
    ['a slice that would split a surrogate pair', `${'x'.repeat(99)}🙂`],
  ])('stays well-formed XML for a name with %s, without those characters', (_, name) => {
    const svg = avatarSvg(name);
    const parsed = new (globalThis as unknown as { DOMParser: XmlParser }).DOMParser().parseFromString(
      svg,
      'image/svg+xml',
    );
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.documentElement.nodeName).toBe('svg');
    expect(hasUnsafeCharacters(svg)).toBe(false); // lone surrogates too, which the parser lets pass
  });
});
