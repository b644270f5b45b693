/** A creator's photo: lazy, sized, and the generated avatar when the photo is missing or broken. */
import { useState } from 'react';
import { defaultAvatarUrl, safeHref } from '@friends/shared';

interface CreatorPhotoProps {
  name: string;
  photo: string;
  size: number;
  className?: string;
  /** Decorative next to the name (leaderboard rows, chips): empty alt. */
  decorative?: boolean;
}

/** http(s) photos and the API's own avatar path are used; anything else falls back to the avatar. */
function photoSrc(name: string, photo: string): string {
  if (photo.startsWith('/api/')) return photo;
  return safeHref(photo) ?? defaultAvatarUrl(name);
}

export function CreatorPhoto({ name, photo, size, className, decorative = false }: CreatorPhotoProps) {
  const [failed, setFailed] = useState(false);
  const src = failed ? defaultAvatarUrl(name) : photoSrc(name, photo);
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
