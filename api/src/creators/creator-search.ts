import {
  nameLookup,
  type AmbiguousName,
  type AuthorRef,
  type CreatorSearchScope,
  type NameLookup,
  type SearchQuery,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { idColumn, int, placeholders, rows } from '../database/sql';
import { resolveWithNames, unresolvedNames } from './creator-reader';
import { trigrams } from './creator-search-keys';

export interface MatchingIds {
  total: number;
  /** The page's creator ids, in id order (the order of every creator list). */
  ids: number[];
  /** The query's `with:` names that name no creator (then nothing matches). */
  unknownNames?: string[];
  /** The `with:` names that could mean several creators (then nothing matches). */
  ambiguousNames?: AmbiguousName[];
  /** The creators the `with:` names name. */
  withCreators?: AuthorRef[];
}

/**
 * The creators who appear on a video with creator `?` (not that creator): its collaborators, read
 * through the video_authors (creator_id, video_id) index then the primary key, so the work grows with
 * that creator's videos, not with the tables.
 */
export const COLLABORATORS_OF = `SELECT o.creator_id FROM video_authors n
    JOIN video_authors o ON o.video_id = n.video_id AND o.creator_id <> n.creator_id
   WHERE n.creator_id = ?`;

/** The largest code point: `key + TOP` is above every key that starts with `key`. */
const TOP = String.fromCodePoint(0x10ffff);

/** An FTS5 phrase: the term quoted, quotes doubled, so nothing in it is read as query syntax. */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Trigrams a MySQL/MariaDB lookup joins: up to four spread over the term (instr checks the whole). */
const MAX_JOINED_GRAMS = 4;

export function spreadGrams(key: string): string[] {
  const grams = trigrams(key);
  if (grams.length <= MAX_JOINED_GRAMS) return grams;
  const picked = new Set<string>();
  for (let i = 0; i < MAX_JOINED_GRAMS; i++) {
    picked.add(grams[Math.round((i * (grams.length - 1)) / (MAX_JOINED_GRAMS - 1))] as string);
  }
  return [...picked];
}

type Lookup = Exclude<NameLookup, { mode: 'all' | 'short' }>;
type ShortLookup = Extract<NameLookup, { mode: 'short' }>;
type Params = unknown[];

/**
 * The condition on one `creator_search_shorts` row `s` for a short query (one or two characters):
 * the piece itself, through the primary key (gram, creator_id), so the creators come in id order.
 */
export function shortCondition(
  manager: EntityManager,
  lookup: ShortLookup,
  scope: CreatorSearchScope,
): { sql: string; params: Params } {
  const gram = manager.connection.options.type === 'mysql' ? Buffer.from(lookup.key) : lookup.key;
  return { sql: `s.gram = ?${scope === 'names' ? ' AND s.in_name = 1' : ''}`, params: [gram] };
}

/**
 * The condition on one `creator_search_keys` row `k` for a lookup (shared nameLookup): a prefix (of
 * Hangul initials) is a range of the key index, a substring is looked for in whole keys; initials
 * queries only in initials.
 */
export function keyCondition(lookup: Lookup, scope: CreatorSearchScope): { sql: string; params: Params } {
  const field = scope === 'names' ? ` AND k.field = 'name'` : '';
  if (lookup.mode === 'prefix') {
    return {
      sql: `k.search_key >= ? AND k.search_key < ? AND k.initials = ?${field}`,
      params: [lookup.key, lookup.key + TOP, lookup.initials ? 1 : 0],
    };
  }
  return {
    sql: `k.whole = 1 AND k.initials = ?${field} AND instr(k.search_key, ?) > 0`,
    params: [lookup.initials ? 1 : 0, lookup.key],
  };
}

/**
 * A SELECT of `creator_id`: the creators a lookup finds (shared nameLookup). One or two Hangul
 * initials: a range of the key index. Three or more characters: on SQLite, the trigram index of the
 * creators' documents (one row per creator, `creator_search_docs`: its names, channel and initials as
 * columns), whose rows come one per creator in id order (`inIdOrder`: no DISTINCT, no sort); on
 * MySQL/MariaDB the keys' trigram table, each candidate key checked with instr (a creator once per key
 * that holds the term). Never a scan of the creators. (One or two other characters:
 * `creator_search_shorts`, shortCondition.)
 */
export function creatorMatchSql(
  manager: EntityManager,
  lookup: Lookup,
  scope: CreatorSearchScope,
): { sql: string; params: Params; inIdOrder?: boolean } {
  if (lookup.mode === 'prefix') {
    const condition = keyCondition(lookup, scope);
    return {
      sql: `SELECT k.creator_id FROM creator_search_keys k WHERE ${condition.sql}`,
      params: condition.params,
    };
  }
  if (manager.connection.options.type !== 'mysql') {
    // No folded key holds a line break, which joins a document's keys: a phrase never spans two.
    const columns = lookup.initials ? 'initials' : scope === 'names' ? 'names' : 'names channel';
    return {
      sql: 'SELECT d.rowid AS creator_id FROM creator_search_docs d WHERE creator_search_docs MATCH ?',
      params: [`{${columns}} : ${ftsPhrase(lookup.key)}`],
      inIdOrder: true,
    };
  }
  const condition = keyCondition(lookup, scope);
  const [first, ...others] = spreadGrams(lookup.key).map((gram) => Buffer.from(gram));
  const joins = others
    .map(
      (_, i) => ` JOIN creator_search_grams g${i + 1} ON g${i + 1}.gram = ? AND g${i + 1}.key_id = g0.key_id`,
    )
    .join('');
  return {
    sql: `SELECT k.creator_id FROM creator_search_grams g0${joins} JOIN creator_search_keys k ON k.id = g0.key_id
           WHERE g0.gram = ? AND ${condition.sql}`,
    params: [...others, first, ...condition.params],
  };
}

/**
 * Counts of short terms (one or two characters) kept between requests: a letter is in 76,000 of
 * 100,000 creators' keys and counting them is ~2–4 ms, paid again by every other page of the same
 * term. `kept`: counts at least this large are kept (smaller ones cost less than keeping them; the
 * bound also keeps the terms few, a creator holding some 10–30 pieces); `terms`: at most this many
 * terms (tests make both small).
 */
export const SHORT_COUNT_BOUNDS = { kept: 2000, terms: 1000 };

/**
 * Where a short term's count may come from (CreatorsService: kept until `creator_search_shorts`
 * changes); `count` reads it through `manager`.
 */
export type ShortCount = (
  key: string,
  manager: EntityManager,
  count: (manager: EntityManager) => Promise<number>,
) => Promise<number>;

/**
 * Creators found by `query.text` (docs/product.md "Names in every script"): the name, an other name,
 * an alias or (scope 'all') the channel, folded by the shared nameLookup and looked up in the
 * name-search index (creator-search-keys.ts), in id order, the same on every database.
 */
export async function searchCreatorIds(
  manager: EntityManager,
  query: SearchQuery,
  scope: CreatorSearchScope,
  page: Page | null,
  shortCount?: ShortCount,
): Promise<MatchingIds> {
  if (query.withNames) return searchWith(manager, { ...query, withNames: query.withNames }, scope, page);
  const lookup = nameLookup(query.text);
  if (lookup.mode === 'all') {
    return answer(
      manager,
      'SELECT COUNT(*) AS total FROM creators',
      'SELECT id FROM creators ORDER BY id',
      [],
      page,
    );
  }
  if (lookup.mode === 'short') {
    // One row per creator and piece, in creator_id order on the primary key: no DISTINCT, no sort.
    const short = shortCondition(manager, lookup, scope);
    const countSql = `SELECT COUNT(*) AS total FROM creator_search_shorts s WHERE ${short.sql}`;
    const idsSql = `SELECT s.creator_id AS id FROM creator_search_shorts s WHERE ${short.sql} ORDER BY s.creator_id`;
    if (!page || !shortCount) return answer(manager, countSql, idsSql, short.params, page);
    const found = await rows<{ id: number }>(
      manager,
      `${idsSql} LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      short.params,
    );
    const total = await shortCount(`${scope} ${lookup.key}`, manager, async (reader) => {
      const [count] = await rows<{ total: number }>(reader, countSql, short.params);
      return int(count?.total);
    });
    return { total, ids: found.map((row) => int(row.id)) };
  }
  const found = creatorMatchSql(manager, lookup, scope);
  const creators = found.inIdOrder ? found.sql : `SELECT DISTINCT m.creator_id FROM (${found.sql}) m`;
  const countSql = `SELECT COUNT(*) AS total FROM (${creators}) d`;
  if (found.inIdOrder || !page) {
    // Creators in id order from the index: a page reads only its own rows (Select All reads them all).
    const idsSql = `SELECT d.creator_id AS id FROM (${creators}) d ORDER BY d.creator_id`;
    return answer(manager, countSql, idsSql, found.params, page);
  }
  // Keys, not creators: the page and the count from one pass, since every match is read to be made
  // distinct and sorted anyway, rather than a second pass over the index for the count.
  const paged = await rows<{ id: number; total: number }>(
    manager,
    `SELECT d.creator_id AS id, COUNT(*) OVER () AS total FROM (${creators}) d
      ORDER BY d.creator_id LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    found.params,
  );
  if (paged.length > 0) return { total: int(paged[0]?.total), ids: paged.map((row) => int(row.id)) };
  if (page.offset === 0) return { total: 0, ids: [] };
  // A page past the end has no row to carry the count.
  const [count] = await rows<{ total: number }>(manager, countSql, found.params);
  return { total: int(count?.total), ids: [] };
}

function matching(
  manager: EntityManager,
  where: string,
  params: Params,
  page: Page | null,
): Promise<MatchingIds> {
  return answer(
    manager,
    `SELECT COUNT(*) AS total FROM creators c WHERE ${where}`,
    `SELECT c.id FROM creators c WHERE ${where} ORDER BY c.id`,
    params,
    page,
  );
}

/**
 * One page of the ids `idsSql` lists and the count of `countSql`; without a page, every id (a bulk
 * list's Select All), which is then the count too.
 */
async function answer(
  manager: EntityManager,
  countSql: string,
  idsSql: string,
  params: Params,
  page: Page | null,
): Promise<MatchingIds> {
  const paging = page ? ` LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : '';
  const found = await idColumn(manager, idsSql + paging, params);
  if (!page) return { total: found.length, ids: found };
  const [count] = await rows<{ total: number }>(manager, countSql, params);
  return { total: int(count?.total), ids: found };
}

/** The given creators that exist, a page of them in id order (a picker's chips, named by id). */
export async function existingCreatorIds(
  manager: EntityManager,
  ids: readonly number[],
  page: Page,
): Promise<MatchingIds> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found =
    wanted.length === 0
      ? []
      : (
          await rows<{ id: number }>(
            manager,
            `SELECT id FROM creators WHERE id IN ${placeholders(wanted.length)} ORDER BY id`,
            wanted,
          )
        ).map((row) => int(row.id));
  return { total: found.length, ids: found.slice(page.offset, page.offset + page.limit) };
}

/**
 * `with:` search (docs/product.md §2): the creators who have a video with every named creator, and
 * whose name, alias or channel holds the rest of the query. Driven by the first name's collaborators,
 * so the cost follows those creators' videos and the page, not the tables. An unknown name matches
 * nothing and is reported.
 */
async function searchWith(
  manager: EntityManager,
  query: SearchQuery & { withNames: string[] },
  scope: CreatorSearchScope,
  page: Page | null,
): Promise<MatchingIds> {
  const resolved = await resolveWithNames(manager, query.withNames);
  const { ids, creators } = resolved;
  if (resolved.unknownNames.length > 0 || resolved.ambiguousNames.length > 0)
    return { total: 0, ids: [], ...unresolvedNames(resolved) };
  const conditions = ids.map(() => `c.id IN (${COLLABORATORS_OF})`);
  const params: Params = [...ids];
  const lookup = nameLookup(query.text);
  if (lookup.mode === 'short') {
    // Checked per candidate: one primary-key read of (gram, creator_id).
    const condition = shortCondition(manager, lookup, scope);
    conditions.push(
      `EXISTS (SELECT 1 FROM creator_search_shorts s WHERE s.creator_id = c.id AND ${condition.sql})`,
    );
    params.push(...condition.params);
  } else if (lookup.mode !== 'all') {
    // Checked per candidate through the key index's creator column (not the table-wide lookup).
    const condition = keyCondition(lookup, scope);
    conditions.push(
      `EXISTS (SELECT 1 FROM creator_search_keys k WHERE k.creator_id = c.id AND ${condition.sql})`,
    );
    params.push(...condition.params);
  }
  return { ...(await matching(manager, conditions.join(' AND '), params, page)), withCreators: creators };
}
