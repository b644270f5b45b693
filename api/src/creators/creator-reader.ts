import {
  channelFromLinks,
  defaultAvatarUrl,
  MAX_WITH_CANDIDATES,
  normalizeName,
  type AmbiguousName,
  type AuthorRef,
  type Creator,
  type OtherName,
  type Platform,
  type SocialLink,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, idList, int, rows, rowsWhereIn } from '../database/sql';

interface CreatorRow {
  id: number;
  name: string;
  photo: string;
}
interface LinkRow {
  creator_id: number;
  platform: string;
  url: string;
}

/** The creator as every endpoint answers it: channel from the first link, generated photo when none. */
export function toCreator(row: CreatorRow, links: SocialLink[], otherNames: OtherName[]): Creator {
  return {
    id: int(row.id),
    name: row.name,
    channel: channelFromLinks(links),
    photo: row.photo || defaultAvatarUrl(row.name),
    socialLinks: links,
    otherNames,
  };
}

/** Other names of the given creators (all creators when ids is omitted), in order. */
export async function readOtherNames(
  manager: EntityManager,
  ids?: readonly number[],
): Promise<Map<number, OtherName[]>> {
  const found = await rowsWhereIn<{ creator_id: number; name: string; lang: string | null }>(
    manager,
    'creator_id',
    ids,
    (where) =>
      `SELECT creator_id, name, lang FROM creator_other_names ${where} ORDER BY creator_id, position, id`,
  );
  const byCreator = new Map<number, OtherName[]>();
  for (const row of found) {
    const id = int(row.creator_id);
    const list = byCreator.get(id) ?? [];
    list.push(row.lang ? { name: row.name, lang: row.lang } : { name: row.name });
    byCreator.set(id, list);
  }
  return byCreator;
}

/** Social links of the given creators (all creators when ids is omitted), in order. */
export async function readLinks(
  manager: EntityManager,
  ids?: readonly number[],
): Promise<Map<number, SocialLink[]>> {
  const found = await rowsWhereIn<LinkRow>(
    manager,
    'creator_id',
    ids,
    (where) => `SELECT creator_id, platform, url FROM social_links ${where} ORDER BY creator_id, position`,
  );
  const byCreator = new Map<number, SocialLink[]>();
  for (const link of found) {
    const id = int(link.creator_id);
    const list = byCreator.get(id) ?? [];
    list.push({ platform: link.platform as Platform | '', url: link.url });
    byCreator.set(id, list);
  }
  return byCreator;
}

/** Full creators by id (missing ids are simply absent from the map). */
export async function readCreators(
  manager: EntityManager,
  ids: readonly number[],
): Promise<Map<number, Creator>> {
  const found: CreatorRow[] = [];
  for (const part of chunks(ids)) {
    const list = idList(part);
    found.push(
      ...(await rows<CreatorRow>(
        manager,
        `SELECT id, name, photo FROM creators WHERE id IN ${list.sql}`,
        list.params,
      )),
    );
  }
  const foundIds = found.map((row) => int(row.id));
  const links = await readLinks(manager, foundIds);
  const otherNames = await readOtherNames(manager, foundIds);
  return new Map(
    found.map((row) => [
      int(row.id),
      toCreator(row, links.get(int(row.id)) ?? [], otherNames.get(int(row.id)) ?? []),
    ]),
  );
}

/**
 * The creator an id names now: itself, or the creator it was merged into (docs/product.md §3); null if
 * neither. Every read that takes a creator id from an address goes through here.
 */
export async function resolveCreatorId(manager: EntityManager, id: number): Promise<number | null> {
  const [own] = await rows<{ id: number }>(manager, 'SELECT id FROM creators WHERE id = ?', [id]);
  if (own) return int(own.id);
  const [alias] = await rows<{ creator_id: number }>(
    manager,
    'SELECT creator_id FROM creator_aliases WHERE merged_creator_id = ? ORDER BY id DESC LIMIT 1',
    [id],
  );
  return alias ? int(alias.creator_id) : null;
}

/**
 * The creator a typed name names: the one with that name, else the one with that alias (a merged-away
 * name), ignoring case and extra spaces (normalizeName, the key both tables index); null if none.
 */
export async function creatorIdByName(manager: EntityManager, name: string): Promise<number | null> {
  const key = normalizeName(name);
  if (!key) return null;
  const [found] = await rows<{ id: number }>(
    manager,
    `SELECT id, 0 AS pref FROM creators WHERE name_key = ?
     UNION SELECT creator_id AS id, 1 AS pref FROM creator_aliases WHERE name_key = ?
     ORDER BY pref, id LIMIT 1`,
    [key, key],
  );
  return found ? int(found.id) : null;
}

/** The largest code point: `key` + this is above every string that starts with `key`. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

/**
 * The creators whose name (or merged-away name) starts with the typed name, at most `limit`, by name:
 * "otis" and "oti" find "Otis Brightwater". A range over the name_key indexes (byte order on both
 * databases), so it reads a handful of index entries, not the table.
 */
async function creatorsByNamePrefix(
  manager: EntityManager,
  name: string,
  limit: number,
): Promise<AuthorRef[]> {
  const key = normalizeName(name);
  if (!key) return [];
  const range = [key, `${key}${AFTER_PREFIX}`];
  const found = await rows<{ id: number; name: string }>(
    manager,
    `SELECT id, name FROM creators WHERE name_key >= ? AND name_key < ?
     UNION SELECT c.id, c.name FROM creator_aliases a JOIN creators c ON c.id = a.creator_id
      WHERE a.name_key >= ? AND a.name_key < ?
     ORDER BY name, id LIMIT ${Math.trunc(limit)}`,
    [...range, ...range],
  );
  return found.map((row) => ({ id: int(row.id), name: row.name }));
}

/** The `with:` names that name nobody or could mean several creators, as a search page reports them. */
export function unresolvedNames(resolved: { unknownNames: string[]; ambiguousNames: AmbiguousName[] }): {
  unknownNames?: string[];
  ambiguousNames?: AmbiguousName[];
} {
  return {
    ...(resolved.unknownNames.length > 0 ? { unknownNames: resolved.unknownNames } : {}),
    ...(resolved.ambiguousNames.length > 0 ? { ambiguousNames: resolved.ambiguousNames } : {}),
  };
}

/**
 * The creators a search's `with:` names name, once each: by the whole name (creatorIdByName), else by
 * the start of exactly one creator's name (a first name, or its first letters); the names that name no
 * creator, and those that start several creators' names with the candidates to choose from.
 */
export async function resolveWithNames(
  manager: EntityManager,
  names: readonly string[],
): Promise<{
  ids: number[];
  unknownNames: string[];
  ambiguousNames: AmbiguousName[];
  creators: AuthorRef[];
}> {
  const ids = new Set<number>();
  const unknownNames: string[] = [];
  const ambiguousNames: AmbiguousName[] = [];
  for (const name of names) {
    const id = await creatorIdByName(manager, name);
    if (id !== null) {
      ids.add(id);
      continue;
    }
    const candidates = await creatorsByNamePrefix(manager, name, MAX_WITH_CANDIDATES + 1);
    const distinct = [...new Map(candidates.map((c) => [c.id, c])).values()];
    if (distinct.length === 0) unknownNames.push(name);
    else if (distinct.length === 1) ids.add((distinct[0] as AuthorRef).id);
    else ambiguousNames.push({ name, candidates: distinct.slice(0, MAX_WITH_CANDIDATES) });
  }
  const found = await rowsWhereIn<{ id: number; name: string }>(
    manager,
    'id',
    [...ids],
    (where) => `SELECT id, name FROM creators ${where}`,
  );
  const named = new Map(found.map((row) => [int(row.id), row.name]));
  const creators = [...ids].map((id) => ({ id, name: named.get(id) ?? '' }));
  return { ids: [...ids], unknownNames, ambiguousNames, creators };
}
