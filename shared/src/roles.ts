/**
 * Who a video's authors are (docs/product.md "Roles and crew"): the host uploaded it (or comes first when
 * an admin adds authors by hand), a featured author is credited after ft./feat./featuring, a guest after
 * with, w/, guest(s), in a collaborator section or by an @mention. Crew ("Edited by…", "Thumbnail by…",
 * "Music by…") is credited on the video but never an author, so never a collaboration.
 */
import type { DetectionPattern } from './detection';
import { normalizeName } from './names';
import type { AuthorRole, CrewJob } from './credit-kinds';
import { crewLine } from './crew';

/** The role a detection's pattern gives a credited author. */
export function roleForPattern(pattern: DetectionPattern): AuthorRole {
  return pattern === 'feat' ? 'featured' : 'guest';
}

/**
 * The name an author was credited as, when it differs from the creator's own name (an alias, a
 * nickname, a name written without its space); null when it is the same name. Handles (@mentions and
 * channel links) are how a channel is reached, not a name it is credited by: null.
 */
export function creditedName(
  detection: { name: string; pattern: DetectionPattern },
  creatorName: string,
): string | null {
  if (detection.pattern === 'mention' || detection.pattern === 'link') return null;
  const credited = detection.name.trim();
  if (!credited || normalizeName(credited) === normalizeName(creatorName)) return null;
  return credited;
}

/** Roles when only the order is known: the first author hosts, the others are guests. */
export function defaultRole(position: number): AuthorRole {
  return position === 0 ? 'host' : 'guest';
}

/**
 * The role one author keeps when several of a video's authors become one creator (a merge): the
 * strongest of theirs, host over featured over guest, so a video never loses its host to a merge.
 */
export function strongestRole(roles: readonly AuthorRole[]): AuthorRole {
  if (roles.includes('host')) return 'host';
  return roles.includes('featured') ? 'featured' : 'guest';
}

export { crewLine, type CrewLine } from './crew';

/** Every crew credit of a description, one per name and job, in order. */
export function crewCredits(description: string): { name: string; job: CrewJob }[] {
  const out: { name: string; job: CrewJob }[] = [];
  const seen = new Set<string>();
  for (const line of description.split(/\r?\n/)) {
    const credit = crewLine(line);
    if (!credit) continue;
    for (const name of credit.names) {
      const key = `${credit.job}\n${name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, job: credit.job });
    }
  }
  return out;
}
