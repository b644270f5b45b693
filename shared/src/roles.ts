/**
 * Who a video's authors are (docs/product.md "Roles and crew"): the host uploaded it (or comes first when
 * an admin adds authors by hand), a featured author is credited after ft./feat./featuring, a guest after
 * with, w/, guest(s), in a collaborator section or by an @mention. Crew ("Edited by…", "Thumbnail by…",
 * "Music by…") is credited on the video but never an author, so never a collaboration.
 */
import type { DetectionPattern } from './detection';
import { cleanName } from './collaborators';
import type { AuthorRole, CrewJob } from './credit-kinds';

/** The role a detection's pattern gives a credited author. */
export function roleForPattern(pattern: DetectionPattern): AuthorRole {
  return pattern === 'feat' ? 'featured' : 'guest';
}

/** Roles when only the order is known: the first author hosts, the others are guests. */
export function defaultRole(position: number): AuthorRole {
  return position === 0 ? 'host' : 'guest';
}

const CREW_STEMS: { job: CrewJob; stem: string }[] = [
  { job: 'editor', stem: '(?:video\\s+)?(?:edit(?:ed|ing)?|editors?)' },
  { job: 'thumbnail', stem: '(?:thumbnails?|thumb)(?:\\s+(?:art|design(?:ed)?))?' },
  { job: 'mixing', stem: '(?:mix(?:ed|ing)?(?:\\s*(?:&|and)\\s*master(?:ed|ing)?)?|master(?:ed|ing)?)' },
  { job: 'music', stem: '(?:music|beats?|soundtrack|score|prod(?:uced)?\\.?|producer|instrumental)' },
  { job: 'camera', stem: '(?:camera(?:\\s+operator)?|filmed|shot|cinematograph(?:y|er)|videograph(?:y|er))' },
  { job: 'animation', stem: 'animat(?:ion|ed|or)' },
  { job: 'art', stem: '(?:art(?:work)?|illustrat(?:ion|ed|or)|logo|design(?:ed)?)' },
  { job: 'writer', stem: '(?:writ(?:ten|er|ing)|script(?:ed)?)' },
  { job: 'translation', stem: '(?:translat(?:ion|ed|or)|subtit(?:les|led)|captions?)' },
];
/**
 * A crew line starts with its job and then "by", "from" or a colon, dash or bar: "Edited by X",
 * "Editor: X", "Thumbnail - X", "Music by X", "Mix & master by X", "Camera: X". The job is read from
 * the start of the line only, so a credited name that merely contains such a word
 * ("Epsilon Editor : @epsiloneditor", "Logo Larry | https://…") is not crew.
 */
const CREW_LINE = CREW_STEMS.map(({ job, stem }) => ({
  job,
  re: new RegExp(`^${stem}\\s*(?:(?:by|from)\\b\\s*[:\\-–|]?|[:\\-–|])\\s*`, 'iu'),
}));

export interface CrewLine {
  job: CrewJob;
  /** The names credited on the line, handles without '@'. */
  names: string[];
}

/** The job and names of one description line, or null when the line credits no crew. */
export function crewLine(line: string): CrewLine | null {
  const text = line.normalize('NFKC').trim();
  for (const { job, re } of CREW_LINE) {
    const match = re.exec(text);
    if (!match) continue;
    const rest = text.slice(match[0].length);
    // "Edited by" must be followed by names; "Editor" alone or "Editing software: …" is not a credit.
    if (!rest || !/^[@\p{Lu}\p{Lt}\p{N}\p{Lo}]/u.test(rest)) return null;
    const names = rest
      .replace(/\bhttps?:\/\/\S+/giu, ' ')
      .split(/\s*(?:,|&|\band\b|\/|\||\+)\s*/iu)
      .map((part) => cleanName(part.replace(/^@/, '').replace(/[(（].*$/u, '')))
      .filter((name) => name.length > 0 && name.length <= 80);
    return names.length ? { job, names } : null;
  }
  return null;
}

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
