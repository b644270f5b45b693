/**
 * A creator's photo: lazy and sized, and the generated avatar when there is none or it is broken. The
 * generated avatar (the API's `/api/avatar?name=` picture) is drawn here with CSS, the same initials on
 * the same colour: an image would cost a request and an SVG document per card, which is most of what a
 * page of new cards costs while someone types.
 */
import { useState, type CSSProperties } from 'react';
import {
  avatarColor,
  avatarHue,
  avatarName,
  generatedAvatarName,
  initialsOf,
  safeHref,
} from '@friends/shared';

interface CreatorPhotoProps {
  name: string;
  photo: string;
  size: number;
  className?: string;
  /** Decorative next to the name (leaderboard rows, chips): empty alt. */
  decorative?: boolean;
}

interface GeneratedAvatarProps extends Omit<CreatorPhotoProps, 'photo'> {
  /** The name the picture is drawn from (the avatar URL's). */
  drawn: string;
}

// The same names come back keystroke after keystroke: each is hashed once (a bounded cache).
const pictures = new Map<string, { color: string; initials: string }>();
function pictureOf(drawn: string): { color: string; initials: string } {
  let picture = pictures.get(drawn);
  if (!picture) {
    if (pictures.size >= 5000) pictures.clear();
    const safe = avatarName(drawn);
    picture = { color: avatarColor(avatarHue(safe)), initials: initialsOf(safe) };
    pictures.set(drawn, picture);
  }
  return picture;
}

/** The initials are a picture of the name, not text: the name is the image's label. */
function GeneratedAvatar({ name, drawn, size, className, decorative }: GeneratedAvatarProps) {
  const { color, initials } = pictureOf(drawn);
  const style = { '--pr-avatar-size': `${size}px`, backgroundColor: color } as CSSProperties;
  return (
    <span
      className={className ? `pr-avatar ${className}` : 'pr-avatar'}
      style={style}
      data-initials={initials}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    />
  );
}

export function CreatorPhoto({ name, photo, size, className, decorative = false }: CreatorPhotoProps) {
  const [failed, setFailed] = useState(false);
  const generated = generatedAvatarName(photo);
  // http(s) photos and the API's own paths are shown as they are; anything else draws the avatar.
  const src = generated !== null || failed ? undefined : photo.startsWith('/api/') ? photo : safeHref(photo);
  if (!src) {
    return (
      <GeneratedAvatar
        name={name}
        drawn={generated ?? name}
        size={size}
        className={className}
        decorative={decorative}
      />
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
