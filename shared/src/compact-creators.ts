/**
 * GET /api/creators/compact: the creators list of GET /api/creators in a compact, lossless form (about
 * a third of the bytes: no repeated keys, no derived fields), decoded by the front ends into exactly the
 * CreatorListItem[] that GET /api/creators answers. `?limit=N` answers the first N rows only (by id, as the
 * list is ordered) with the total count, so the first screen renders before the whole list arrives.
 */
import type { CreatorListItem, Platform, SocialLink } from './types';
import { PLATFORMS } from './platform';
import { channelFromLinks } from './names';
import { defaultAvatarUrl } from './urls';

/** Platform codes of a compact row's links: the index in this list. */
export const COMPACT_PLATFORMS: readonly (Platform | '')[] = ['', ...PLATFORMS];

/**
 * [id, name, videoCount, collabCount, links, photo?, aliases?]: `links` is flat [platformCode, url, …]
 * (COMPACT_PLATFORMS), `photo` '' (or absent) for the generated avatar, `aliases` absent when none.
 */
export type CompactCreatorRow =
  | [number, string, number, number, (number | string)[]]
  | [number, string, number, number, (number | string)[], string]
  | [number, string, number, number, (number | string)[], string, string[]];

export interface CompactCreators {
  /** Creators in the whole list (also when `rows` is only the first page). */
  total: number;
  rows: CompactCreatorRow[];
}

/** Rows asked for by the first screen (`?limit=`): a viewport of cards and some. */
export const CREATORS_FIRST_PAGE = 24;

/** Largest `limit` accepted. */
export const CREATORS_COMPACT_MAX_LIMIT = 1000;

export function encodeCompactCreator(creator: CreatorListItem): CompactCreatorRow {
  const links: (number | string)[] = [];
  for (const link of creator.socialLinks) {
    const code = COMPACT_PLATFORMS.indexOf(link.platform);
    links.push(code < 0 ? 0 : code, link.url);
  }
  const photo = creator.photo === defaultAvatarUrl(creator.name) ? '' : creator.photo;
  const row: CompactCreatorRow = [creator.id, creator.name, creator.videoCount, creator.collabCount, links];
  if (creator.aliases.length > 0) return [...row, photo, creator.aliases];
  if (photo) return [...row, photo];
  return row;
}

export function encodeCompactCreators(creators: readonly CreatorListItem[], total = creators.length): CompactCreators {
  return { total, rows: creators.map(encodeCompactCreator) };
}

export function decodeCompactCreator(row: CompactCreatorRow): CreatorListItem {
  const [id, name, videoCount, collabCount, flat] = row;
  const socialLinks: SocialLink[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    socialLinks.push({ platform: COMPACT_PLATFORMS[Number(flat[i])] ?? '', url: String(flat[i + 1]) });
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
  };
}

/** The CreatorListItem[] of GET /api/creators, from its compact form. */
export function decodeCompactCreators(compact: CompactCreators): CreatorListItem[] {
  return compact.rows.map(decodeCompactCreator);
}
