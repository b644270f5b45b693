/**
 * The generated avatar (docs/architecture.md "Deliberate departures" 4): up to two initials on a colour
 * that the name decides. The API draws it as SVG (`/api/avatar?name=`) and on link-preview cards; the
 * public pages draw the same picture with CSS, so a page of cards costs no image requests. One rule
 * here keeps the three the same picture.
 */
import { API_ROUTES } from './api-routes';
import { stripUnsafeCharacters } from './text';

/** The longest name an avatar is drawn from. */
export const AVATAR_MAX_NAME = 100;

/**
 * The avatar's colour for a hue: `hsl(h, 55%, L%)` with L the lightest of 42% and below on which white
 * initials keep a 4.5:1 contrast (WCAG's ratio for text of any size). A fixed 42% left yellows and greens
 * (about half the hues) below it, down to 2.6:1.
 */
export const avatarColor = (hue: number): string => `hsl(${hue}, 55%, ${avatarLightness(hue)}%)`;

const lightnessByHue: number[] = [];

/** The lightness `avatarColor` uses for a hue (0–359), worked out once per hue. */
export function avatarLightness(hue: number): number {
  let lightness = lightnessByHue[hue];
  if (lightness === undefined) {
    lightness = 42;
    while (lightness > 0 && contrastWithWhite(hue, 55, lightness) < 4.5) lightness--;
    lightnessByHue[hue] = lightness;
  }
  return lightness;
}

/** WCAG 2 contrast ratio of white on `hsl(hue, saturation%, lightness%)`. */
export function contrastWithWhite(hue: number, saturation: number, lightness: number): number {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05);
}

/** The name as the avatar draws it: without characters that cannot be drawn or that reorder text. */
export function avatarName(raw: string): string {
  return Array.from(stripUnsafeCharacters(raw)).slice(0, AVATAR_MAX_NAME).join('');
}

/** Up to two initials: the first letters of the first and last words ('Ada Lovelace' → 'AL'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const letter = (word: string) => Array.from(word)[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (letter(first) + (last ? letter(last) : '')).toUpperCase();
}

/**
 * The avatar's hue for a (safe) name, 0–359: the first two bytes of the SHA-256 of the trimmed,
 * lower-cased name. The same name always gets the same colour, in the browser as on the server.
 */
export function avatarHue(name: string): number {
  const digest = sha256(utf8(name.trim().toLowerCase()));
  return (((digest[0] ?? 0) << 8) | (digest[1] ?? 0)) % 360;
}

/** The name a photo URL draws when it is the generated avatar's (`/api/avatar?name=…`), else null. */
export function generatedAvatarName(photo: string): string | null {
  if (!photo.startsWith(`${API_ROUTES.avatar}?`)) return null;
  return new URLSearchParams(photo.slice(API_ROUTES.avatar.length + 1)).get('name') ?? '';
}

/**
 * `text` in UTF-8, a lone surrogate as U+FFFD (as TextEncoder and node's hashes write it). Written out:
 * jsdom, where the front ends' tests run, has no TextEncoder.
 */
export function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    }
  }
  return Uint8Array.from(bytes);
}

// SHA-256 (FIPS 180-4). Written out rather than imported: Web Crypto's digest is asynchronous, and a
// card's colour is needed while it renders; a hashing library would add several KB to the public bundle.
const K = Uint32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `data` (32 bytes). */
export function sha256(data: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, then its length in bits as a 64-bit big-endian number: whole blocks.
  const blocks = ((data.length + 8) >> 6) + 1;
  const message = new Uint8Array(blocks * 64);
  message.set(data);
  message[data.length] = 0x80;
  const view = new DataView(message.buffer);
  view.setUint32(message.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(message.length - 4, data.length * 8);
  const hash = Uint32Array.of(
    0x6a09e667,
    0xbb67ae85,
    0x3c6ef372,
    0xa54ff53a,
    0x510e527f,
    0x9b05688c,
    0x1f83d9ab,
    0x5be0cd19,
  );
  // A Uint32Array stores every sum modulo 2^32.
  const w = new Uint32Array(64);
  for (let block = 0; block < message.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      w[i] =
        w[i - 16]! +
        (rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3)) +
        w[i - 7]! +
        (rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10));
    }
    let a = hash[0]!;
    let b = hash[1]!;
    let c = hash[2]!;
    let d = hash[3]!;
    let e = hash[4]!;
    let f = hash[5]!;
    let g = hash[6]!;
    let h = hash[7]!;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, h].forEach((word, i) => (hash[i] = hash[i]! + word));
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  hash.forEach((word, i) => out.setUint32(i * 4, word));
  return digest;
}
