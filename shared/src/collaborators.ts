/**
 * Collaborator detection (docs/product.md §5 "Collaborator-name filtering" and "Existing-creator matching", §9
 * title and description patterns). The API runs it on a video's title and description; the rules live
 * here so they are tested once and the admin UI can explain them.
 *
 * Known misses and false positives the filters cannot catch (real titles from youtube-samples/):
 * - artist lists without a marker ('Faouzia & John Legend - Minefields') are not detected;
 * - 'with' is a common English word, so only Capitalised names after it count ('Vibe with me' and
 *   'with a level 0 tower' give nothing), and a show named '<channel> with <host>' is skipped when the
 *   words before 'with' spell the channel title ('Last Week Tonight with John Oliver' on LastWeekTonight);
 *   on any other channel 'John Oliver' is still suggested;
 * - people named in running text of a description are not detected, only in collaborator sections.
 */
import { NAME_OVERLAP_THRESHOLD } from './constants';
import { foldText } from './fold';
import { instagramProfileUrl, parseHttpUrl, safeHref, youtubeHandleFromUrl, youtubeHandleUrl } from './urls';

/** Platform names and hosts: a "name" that is one of these came from a link, not a person. */
export const PLATFORM_HOST_WORDS: readonly string[] = [
  'youtube',
  'youtube.com',
  'youtu.be',
  'instagram',
  'instagram.com',
  'twitter',
  'twitter.com',
  'x.com',
  'tiktok',
  'tiktok.com',
  'twitch',
  'twitch.tv',
  'facebook',
  'facebook.com',
  'fb.com',
  'snapchat',
  'snapchat.com',
  'discord',
  'discord.gg',
  'patreon',
  'patreon.com',
  'spotify',
  'linktr.ee',
  'linktree',
  'threads',
  'threads.net',
  'reddit',
  'reddit.com',
  'soundcloud',
  'soundcloud.com',
];

/** docs/product.md §5: words never suggested as new creators. */
export const GENERIC_NAME_WORDS: readonly string[] = [
  'video',
  'collab',
  'collaboration',
  'challenge',
  'reaction',
  'review',
  'episode',
  'part',
  'new',
  'interviews',
  'are',
  'fascinating',
];

/** docs/product.md §9: words that introduce a collaborator section of a description. */
export const DESCRIPTION_SECTION_KEYWORDS: readonly string[] = [
  'cast',
  'featuring',
  'credits',
  'collaborators',
  'collaborator',
  'appearances',
  'appearance',
  'guests',
  'guest',
  'performed by',
  'starring',
  'talent',
  'performers',
  'performer',
  'actors',
  'actor',
];

export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 50;
export const MIN_HANDLE_LENGTH = 3;

function isHostWord(text: string): boolean {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
  return PLATFORM_HOST_WORDS.includes(word);
}

/**
 * True when a detected name must be dropped (docs/product.md §5): a platform host, a URL, a newline or 'www.',
 * fewer than 2 or more than 50 characters, a channel id (a single word starting 'UC': 'UCLA' goes,
 * 'UC Davis Arts' stays), all digits, more than 10 characters of only A-Z 0-9 _ -, or the main
 * creator's name, a name containing it, or a name it contains (case-insensitive).
 * A name of exactly 50 characters is kept (docs/product.md §5: dropped when longer than 50).
 */
export function isFilteredName(name: string, mainCreatorName?: string): boolean {
  if (/[\r\n]/.test(name)) return true;
  const text = name.trim();
  if (text.length < MIN_NAME_LENGTH || text.length > MAX_NAME_LENGTH) return true;
  if (/www\./i.test(text) || text.includes('://')) return true;
  if (isHostWord(text)) return true;
  if (/^UC\S*$/.test(text)) return true;
  if (/^\d+$/.test(text)) return true;
  if (text.length > 10 && /^[A-Z0-9_-]+$/.test(text)) return true;
  return isMainCreatorName(text, mainCreatorName);
}

function isMainCreatorName(name: string, mainCreatorName: string | undefined): boolean {
  const main = foldText(mainCreatorName ?? '');
  if (!main) return false;
  const candidate = foldText(name);
  return candidate.includes(main) || main.includes(candidate);
}

/** A handle worth following: at least 3 characters (after '@'), handle characters only, not a host word. */
export function isValidHandle(handle: string): boolean {
  const text = handle.trim().replace(/^@/, '');
  return text.length >= MIN_HANDLE_LENGTH && /^[\p{L}\p{N}._-]+$/u.test(text) && !isHostWord(text);
}

/** docs/product.md §5: more than 2 characters and not a generic word. */
export function canSuggestNewCreator(name: string): boolean {
  const text = name.trim();
  return text.length > 2 && !GENERIC_NAME_WORDS.includes(text.toLowerCase());
}

/** The comparison key of existing-creator matching: folded (foldText), without '@', spaces and dots. */
export function nameMatchKey(name: string): string {
  return foldText(name)
    .replace(/^@/, '')
    .replace(/[\s.]+/g, '');
}

interface MatchableCreator {
  id: number;
  name: string;
  aliases?: string[];
  /** Channel handles, with or without '@'. */
  handles?: string[];
}

interface MatchKeys {
  name: string;
  aliases: readonly string[] | undefined;
  aliasCount: number;
  handles: readonly string[] | undefined;
  handleCount: number;
  keys: CreatorMatchKeys;
}

interface CreatorMatchKeys {
  /** nameMatchKey of the name, then of each alias. */
  names: string[];
  handles: string[];
  /** foldText of the name, then of each alias. */
  normalized: string[];
}

/**
 * The match keys of a creator's names and handles, computed once per creator object and recomputed when
 * its name, aliases or handles change: an import matches every detected name against thousands of
 * creators, and recomputing the keys on each comparison made that the slowest part of it.
 */
const matchKeyCache = new WeakMap<MatchableCreator, MatchKeys>();

function matchKeysOf(creator: MatchableCreator): CreatorMatchKeys {
  const cached = matchKeyCache.get(creator);
  if (
    cached &&
    cached.name === creator.name &&
    cached.aliases === creator.aliases &&
    cached.aliasCount === (creator.aliases?.length ?? 0) &&
    cached.handles === creator.handles &&
    cached.handleCount === (creator.handles?.length ?? 0)
  ) {
    return cached.keys;
  }
  const names = [creator.name, ...(creator.aliases ?? [])];
  const keys = {
    names: names.map(nameMatchKey),
    handles: (creator.handles ?? []).map(nameMatchKey),
    normalized: names.map(foldText),
  };
  matchKeyCache.set(creator, {
    name: creator.name,
    aliases: creator.aliases,
    aliasCount: creator.aliases?.length ?? 0,
    handles: creator.handles,
    handleCount: creator.handles?.length ?? 0,
    keys,
  });
  return keys;
}

interface CreatorIndex {
  length: number;
  first: MatchableCreator | undefined;
  last: MatchableCreator | undefined;
  /** Match key of a name or alias → the first creator (in list order) having it. */
  byName: Map<string, MatchableCreator>;
  /** Match key of a handle → the first creator having it. */
  byHandle: Map<string, MatchableCreator>;
  /** foldText of a name or alias → every creator having it, in list order. */
  byNormalized: Map<string, MatchableCreator[]>;
}

/**
 * Lookup maps of a creator list, built once per list (rebuilt when it grows or shrinks): an import
 * matches each video's names against every creator, and scanning 10,000 creators four times per video
 * was most of a bulk import's time.
 */
const creatorIndexes = new WeakMap<readonly MatchableCreator[], CreatorIndex>();

function indexOf(creators: readonly MatchableCreator[]): CreatorIndex {
  const cached = creatorIndexes.get(creators);
  if (
    cached &&
    cached.length === creators.length &&
    cached.first === creators[0] &&
    cached.last === creators[creators.length - 1]
  ) {
    return cached;
  }
  const index: CreatorIndex = {
    length: creators.length,
    first: creators[0],
    last: creators[creators.length - 1],
    byName: new Map(),
    byHandle: new Map(),
    byNormalized: new Map(),
  };
  for (const creator of creators) {
    const keys = matchKeysOf(creator);
    for (const key of keys.names) if (!index.byName.has(key)) index.byName.set(key, creator);
    for (const key of keys.handles) if (!index.byHandle.has(key)) index.byHandle.set(key, creator);
    for (const key of new Set(keys.normalized)) {
      const list = index.byNormalized.get(key);
      if (list) list.push(creator);
      else index.byNormalized.set(key, [creator]);
    }
  }
  creatorIndexes.set(creators, index);
  return index;
}

/** Shorter / longer when one key contains the other, else 0. */
export function nameOverlap(a: string, b: string): number {
  if (!a || !b) return 0;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return longer.includes(shorter) ? shorter.length / longer.length : 0;
}

/**
 * The existing creator a detected name stands for (docs/product.md §5), trying in order: a name or alias equal
 * after lowercasing and removing spaces and dots; a channel handle equal to it (without '@'); a name or
 * alias one contains the other of, covering at least NAME_OVERLAP_THRESHOLD (60%) of the longer (the
 * highest overlap wins). Ties go to the earlier creator in the list.
 */
export function matchExistingCreator<T extends MatchableCreator>(
  name: string,
  creators: readonly T[],
): T | undefined {
  const key = nameMatchKey(name);
  if (!key) return undefined;
  const namesOf = (creator: T) => matchKeysOf(creator).names;

  const index = indexOf(creators);
  const exact = index.byName.get(key) as T | undefined;
  if (exact) return exact;
  const byHandle = index.byHandle.get(key) as T | undefined;
  if (byHandle) return byHandle;

  let best: T | undefined;
  let bestOverlap = 0;
  for (const creator of creators) {
    let overlap = 0;
    for (const other of namesOf(creator)) overlap = Math.max(overlap, nameOverlap(key, other));
    if (overlap >= NAME_OVERLAP_THRESHOLD && overlap > bestOverlap) {
      best = creator;
      bestOverlap = overlap;
    }
  }
  return best;
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities search.list puts in titles (&amp; &#39; &quot; …); unknown ones stay as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return HTML_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Trims a detected name of quotes, bullets and trailing punctuation ('Rick Ross.' → 'Rick Ross'). */
export function cleanName(text: string): string {
  return text
    .replace(/^[\s"'“”‘’«»*•·▸►>~–—-]+/u, '')
    .replace(/[\s"'“”‘’«»*.,;:!?…~–—-]+$/u, '')
    .replace(/\s+/g, ' ');
}

/** Splits 'A, B & C and D x E' into its names. */
export function splitNameList(text: string): string[] {
  return text
    .split(/\s*,\s*|\s*&\s*|\s+and\s+|\s+x\s+|\s*\+\s*/i)
    .map(cleanName)
    .filter(Boolean);
}

/**
 * Where a name after a title marker ends: brackets, bars, ' - ', '//', '!', '?', '#', quotes, ':',
 * an @mention or the next marker ('w/ Ann with Bo').
 */
const TITLE_NAME_END =
  /[()[\]{}|【】!?#"“”:]|\s[-–—]\s|\s\/\/\s|\s@|\s(?:w\/|with\s|ft\.|feat\.|feat\s|featuring\s)|$/iu;
/** Markers whose following text is a name list as written (lowercase names allowed). */
const EXPLICIT_MARKER = /(?:^|[\s([{【])(?:w\/(?!o\b)\s*|ft\.\s*|feat\.\s*|feat\s+|featuring\s+)/giu;
const WITH_MARKER = /(?:^|[\s([{【])with\s+/giu;
const MENTION = /(?:^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}_.-]+)/gu;
/** A Capitalised word (or digit-led, or an '@handle'), as after 'with'. */
const CAPITALISED = /^(?:[\p{Lu}\p{Lt}\p{N}@])/u;
const LIST_WORD = /^(?:,|&|and|x|\+)$/i;

export function textUntilNameEnd(text: string): string {
  const end = text.search(TITLE_NAME_END);
  return end < 0 ? text : text.slice(0, end);
}

/** After 'with', only the run of Capitalised words (and list words between them) is a name list. */
export function capitalisedRun(text: string): string {
  const words = textUntilNameEnd(text).split(/\s+/).filter(Boolean);
  const run: string[] = [];
  for (const [index, word] of words.entries()) {
    const article = index === 0 && /^the$/i.test(word) && CAPITALISED.test(words[1] ?? '');
    if (CAPITALISED.test(word) || article || (run.length > 0 && LIST_WORD.test(word))) run.push(word);
    else break;
  }
  while (run.length > 0 && LIST_WORD.test(run[run.length - 1] ?? '')) run.pop();
  return run.join(' ');
}

/**
 * Candidate names in a video title (docs/product.md §9): after 'w/', 'ft.', 'feat.'/'feat', 'featuring' and
 * 'with' (Capitalised names only), split on ',', '&', ' and ', ' x ', '+'; plus @mentions, returned
 * WITH their '@' so the caller knows they are handles. HTML entities are decoded first. When
 * channelTitle is given, a 'with' right after the channel's own name ('Last Week Tonight with …' on
 * 'LastWeekTonight') is the show's title, not a guest.
 */
export function namesFromTitle(title: string, channelTitle?: string): string[] {
  const text = decodeHtmlEntities(title);
  const names: string[] = [];
  for (const match of text.matchAll(EXPLICIT_MARKER)) {
    names.push(...splitNameList(textUntilNameEnd(text.slice(match.index + match[0].length))));
  }
  for (const match of text.matchAll(WITH_MARKER)) {
    if (isShowTitle(text.slice(0, match.index + 1), channelTitle)) continue;
    const run = capitalisedRun(text.slice(match.index + match[0].length));
    names.push(...splitNameList(run).filter((name) => !name.startsWith('@')));
  }
  for (const match of text.matchAll(MENTION)) {
    const handle = (match[1] ?? '').replace(/[.-]+$/, '');
    if (handle) names.push(`@${handle}`);
  }
  return unique(names);
}

/** True when the words before 'with' end with the channel title ('…: Last Week Tonight' + 'LastWeekTonight'). */
export function isShowTitle(before: string, channelTitle: string | undefined): boolean {
  const channel = nameMatchKey(channelTitle ?? '');
  return channel.length > 0 && nameMatchKey(before).endsWith(channel);
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = nameMatchKey(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface DescriptionName {
  name: string;
  /** The link or '@handle' written beside the name. */
  urlOrHandle?: string;
}

const KEYWORD = `(?:${DESCRIPTION_SECTION_KEYWORDS.join('|')})`;
const SECTION_HEADER = new RegExp(
  // Up to two words before the keywords ('Special guests:', 'Guest appearance by'), an optional
  // '& crew' ('Cast & Crew'), then the rest of the line.
  `^[^\\p{L}\\p{N}@]*(?:\\p{L}+\\s+){0,2}?${KEYWORD}(?:\\s+${KEYWORD})*\\b(?:\\s*(?:&|and)\\s*crew\\b)?(?:\\s+by\\b)?\\s*[:\\-–—|]?\\s*(.*)$`,
  'iu',
);
const LINK_OR_HANDLE =
  /(?:https?:\/\/|www\.|(?:javascript|data|vbscript|file|ftp|mailto):)\S+|(?:^|(?<=[\s:|(-]))@[\p{L}\p{N}_.-]+/iu;

/**
 * Names in a description's collaborator sections (docs/product.md §9): a line whose first words include one of
 * DESCRIPTION_SECTION_KEYWORDS opens a section that runs to the next blank line. Text after the keyword
 * on the same line is a name list ('Featuring: Ann, Bo'); each following line is one entry:
 * 'Name | link', 'Name : @handle', 'Name - link', a bare '@handle' or link, 'Role: Name', or just a name.
 */
export function namesFromDescription(description: string): DescriptionName[] {
  return descriptionSectionEntries(description).map(({ name, urlOrHandle }) =>
    urlOrHandle === undefined ? { name } : { name, urlOrHandle },
  );
}

/** namesFromDescription's entries, each with the section line it was read from (trimmed; none for a header). */
export function descriptionSectionEntries(description: string): (DescriptionName & { line?: string })[] {
  const found: (DescriptionName & { line?: string })[] = [];
  let inSection = false;
  for (const rawLine of decodeHtmlEntities(description).split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) {
      inSection = false;
      continue;
    }
    const header = SECTION_HEADER.exec(line);
    if (header) {
      inSection = true;
      found.push(...entriesOfHeaderRest(header[1] ?? ''));
    } else if (inSection) {
      const entry = parseEntryLine(line);
      if (entry) found.push(Object.assign({}, entry, { line }));
    }
  }
  return found;
}

/** 'Ann Bo, Cy' or 'Frank Sinatra - Written by Bart Howard' or 'Ann | https://…' after a keyword. */
function entriesOfHeaderRest(rest: string): DescriptionName[] {
  if (!rest) return [];
  if (LINK_OR_HANDLE.test(rest)) {
    const entry = parseEntryLine(rest);
    return entry ? [entry] : [];
  }
  const beforeDash = rest.split(/\s[-–—|]\s/)[0] ?? '';
  return splitNameList(beforeDash).map((name) => ({ name }));
}

/** One line of a section. */
function parseEntryLine(line: string): DescriptionName | null {
  const link = LINK_OR_HANDLE.exec(line);
  if (link) {
    const urlOrHandle = link[0].replace(/[).,;]+$/, '');
    const name = nameBeforeLink(line.slice(0, link.index));
    const derived = name || nameFromLinkOrHandle(urlOrHandle);
    return derived ? { name: derived, urlOrHandle } : null;
  }
  // 'Role: Name' puts the name last; 'Name - role' and 'Name | role' put it first.
  const colon = line.lastIndexOf(':');
  const text = colon >= 0 ? line.slice(colon + 1) : (line.split(/\s[-–—|]\s/)[0] ?? '');
  const name = cleanName(text);
  return name ? { name } : null;
}

/** 'Ann Bo | ' → 'Ann Bo'; 'Camera: Ann Bo - ' → 'Ann Bo' (a role before a colon is dropped). */
function nameBeforeLink(text: string): string {
  const trimmed = text.replace(/[\s|:–—-]+$/u, '');
  const colon = trimmed.lastIndexOf(':');
  return cleanName(colon >= 0 ? trimmed.slice(colon + 1) : trimmed);
}

/** 'https://www.youtube.com/@ann' → 'ann'; 'https://instagram.com/ann/' → 'ann'; '@ann' → 'ann'. */
function nameFromLinkOrHandle(urlOrHandle: string): string {
  if (urlOrHandle.startsWith('@')) return urlOrHandle.slice(1);
  const youtube = youtubeHandleFromUrl(urlOrHandle);
  if (youtube) return youtube;
  const parsed = parseHttpUrl(urlOrHandle);
  if (parsed && /(^|\.)instagram\.com$/.test(parsed.hostname)) {
    return parsed.pathname.split('/').filter(Boolean)[0] ?? '';
  }
  return '';
}

/** docs/product.md §3 "Detected-collaborator result". */
export interface DetectedCollaborators {
  /** Existing creators found in the title or description, main creator excluded, in order found. */
  existingIds: number[];
  /** Creators to create: a name and a link ('' when none is known). */
  toCreate: { name: string; url: string }[];
}

export interface VideoText {
  title: string;
  description: string;
  /** The uploader's channel title: the main creator, never suggested. */
  channelTitle: string;
}

interface Candidate {
  name: string;
  handle?: string;
  url: string;
}

/**
 * Collaborators of one video: title names and @mentions, then description sections, each filtered
 * (isFilteredName against the channel title, isValidHandle), matched to an existing creator, or else
 * suggested when canSuggestNewCreator allows. Title @mentions are YouTube handles (their URL is the
 * channel's); a description '@handle' is an Instagram handle (docs/product.md §9), a description link is kept
 * when it is a safe http(s) URL.
 */
export function detectCollaborators<T extends MatchableCreator>(
  input: VideoText,
  creators: readonly T[],
): DetectedCollaborators {
  const channelTitle = decodeHtmlEntities(input.channelTitle).trim();
  // The bulk-import rule for the main creator: its name or an alias equals the channel title, folded.
  const wanted = foldText(channelTitle);
  const mainIds = new Set(
    wanted === '' ? [] : (indexOf(creators).byNormalized.get(wanted) ?? []).map((creator) => creator.id),
  );
  const existingIds: number[] = [];
  const toCreate: { name: string; url: string }[] = [];
  const suggested = new Set<string>();

  for (const candidate of collectCandidates(input)) {
    if (isFilteredName(candidate.name, channelTitle)) continue;
    const match =
      matchExistingCreator(candidate.name, creators) ??
      (candidate.handle ? matchExistingCreator(candidate.handle, creators) : undefined);
    if (match) {
      if (!mainIds.has(match.id) && !existingIds.includes(match.id)) existingIds.push(match.id);
      continue;
    }
    const key = nameMatchKey(candidate.name);
    if (canSuggestNewCreator(candidate.name) && !suggested.has(key)) {
      suggested.add(key);
      toCreate.push({ name: candidate.name, url: candidate.url });
    }
  }
  return { existingIds, toCreate };
}

/** Title names and @mentions, then description entries; a handle shorter than 3 or a host word is ignored. */

function collectCandidates(input: VideoText): Candidate[] {
  const fromTitle = namesFromTitle(input.title, input.channelTitle).flatMap((name): Candidate[] => {
    if (!name.startsWith('@')) return [{ name, url: '' }];
    const handle = name.slice(1);
    return isValidHandle(handle) ? [{ name: handle, handle, url: youtubeHandleUrl(handle) }] : [];
  });
  const fromDescription = namesFromDescription(input.description).flatMap(
    ({ name, urlOrHandle }): Candidate[] => {
      if (!urlOrHandle?.startsWith('@')) return [{ name, url: safeHref(urlOrHandle) ?? '' }];
      const handle = urlOrHandle.slice(1);
      if (isValidHandle(handle)) return [{ name, handle, url: instagramProfileUrl(handle) }];
      // A bare ignored handle names nobody; a name beside it still counts, without a link.
      return name === handle ? [] : [{ name, url: '' }];
    },
  );
  return [...fromTitle, ...fromDescription];
}
