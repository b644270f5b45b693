import { avatarColor, avatarHue, avatarName, initialsOf } from '@friends/shared';

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * docs/architecture.md "Deliberate departures" 4: the default photo, drawn here so no name leaves the
 * product. The picture (initials, and a colour from the name's hash) is shared's generated avatar, which
 * the public pages also draw with CSS: the same name is the same picture on both.
 */
export function avatarSvg(rawName: string): string {
  // Never emitted: characters XML cannot hold (the SVG must stay well-formed) or that reorder text.
  const name = avatarName(rawName);
  const initials = escapeXml(initialsOf(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name.trim() || 'Avatar')}">` +
    `<rect width="128" height="128" fill="${avatarColor(avatarHue(name))}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="52" font-weight="600">${initials}</text>` +
    `</svg>`
  );
}
