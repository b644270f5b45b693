/**
 * @jest-environment jsdom
 */
import { createHash } from 'node:crypto';
import { avatarLightness, hasUnsafeCharacters } from '@friends/shared';
import { avatarSvg } from './avatar';

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
  ])('draws %p with the initials %p', (name, initials) =>
    expect(avatarSvg(name)).toContain(`>${initials}</text>`),
  );

  it("colours every name as node's SHA-256 of the name does (the colours served before stay)", () => {
    const names = ['Ada Lovelace', ' ADA ', 'Zoë Ølund', '李小龙', 'محمد', '🙂', '', 'x'.repeat(100)];
    // Names as the avatar draws them (without unsafe characters, which the SVG strips before hashing).
    for (let i = 0; i < 500; i++) names.push(`Creator ${i} ${String.fromCodePoint(0x4e00 + i)}`);
    for (const name of names) {
      const hue = createHash('sha256').update(name.trim().toLowerCase()).digest().readUInt16BE(0) % 360;
      expect(avatarSvg(name)).toContain(`fill="hsl(${hue}, 55%, ${avatarLightness(hue)}%)"`);
    }
  });

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
