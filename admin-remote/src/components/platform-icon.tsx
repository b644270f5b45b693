import { PLATFORM_ICONS, type Platform } from '@friends/shared';

/** The shared inline SVG glyph of a platform (no icon font, no third-party request). */
export function PlatformIcon({ platform, size = 16 }: { platform: Platform | ''; size?: number }) {
  const icon = PLATFORM_ICONS[platform || 'Other'];
  return (
    <svg
      className="admin-platform-icon"
      viewBox={icon.viewBox}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path d={icon.path} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
