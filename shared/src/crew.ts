/**
 * Crew lines of a description ("Edited by…", "Thumbnail: …", "Music by…"): the job is read from the start
 * of a line, so a credited name that merely contains a crew word ("Epsilon Editor : @epsiloneditor")
 * stays a name. Collaborator detection skips these lines; crew credits list them.
 */
import { cleanName } from './collaborators';
import type { CrewJob } from './credit-kinds';

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
