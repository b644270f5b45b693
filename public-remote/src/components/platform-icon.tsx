/** The platform's glyph from the shared icon set, drawn inline (no icon font, no CDN). */
import { PLATFORM_ICONS, type Platform } from '@friends/shared';

export function PlatformIcon({ platform, size = 16 }: { platform: Platform; size?: number }) {
  const icon = PLATFORM_ICONS[platform];
  return (
    <svg
      className="pr-platform-icon"
      viewBox={icon.viewBox}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d={icon.path} fillRule="evenodd" />
    </svg>
  );
}
