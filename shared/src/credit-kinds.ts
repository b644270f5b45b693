/**
 * The kinds of credit a video gives (docs/product.md "Roles and crew"): an author's role, and a crew
 * member's job. Kept apart from the rules (roles.ts) so the answer types can name them.
 */
export const AUTHOR_ROLES = ['host', 'featured', 'guest'] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

export function isAuthorRole(value: unknown): value is AuthorRole {
  return typeof value === 'string' && (AUTHOR_ROLES as readonly string[]).includes(value);
}

/** The kinds of crew credits, in the order a video shows them. */
export const CREW_JOBS = [
  'editor',
  'thumbnail',
  'music',
  'mixing',
  'camera',
  'animation',
  'art',
  'writer',
  'translation',
] as const;
export type CrewJob = (typeof CREW_JOBS)[number];

export function isCrewJob(value: unknown): value is CrewJob {
  return typeof value === 'string' && (CREW_JOBS as readonly string[]).includes(value);
}

/** Words shown for each job on a video ("Edited by"). */
export const CREW_JOB_LABELS: Record<CrewJob, string> = {
  editor: 'Edited by',
  thumbnail: 'Thumbnail by',
  music: 'Music by',
  mixing: 'Mixed by',
  camera: 'Filmed by',
  animation: 'Animated by',
  art: 'Art by',
  writer: 'Written by',
  translation: 'Translated by',
};

/** How each role reads on a video's author chip. */
export const AUTHOR_ROLE_LABELS: Record<AuthorRole, string> = {
  host: 'Host',
  featured: 'Featured',
  guest: 'Guest',
};
