/** docs/product.md §3: the platform of a social link, detected from its URL's host, and its icon. */
import type { Platform } from './types';
import { hostnameOf, isOnDomain } from './urls';

export const PLATFORMS: readonly Platform[] = [
  'YouTube',
  'Instagram',
  'Twitter',
  'TikTok',
  'Twitch',
  'Facebook',
  'Other',
];

/** Domains of each platform; subdomains count ('m.youtube.com'), look-alikes do not ('notyoutube.com'). */
const PLATFORM_DOMAINS: readonly (readonly [Exclude<Platform, 'Other'>, readonly string[]])[] = [
  ['YouTube', ['youtube.com', 'youtu.be', 'youtube-nocookie.com']],
  ['Instagram', ['instagram.com', 'instagr.am']],
  ['Twitter', ['twitter.com', 'x.com']],
  ['TikTok', ['tiktok.com']],
  ['Twitch', ['twitch.tv']],
  ['Facebook', ['facebook.com', 'fb.com', 'fb.watch', 'fb.me']],
];

/**
 * The platform of a URL by its parsed hostname ('youtube.com/@x' without a scheme works); 'Other'
 * for any other or unparsable URL; '' for an empty or blank one.
 */
export function detectPlatform(url: string): Platform | '' {
  if (!url.trim()) return '';
  const host = hostnameOf(url);
  if (!host) return 'Other';
  for (const [platform, domains] of PLATFORM_DOMAINS) {
    if (domains.some((domain) => isOnDomain(host, domain))) return platform;
  }
  return 'Other';
}

export interface PlatformIcon {
  viewBox: string;
  /** One SVG path for fill="currentColor"; holes are drawn so it renders the same under nonzero or evenodd. */
  path: string;
}

/** Simple single-path glyphs on a 24×24 grid, so both front ends draw the same icons offline. */
export const PLATFORM_ICONS: Record<Platform, PlatformIcon> = {
  // Rounded rectangle with a play triangle cut out.
  YouTube: {
    viewBox: '0 0 24 24',
    path: 'M4 5h16a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H4a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3zm6 4v6l5-3z',
  },
  // Rounded square outline, lens ring and flash dot.
  Instagram: {
    viewBox: '0 0 24 24',
    path: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3a5 5 0 1 1 0 10a5 5 0 1 1 0-10zm0 2a3 3 0 1 0 0 6a3 3 0 1 0 0-6zm5.5-3.5a1 1 0 1 1 0 2a1 1 0 1 1 0-2z',
  },
  // The X mark.
  Twitter: {
    viewBox: '0 0 24 24',
    path: 'M3 3h5l4.5 6.2L18 3h3l-7.1 8.1L21.5 21h-5l-4.9-6.6L5.8 21H3l7.4-8.4z',
  },
  // A music note with its flag.
  TikTok: {
    viewBox: '0 0 24 24',
    path: 'M13 2h3a5 5 0 0 0 5 5v3a8 8 0 0 1-5-1.7V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3z',
  },
  // Speech bubble with two bars.
  Twitch: {
    viewBox: '0 0 24 24',
    path: 'M4 2h17v12l-5 5h-4l-3 3H7v-3H3V6zm2 2v11h3v3l3-3h4l3-3V4zm5 3h2v5h-2zm5 0h2v5h-2z',
  },
  // The lowercase f.
  Facebook: {
    viewBox: '0 0 24 24',
    path: 'M14 22v-8h3l.5-3.5H14V8.5c0-1 .3-1.7 1.8-1.7H18V3.6A24 24 0 0 0 15.2 3.5C12.5 3.5 10.5 5.1 10.5 8v2.5H7.5V14h3v8z',
  },
  // A globe: circle, equator, meridian ellipse.
  Other: {
    viewBox: '0 0 24 24',
    path: 'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20zm0 2c-1.4 1.6-2.3 4.3-2.4 7h4.8c-.1-2.7-1-5.4-2.4-7zm-4.4 7c.1-2.4.7-4.7 1.7-6.5A8 8 0 0 0 4.1 11zm0 2H4.1a8 8 0 0 0 5.2 6.5c-1-1.8-1.6-4.1-1.7-6.5zm2 0c.1 2.7 1 5.4 2.4 7c1.4-1.6 2.3-4.3 2.4-7zm6.8 0c-.1 2.4-.7 4.7-1.7 6.5a8 8 0 0 0 5.2-6.5zm3.5-2a8 8 0 0 0-5.2-6.5c1 1.8 1.6 4.1 1.7 6.5z',
  },
};
