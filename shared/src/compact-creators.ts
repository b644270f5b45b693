/**
 * GET /api/creators/compact: the creators list of GET /api/creators in a compact, lossless form (about
 * a third of the bytes: no repeated keys, no derived fields), decoded by the front ends into exactly the
 * CreatorListItem[] that GET /api/creators answers. `?limit=N` answers the first N rows only (by id, as the
 * list is ordered) with the total count, so the first screen renders before the whole list arrives.
 */
import type { OtherName } from './other-names';
import type { CreatorListItem, Platform, SocialLink } from './types';
import { PLATFORMS } from './platform';
import { channelFromLinks } from './names';
import { defaultAvatarUrl } from './urls';

/** Platform codes of a compact row's links: the index in this list. */
export const COMPACT_PLATFORMS: readonly (Platform | '')[] = ['', ...PLATFORMS];

/**
 * [idDelta, name, videoCount, collabCount, links, photo?, aliases?]: `idDelta` is the id minus the previous
 * row's id (the first row's minus 0: rows are by id, so mostly 1); `links` is flat, each link either
 * `platformCode, url` (COMPACT_PLATFORMS) or, when the URL contains the name's key (`compactNameKey`: a
 * handle like `@annbo` for 'Ann Bo'), `platformCode + 16, before, after` with the URL being
 * before + key + after; `photo` '' (or absent) for the generated avatar; `aliases` absent when none;
 * `otherNames` absent when none.
 */
export type CompactCreatorRow =
  | [number, string, number, number, (number | string)[]]
  | [number, string, number, number, (number | string)[], string]
  | [number, string, number, number, (number | string)[], string, string[]]
  | [number, string, number, number, (number | string)[], string, string[], OtherName[]];

export interface CompactCreators {
  /** Creators in the whole list (also when `rows` is only the first page). */
  total: number;
  rows: CompactCreatorRow[];
}

/** Rows asked for by the first screen (`?limit=`): a viewport of cards and some. */
export const CREATORS_FIRST_PAGE = 24;

/** Largest `limit` accepted. */
export const CREATORS_COMPACT_MAX_LIMIT = 1000;

/** Link codes at or above this carry the URL split around the name's key. */
const SPLIT = 16;

/** The name lower-cased with everything but a–z and 0–9 dropped ('Ann Bo' → 'annbo'); '' when under 3 characters. */
export function compactNameKey(name: string): string {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key.length >= 3 ? key : '';
}

export function encodeCompactCreator(creator: CreatorListItem, previousId = 0): CompactCreatorRow {
  const links: (number | string)[] = [];
  const key = compactNameKey(creator.name);
  for (const link of creator.socialLinks) {
    const index = COMPACT_PLATFORMS.indexOf(link.platform);
    const code = index < 0 ? 0 : index;
    const at = key ? link.url.indexOf(key) : -1;
    if (at < 0) links.push(code, link.url);
    else links.push(code + SPLIT, link.url.slice(0, at), link.url.slice(at + key.length));
  }
  const photo = creator.photo === defaultAvatarUrl(creator.name) ? '' : creator.photo;
  const row: CompactCreatorRow = [
    creator.id - previousId,
    creator.name,
    creator.videoCount,
    creator.collabCount,
    links,
  ];
  const otherNames = creator.otherNames ?? [];
  if (otherNames.length > 0) return [...row, photo, creator.aliases, otherNames];
  if (creator.aliases.length > 0) return [...row, photo, creator.aliases];
  if (photo) return [...row, photo];
  return row;
}

export function encodeCompactCreators(
  creators: readonly CreatorListItem[],
  total = creators.length,
): CompactCreators {
  let previousId = 0;
  const rows = creators.map((creator) => {
    const row = encodeCompactCreator(creator, previousId);
    previousId = creator.id;
    return row;
  });
  return { total, rows };
}

export function decodeCompactCreator(row: CompactCreatorRow, previousId = 0): CreatorListItem {
  const [idDelta, name, videoCount, collabCount, flat] = row;
  const id = previousId + idDelta;
  const socialLinks: SocialLink[] = [];
  let key: string | undefined;
  for (let i = 0; i + 1 < flat.length;) {
    const code = Number(flat[i]);
    if (code >= SPLIT) {
      key ??= compactNameKey(name);
      const url = `${String(flat[i + 1])}${key}${String(flat[i + 2] ?? '')}`;
      socialLinks.push({ platform: COMPACT_PLATFORMS[code - SPLIT] ?? '', url });
      i += 3;
    } else {
      socialLinks.push({ platform: COMPACT_PLATFORMS[code] ?? '', url: String(flat[i + 1]) });
      i += 2;
    }
  }
  return {
    id,
    name,
    channel: channelFromLinks(socialLinks),
    photo: row[5] || defaultAvatarUrl(name),
    socialLinks,
    videoCount,
    collabCount,
    aliases: row[6] ?? [],
    otherNames: row[7] ?? [],
  };
}

/** The CreatorListItem[] of GET /api/creators, from its compact form. */
export function decodeCompactCreators(compact: CompactCreators): CreatorListItem[] {
  const creators: CreatorListItem[] = new Array<CreatorListItem>(compact.rows.length);
  let previousId = 0;
  compact.rows.forEach((row, i) => {
    const creator = decodeCompactCreator(row, previousId);
    creators[i] = creator;
    previousId = creator.id;
  });
  return creators;
}
