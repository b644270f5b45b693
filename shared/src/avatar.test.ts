import { API_ROUTES } from './api-routes';
import {
  avatarColor,
  avatarHue,
  avatarLightness,
  avatarName,
  contrastWithWhite,
  generatedAvatarName,
  initialsOf,
  sha256,
  utf8,
} from './avatar';
import { defaultAvatarUrl } from './urls';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  // FIPS 180-4 examples, the padding's edges (55, 56 and 64 bytes) and several blocks.
  it.each([
    ['nothing', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ["'abc'", 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'the 448-bit example',
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['55 bytes', 'a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    ['56 bytes', 'a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    ['64 bytes', 'a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    ['1000 bytes', 'a'.repeat(1000), '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3'],
    ['UTF-8 text', 'Zoë 🙂 李', 'ef48ae5bf080da59fcb6424b402be2ffdd93288f83d5c484bac189614c6727f1'],
  ])('hashes %s', (_, text, digest) => expect(hex(sha256(utf8(text)))).toBe(digest));
});

describe('utf8', () => {
  it('writes text as TextEncoder does, a lone surrogate as U+FFFD', () => {
    for (const text of [
      '',
      'abc',
      'Zoë',
      'ß€李',
      '🙂 pair',
      'lone \ud83d high',
      'lone \ude42 low',
      '\u07ff\u0800\uffff',
    ]) {
      expect(Array.from(utf8(text))).toEqual(Array.from(new TextEncoder().encode(text)));
    }
  });
});

describe('the generated avatar', () => {
  it.each([
    ['Ada Lovelace', 255],
    ['  ADA LOVELACE ', 255],
    ['Zoë', 346],
    ['李小龙', 91],
    ['', 328],
  ])('colours %p with hue %p, whatever the case and the spaces around it', (name, hue) =>
    expect(avatarHue(name)).toBe(hue),
  );

  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Mary  Ann  Evans ', 'ME'],
    ['émile zola', 'ÉZ'],
    ['🙂 smile', '🙂S'],
    ['', '?'],
  ])('draws %p as the initials %p', (name, initials) => expect(initialsOf(name)).toBe(initials));

  it('draws a name without unsafe characters, at most 100 characters long', () => {
    expect(avatarName('Ann\u0000 \u202eBo')).toBe('Ann Bo');
    expect(Array.from(avatarName(`${'x'.repeat(99)}🙂🙂`))).toHaveLength(100);
  });

  it("reads the name from the API's avatar URL, and nothing from any other photo", () => {
    for (const name of ['Ann & Bo', 'Zoë?#', 'a+b', '']) {
      expect(generatedAvatarName(defaultAvatarUrl(name))).toBe(name);
    }
    expect(generatedAvatarName('https://example.com/ann.png')).toBeNull();
    expect(generatedAvatarName(`https://example.com${API_ROUTES.avatar}?name=Ann`)).toBeNull();
    expect(generatedAvatarName(`${API_ROUTES.avatar}x?name=Ann`)).toBeNull();
  });
});

describe("the avatar's colour", () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastWithWhite(0, 0, 0)).toBeCloseTo(21, 5);
    expect(contrastWithWhite(0, 0, 100)).toBeCloseTo(1, 5);
    // #767676, the lightest grey with 4.5:1 on white, is hsl(0, 0%, 46.27%).
    expect(contrastWithWhite(0, 0, 46.27)).toBeCloseTo(4.54, 2);
  });

  it('keeps white initials at 4.5:1 or more on every hue, as light as 42% allows', () => {
    for (let hue = 0; hue < 360; hue++) {
      const lightness = avatarLightness(hue);
      expect(contrastWithWhite(hue, 55, lightness)).toBeGreaterThanOrEqual(4.5);
      if (lightness < 42) expect(contrastWithWhite(hue, 55, lightness + 1)).toBeLessThan(4.5);
      expect(avatarColor(hue)).toBe(`hsl(${hue}, 55%, ${lightness}%)`);
    }
    expect(avatarLightness(240)).toBe(42);
    expect(avatarLightness(60)).toBeLessThan(42);
  });
});
