import { createHash } from 'node:crypto';
import { stripUnsafeCharacters } from '@friends/shared';

const MAX_NAME = 100;

/** Up to two initials: the first letters of the first and last words ('Ada Lovelace' → 'AL'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const letter = (word: string) => Array.from(word)[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (letter(first) + (last ? letter(last) : '')).toUpperCase();
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The avatar's hue for a (safe) name: the same name always gets the same colour. */
export function avatarHue(name: string): number {
  return createHash('sha256').update(name.trim().toLowerCase()).digest().readUInt16BE(0) % 360;
}

/**
 * docs/architecture.md "Deliberate departures" 4: the default photo, drawn here so no name leaves the product. The colour is
 * a hue derived from the name's hash (same name, same colour), dark enough for white initials.
 */
export function avatarSvg(rawName: string): string {
  // Never emitted: characters XML cannot hold (the SVG must stay well-formed) or that reorder text.
  const name = Array.from(stripUnsafeCharacters(rawName)).slice(0, MAX_NAME).join('');
  const hue = avatarHue(name);
  const initials = escapeXml(initialsOf(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name.trim() || 'Avatar')}">` +
    `<rect width="128" height="128" fill="hsl(${hue}, 55%, 42%)"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="52" font-weight="600">${initials}</text>` +
    `</svg>`
  );
}
