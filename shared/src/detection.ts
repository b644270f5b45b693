/**
 * Scored collaborator detection: every name a video's title or description credits, with where it was
 * found (source and pattern), the text that matched, the existing creator it names (or null) and a
 * confidence. High confidence is applied at once; medium and low become review proposals
 * (docs/product.md §9 patterns are the floor; docs/architecture.md "Architecture rules").
 *
 * High: an existing creator after an explicit marker (ft./feat./w/, with, x, vs, guest, con/mit/avec…),
 * an @mention, a channel link or a credits section; a new, name-shaped name after ft./feat./featuring,
 * w/, guest: or in a credits section. Medium: a new name after a weak marker (with, x, vs, con…), a new
 * @handle or channel link, an existing creator named in running text. Names that are not name-shaped ('with the
 * boys', 'feat. the whole crew'), crew and sponsor lines ('Edited by @…', 'Sponsored by …'), the
 * channel's own socials and channel boilerplate (names in most of one channel's descriptions) are
 * dropped.
 */
import {
  capitalisedRun,
  cleanName,
  decodeHtmlEntities,
  isFilteredName,
  isShowTitle,
  isValidHandle,
  canSuggestNewCreator,
  matchExistingCreator,
  nameMatchKey,
  descriptionSectionEntries,
  splitNameList,
  textUntilNameEnd,
} from './collaborators';
import { crewLine } from './crew';
import { foldText } from './fold';
import { instagramProfileUrl, parseHttpUrl, safeHref, youtubeHandleFromUrl, youtubeHandleUrl } from './urls';

/** How a video–creator link was made (shared by detection, evidence and review). */
export type EvidenceSource =
  'manual' | 'channel-owner' | 'title' | 'description' | 'mention' | 'suggestion' | 'merge' | 'unknown';
export const EVIDENCE_SOURCES: readonly EvidenceSource[] = [
  'manual',
  'channel-owner',
  'title',
  'description',
  'mention',
  'suggestion',
  'merge',
  'unknown',
];
export type Confidence = 'high' | 'medium' | 'low';

/** The pattern that found a name, for the quality report. */
export type DetectionPattern =
  | 'feat'
  | 'w/'
  | 'with'
  | 'guest'
  | 'x'
  | 'vs'
  | 'connector'
  | 'mention'
  | 'link'
  | 'section'
  | 'running-text';

export interface Detection {
  /** The name as credited (a handle without '@' for mentions and links). */
  name: string;
  /** The existing creator it names, or null for a new name. */
  creatorId: number | null;
  source: 'title' | 'description' | 'mention';
  pattern: DetectionPattern;
  /** The text that matched, e.g. 'ft. Mirela Quince'. */
  text: string;
  confidence: Confidence;
  /** A link for a new creator ('' when none is known). */
  url: string;
}

export interface DetectableCreator {
  id: number;
  name: string;
  aliases?: string[];
  handles?: string[];
  channelIds?: string[];
}

export interface DetectOptions {
  /** nameMatchKeys never proposed or applied from a description (channel boilerplate). */
  boilerplate?: ReadonlySet<string>;
}

/** Words that make a "name" a thing or a group, not a person or channel ('with the boys', 'w/ Subtitles'). */
const NON_NAME_WORDS = new Set(
  (
    'a an the my our your his her their me you us them him everyone everybody friends friend boys girls ' +
    'guys family mom dad mum brother sister wife husband kids baby subtitles subs captions mods mod ' +
    'modpack shaders dlc chat viewers fans subscribers randoms strangers squad crew team gang dog dogs ' +
    'cat cats puppy kitten pet pets knife knives pan pans skillet iron oven grill wok recipe bonus ' +
    'commentary lyrics remix edition version english spanish french german audio orchestra band love ' +
    'care style friends. pals buddies roommate roommates neighbours neighbors chef chefs people ' +
    'nobody someone stuff things zero no one only just some every all more less extra tips tricks ' +
    'rain snow sun music coffee tea pizza sauce butter garlic cheese beer wine'
  ).split(' '),
);
/** Lowercase particles inside a name ('Ana de la Cruz', 'Jan van Dijk'). */
const PARTICLES = new Set('de da del della di du la le van von der den y el al bin ibn'.split(' '));
/** Lines of a description that credit crew, sponsors or the channel's own socials, never a collaborator. */
const NOT_A_COLLAB_LINE =
  /\b(?:edit(?:ed|or|ing|s)?|thumbnail|thumb|music\s+(?:by|from)|beats?\s+by|prod(?:uced)?\.?\s+by|producer|camera|filmed|shot\s+by|cinematograph\w*|mix(?:ed|ing)?\s+by|master(?:ed|ing)?\s+by|sponsor\w*|promo|code|merch|affiliate|discount|business|inquir\w+|contact|management|booking|follow\s+(?:me|us)|my\s+(?:socials|instagram|twitter|tiktok|channel|second channel)|subscribe|patreon|donat\w+|support\s+(?:me|us|the channel)|second\s+channel|gear|equipment|animat\w+|artwork|logo|intro\s+by|outro|translat\w+|subtit\w+|caption\w*)\b/i;

/** Words of a line's role rather than of a name: where a link leads, or whose it is ('My Instagram'). */
const ROLE_WORDS = new Set(
  (
    'my our his her their the official main second third new old video videos channel channels instagram ' +
    'twitter tiktok twitch youtube facebook discord x website site podcast shop store links link socials ' +
    'social email mail by and'
  ).split(' '),
);
/** 'Name : @handle', 'Name | https://…', 'Name - https://…': a label, a separator, then one handle or link. */
const CREDITED_NAME_LINE =
  /^[^\p{L}\p{N}@]*(\p{L}[^:|–—]*?)\s*(?:[:|–—]|\s-)\s*(@[\p{L}\p{N}_.-]+|https?:\/\/\S+)\s*$/u;

/**
 * A line that credits one person by name, with their handle or channel link ('Epsilon Editor :
 * @epsiloneditor', 'Logo Larry | https://www.youtube.com/@logolarry'): the label is name-shaped and not
 * made only of role words ('Editor: @sam', 'My Instagram: @me' are roles). Crew and sponsor words inside
 * such a name are part of the name.
 */
function isCreditedNameLine(line: string): boolean {
  const match = CREDITED_NAME_LINE.exec(line);
  const label = cleanName(match?.[1] ?? '');
  if (!label || !isNameShaped(label)) return false;
  return label
    .split(/\s+/)
    .some((word) => !ROLE_WORDS.has(word.toLowerCase()) && !NOT_A_COLLAB_LINE.test(word));
}

/**
 * A description line that credits crew, a sponsor or the channel's own socials, never a collaborator:
 * a crew line (its job at the start, shared crewLine), or a line with a crew or sponsor word, unless
 * that word is inside the name of a credited-name line.
 */
export function isNotCollaboratorLine(line: string): boolean {
  const text = line.trim();
  if (!text) return false;
  if (crewLine(text)) return true;
  if (isCreditedNameLine(text)) return false;
  return NOT_A_COLLAB_LINE.test(text);
}

const EXPLICIT = /(?:^|[\s([{【「」『』、。|])(w\/(?!o\b)\s*|ft\.\s*|feat\.\s*|feat\s+|featuring\s+)/giu;
const GUEST = /(?:^|[\s([{【|:-])((?:special\s+)?guests?(?:\s+star(?:ring)?)?\s*[:\-–]?\s+)/giu;
const WITH = /(?:^|[\s([{【「」『』、。|])(with\s+)/giu;
/** 'with' in other languages: con, mit, avec, com, met, med, z, ft. is already explicit. */
const CONNECTOR = /(?:^|[\s([{【「」『』、。|])((?:con|mit|avec|com|met|med|junto\s+a|zusammen\s+mit)\s+)/giu;
const MENTION = /(?:^|[^\p{L}\p{N}_@./])@([\p{L}\p{N}_.-]+)/gu;
const CHANNEL_LINK =
  /\bhttps?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:@[\p{L}\p{N}_.-]+|channel\/UC[\w-]+|c\/[\w.-]+)|instagram\.com\/[\w.]+|(?:twitter|x)\.com\/\w+|tiktok\.com\/@[\w.]+|twitch\.tv\/\w+)/giu;
const PAIR_SEPARATOR = /\s+(x|×|vs\.?|versus)\s+/iu;
const SEGMENT_BREAK = /\s[-–—|]\s|[()[\]{}【】「」:]|\s\/\/\s/u;

/** Full-width letters and punctuation to ASCII ('ｆｔ．', '（', '：'), entities decoded. */
function normaliseText(text: string): string {
  return decodeHtmlEntities(text).normalize('NFKC');
}

/** A name a person or channel could have: 1-4 words, Capitalised (or particles), no thing-words. */
export function isNameShaped(name: string, allowLowercaseSingle = false): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 4) return false;
  if (words.some((w) => NON_NAME_WORDS.has(w.toLowerCase().replace(/[.,!?'’]+$/u, '')))) return false;
  if (words.length === 1 && allowLowercaseSingle && /^[\p{L}\p{N}][\p{L}\p{N}._$-]{1,24}$/u.test(words[0]!))
    return true;
  return words.every(
    (w, i) => /^[\p{Lu}\p{Lt}\p{N}]/u.test(w) || (i > 0 && i < words.length - 1 && PARTICLES.has(w)),
  );
}

interface RawCandidate {
  name: string;
  handle?: string;
  channelId?: string;
  url: string;
  source: Detection['source'];
  pattern: DetectionPattern;
  text: string;
  /** True after ft./feat./featuring/w//guest: a new name may be applied at once. */
  explicit: boolean;
  /** Found in the description (channel boilerplate applies there only). */
  inDescription?: boolean;
}

function titleCandidates(title: string, channelTitle: string): RawCandidate[] {
  const text = normaliseText(title);
  const out: RawCandidate[] = [];
  const push = (names: string[], marker: string, pattern: DetectionPattern, explicit: boolean) => {
    for (const raw of names) {
      const name = cleanName(raw);
      if (!name || name.startsWith('@')) continue;
      out.push({ name, url: '', source: 'title', pattern, text: `${marker.trim()} ${name}`, explicit });
    }
  };
  for (const match of text.matchAll(EXPLICIT)) {
    const marker = match[1] ?? '';
    const pattern: DetectionPattern = marker.toLowerCase().startsWith('w/') ? 'w/' : 'feat';
    push(splitNameList(textUntilNameEnd(text.slice(match.index + match[0].length))), marker, pattern, true);
  }
  for (const match of text.matchAll(GUEST)) {
    push(
      splitNameList(textUntilNameEnd(text.slice(match.index + match[0].length))),
      match[1] ?? '',
      'guest',
      true,
    );
  }
  for (const [re, pattern] of [
    [WITH, 'with'],
    [CONNECTOR, 'connector'],
  ] as const) {
    for (const match of text.matchAll(re)) {
      if (isShowTitle(text.slice(0, match.index + 1), channelTitle)) continue;
      push(
        splitNameList(capitalisedRun(text.slice(match.index + match[0].length))),
        match[1] ?? '',
        pattern,
        false,
      );
    }
  }
  // 'A x B - Song', 'Song (A x B)', 'A vs B': every side of a pair inside one segment of the title.
  for (const segment of text.split(SEGMENT_BREAK)) {
    const parts = segment.split(PAIR_SEPARATOR);
    if (parts.length < 3) continue;
    const separator = (parts[1] ?? '').toLowerCase();
    const pattern: DetectionPattern = separator === 'x' || separator === '×' ? 'x' : 'vs';
    const names = parts
      .filter((_, i) => i % 2 === 0)
      .map((p) => cleanName(p.replace(/^.*\b(?:ft|feat)\.?\s.*$/i, '')));
    // Each side must look like a name; the longest side is at most 4 words (not a sentence).
    if (!names.every((n) => n && (n.startsWith('@') || isNameShaped(n, true)))) continue;
    for (const name of names) {
      if (name.startsWith('@')) continue;
      out.push({ name, url: '', source: 'title', pattern, text: segment.trim(), explicit: false });
    }
  }
  for (const match of text.matchAll(MENTION)) {
    const handle = (match[1] ?? '').replace(/[.-]+$/, '');
    if (isValidHandle(handle))
      out.push({
        name: handle,
        handle,
        url: youtubeHandleUrl(handle),
        source: 'mention',
        pattern: 'mention',
        text: `@${handle}`,
        explicit: false,
      });
  }
  return out;
}

function linkIdentity(url: string): { handle?: string; channelId?: string; url: string } | null {
  const href = safeHref(url);
  if (!href) return null;
  const youtube = youtubeHandleFromUrl(href);
  if (youtube) return { handle: youtube, url: href };
  const parsed = parseHttpUrl(href);
  if (!parsed) return null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  if (/youtube\.com$/i.test(parsed.hostname) && parts[0] === 'channel' && parts[1])
    return { channelId: parts[1], url: href };
  const first = (parts[0] ?? '').replace(/^@/, '');
  if (first && /^[\w.]+$/.test(first) && !/youtube\.com$/i.test(parsed.hostname))
    return { handle: first, url: href };
  if (/youtube\.com$/i.test(parsed.hostname) && parts[0] === 'c' && parts[1])
    return { handle: parts[1], url: href };
  return null;
}

function descriptionCandidates(description: string): RawCandidate[] {
  return rawDescriptionCandidates(description).map((c) => Object.assign({}, c, { inDescription: true }));
}

function rawDescriptionCandidates(description: string): RawCandidate[] {
  const text = normaliseText(description);
  const out: RawCandidate[] = [];
  // Credits sections (docs/product.md §9): names, with their link or handle.
  for (const { name, urlOrHandle, line } of descriptionSectionEntries(text)) {
    // A crew line inside a section ('Editor: Sam'), or a name that is only a role ('Sponsor', 'Merch').
    if (line ? isNotCollaboratorLine(line) : NOT_A_COLLAB_LINE.test(name)) continue;
    if (name.split(/\s+/).every((word) => ROLE_WORDS.has(word.toLowerCase()) || NOT_A_COLLAB_LINE.test(word)))
      continue;
    if (urlOrHandle?.startsWith('@')) {
      const handle = urlOrHandle.slice(1);
      if (!isValidHandle(handle)) {
        if (name !== handle)
          out.push({ name, url: '', source: 'description', pattern: 'section', text: name, explicit: false });
        continue;
      }
      out.push({
        name,
        handle,
        url: instagramProfileUrl(handle),
        source: 'description',
        pattern: 'section',
        text: `${name} ${urlOrHandle}`.trim(),
        explicit: false,
      });
    } else {
      const link = urlOrHandle ? linkIdentity(urlOrHandle) : null;
      out.push({
        name,
        handle: link?.handle,
        channelId: link?.channelId,
        url: safeHref(urlOrHandle) ?? '',
        source: 'description',
        pattern: 'section',
        text: urlOrHandle ? `${name} ${urlOrHandle}` : name,
        explicit: false,
      });
    }
  }
  // Free text, line by line: @mentions, channel links, and ft./w/ credits; crew and sponsor lines skipped.
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || isNotCollaboratorLine(line)) continue;
    for (const match of line.matchAll(MENTION)) {
      const handle = (match[1] ?? '').replace(/[.-]+$/, '');
      if (isValidHandle(handle))
        out.push({
          name: handle,
          handle,
          url: instagramProfileUrl(handle),
          source: 'mention',
          pattern: 'mention',
          text: `@${handle}`,
          explicit: false,
        });
    }
    for (const match of line.matchAll(CHANNEL_LINK)) {
      const link = linkIdentity(match[0]);
      if (!link) continue;
      out.push({
        name: link.handle ?? link.channelId ?? '',
        handle: link.handle,
        channelId: link.channelId,
        url: link.url,
        source: 'description',
        pattern: 'link',
        text: match[0],
        explicit: false,
      });
    }
    for (const match of line.matchAll(EXPLICIT)) {
      const marker = match[1] ?? '';
      for (const raw of splitNameList(textUntilNameEnd(line.slice(match.index + match[0].length)))) {
        const name = cleanName(raw);
        if (name && !name.startsWith('@'))
          out.push({
            name,
            url: '',
            source: 'description',
            pattern: marker.toLowerCase().startsWith('w/') ? 'w/' : 'feat',
            text: `${marker.trim()} ${name}`,
            explicit: true,
          });
      }
    }
  }
  return out;
}

/**
 * Existing creators named in running text (title or description): word runs of 1-4 Capitalised words
 * equal to a creator's name or alias. Single words need at least 5 letters ('Max' is too common).
 */
function runningTextMatches<T extends DetectableCreator>(
  text: string,
  byKey: Map<string, T>,
): { creator: T; text: string }[] {
  const found: { creator: T; text: string }[] = [];
  for (const rawLine of normaliseText(text).split(/\r?\n/)) {
    if (isNotCollaboratorLine(rawLine)) continue;
    const words = rawLine.split(/[^\p{L}\p{N}'’.-]+/u).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      if (!/^[\p{Lu}\p{Lt}]/u.test(words[i]!)) continue;
      for (let n = Math.min(4, words.length - i); n >= 1; n--) {
        const phrase = words
          .slice(i, i + n)
          .join(' ')
          .replace(/[.'’-]+$/u, '');
        if (n === 1 && phrase.length < 5) continue;
        const creator = byKey.get(nameMatchKey(phrase));
        if (creator) {
          found.push({ creator, text: phrase });
          i += n - 1;
          break;
        }
      }
    }
  }
  return found;
}

const runningIndexes = new WeakMap<
  readonly DetectableCreator[],
  { length: number; map: Map<string, DetectableCreator> }
>();

function runningIndex<T extends DetectableCreator>(creators: readonly T[]): Map<string, T> {
  const cached = runningIndexes.get(creators);
  if (cached && cached.length === creators.length) return cached.map as Map<string, T>;
  const map = new Map<string, T>();
  for (const creator of creators) {
    for (const name of [creator.name, ...(creator.aliases ?? [])]) {
      const key = nameMatchKey(name);
      if (key.length >= 5 && !map.has(key)) map.set(key, creator);
    }
  }
  runningIndexes.set(creators, { length: creators.length, map });
  return map;
}

function findByChannelId<T extends DetectableCreator>(
  creators: readonly T[],
  channelId: string,
): T | undefined {
  return creators.find((c) => c.channelIds?.includes(channelId));
}

/**
 * Every collaborator a video credits, scored; the channel's own creator (named like `channelTitle`, or
 * `ownerId`) and channel boilerplate left out; one detection per creator or new name, the most
 * confident kept.
 */
export function detectScored<T extends DetectableCreator>(
  input: { title: string; description: string; channelTitle: string; ownerId?: number | null },
  creators: readonly T[],
  options: DetectOptions = {},
): Detection[] {
  const channelTitle = normaliseText(input.channelTitle).trim();
  const owner = foldText(channelTitle);
  const isOwner = (creator: T) =>
    creator.id === input.ownerId ||
    (owner !== '' && [creator.name, ...(creator.aliases ?? [])].some((n) => foldText(n) === owner));
  const boilerplate = options.boilerplate ?? new Set<string>();
  const best = new Map<string, Detection>();
  const rank = { high: 3, medium: 2, low: 1 } as const;
  const keep = (key: string, detection: Detection) => {
    const current = best.get(key);
    if (!current || rank[detection.confidence] > rank[current.confidence]) best.set(key, detection);
  };

  const candidates = [
    ...titleCandidates(input.title, channelTitle),
    ...descriptionCandidates(input.description),
  ];
  // 'Kappa Kite : @kappakite' credits one person: the bare @kappakite of that line is not a second one.
  const namedHandles = new Set(
    candidates.filter((c) => c.handle && c.name !== c.handle).map((c) => nameMatchKey(c.handle!)),
  );
  for (const c of candidates) {
    if (!c.name || isFilteredName(c.name, channelTitle)) continue;
    if (c.handle && c.name === c.handle && namedHandles.has(nameMatchKey(c.handle))) continue;
    if (c.handle && nameMatchKey(c.handle) === nameMatchKey(channelTitle)) continue;
    const fromDescription = c.inDescription === true;
    const match =
      (c.channelId ? findByChannelId(creators, c.channelId) : undefined) ??
      matchExistingCreator(c.name, creators) ??
      (c.handle ? matchExistingCreator(c.handle, creators) : undefined);
    if (match) {
      if (isOwner(match)) continue;
      if (
        fromDescription &&
        [match.name, c.name, c.handle ?? ''].some((n) => n && boilerplate.has(nameMatchKey(n)))
      )
        continue;
      keep(`id:${match.id}`, {
        name: c.name,
        creatorId: match.id,
        source: c.source,
        pattern: c.pattern,
        text: c.text,
        confidence: 'high',
        url: c.url,
      });
      continue;
    }
    if (fromDescription && [c.name, c.handle ?? ''].some((n) => n && boilerplate.has(nameMatchKey(n))))
      continue;
    const named =
      c.handle && c.name === c.handle ? isValidHandle(c.handle) : isNameShaped(c.name, c.explicit);
    if (!named || !canSuggestNewCreator(c.name)) continue;
    // Credits sections ('Guests:', 'Cast:', 'Featuring:') are explicit too; a handle alone is not a name.
    const explicit = c.explicit || (c.pattern === 'section' && !(c.handle && c.name === c.handle));
    const confidence: Confidence = explicit && c.source !== 'mention' ? 'high' : 'medium';
    keep(`name:${nameMatchKey(c.name)}`, {
      name: c.name,
      creatorId: null,
      source: c.source,
      pattern: c.pattern,
      text: c.text,
      confidence,
      url: c.url,
    });
  }

  const index = runningIndex(creators);
  for (const { creator, text } of runningTextMatches(`${input.title}\n${input.description}`, index)) {
    if (isOwner(creator) || best.has(`id:${creator.id}`) || boilerplate.has(nameMatchKey(creator.name)))
      continue;
    keep(`id:${creator.id}`, {
      name: creator.name,
      creatorId: creator.id,
      source: 'description',
      pattern: 'running-text',
      text,
      confidence: 'medium',
      url: '',
    });
  }
  // A new name that is an existing creator's handle or name under another spelling was matched above;
  // a new name equal to a matched creator's name is the same person twice.
  const matchedKeys = new Set(
    [...best.values()]
      .filter((d) => d.creatorId !== null)
      .flatMap((d) => {
        const creator = creators.find((c) => c.id === d.creatorId);
        return creator ? [nameMatchKey(creator.name), nameMatchKey(d.name)] : [];
      }),
  );
  return [...best.values()].filter((d) => d.creatorId !== null || !matchedKeys.has(nameMatchKey(d.name)));
}

/** A name is channel boilerplate from this share of one channel's descriptions, of at least this many. */
export const BOILERPLATE = { share: 0.6, minimum: 3 } as const;

/**
 * The channel-boilerplate rule: of `total` non-empty descriptions of one channel, the name keys found in
 * at least BOILERPLATE.share of them (its own socials, a regular editor, a sponsor); none below
 * BOILERPLATE.minimum descriptions, too few to tell. `counts`: in how many descriptions each key occurs.
 */
export function boilerplateFromCounts(counts: ReadonlyMap<string, number>, total: number): Set<string> {
  if (total < BOILERPLATE.minimum) return new Set();
  return new Set([...counts].filter(([, n]) => n / total >= BOILERPLATE.share).map(([key]) => key));
}

/** Channel boilerplate among these descriptions of one channel (boilerplateFromCounts). */
export function boilerplateKeys(descriptions: readonly string[]): Set<string> {
  const nonEmpty = descriptions.filter((d) => d.trim());
  const counts = new Map<string, number>();
  for (const description of nonEmpty)
    for (const key of descriptionNameKeys(description)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return boilerplateFromCounts(counts, nonEmpty.length);
}

/** Keys of every name and handle one description credits (for stored per-channel counts). */
export function descriptionNameKeys(description: string): string[] {
  const keys = new Set<string>();
  for (const c of descriptionCandidates(description))
    for (const n of [c.name, c.handle ?? '']) if (n) keys.add(nameMatchKey(n));
  return [...keys];
}
