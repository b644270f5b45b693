/**
 * The name-search index (docs/architecture.md "Name search"): every name a creator is found by — its
 * name, other names, aliases and (for the visitor's search) its channel — folded by the shared
 * foldText into `creator_search_keys`; on SQLite each creator's whole keys into one document of the
 * trigram index `creator_search_docs` (by the keys' triggers), on MySQL/MariaDB each whole key's
 * trigrams into `creator_search_grams`; and on both every one- and two-character piece of a creator's
 * keys into `creator_search_shorts` (the short queries' index). Derived data, like the stored counts:
 * written in the transaction of the change that moved it (CountsService.refresh calls
 * `refreshCreatorSearchKeys` for the creators it refreshes), and rebuilt from the tables by
 * `rebuildCreatorSearchKeys`.
 */
import { setImmediate } from 'node:timers/promises';
import { channelSearchKey, foldText, nameSearchKeys } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, int, mergeFtsSegments, placeholders, rows, rowsWhereIn } from '../database/sql';

/** A key's longest stored form, in characters (the column's length); longer names are cut there. */
export const SEARCH_KEY_LENGTH = 255;
/** Characters per trigram (MySQL/MariaDB's index). */
export const GRAM = 3;

export interface SearchKeyRow {
  creatorId: number;
  field: 'name' | 'channel';
  initials: 0 | 1;
  whole: 0 | 1;
  key: string;
}

const cut = (text: string): string => {
  const chars = [...text];
  return chars.length <= SEARCH_KEY_LENGTH ? text : chars.slice(0, SEARCH_KEY_LENGTH).join('').trimEnd();
};

/** The index rows of one creator: each distinct key once, a whole name winning over a word start. */
export function creatorSearchKeyRows(
  creatorId: number,
  names: readonly string[],
  channel: string,
): SearchKeyRow[] {
  const found = new Map<string, SearchKeyRow>();
  const add = (row: SearchKeyRow) => {
    if (!row.key) return;
    const id = `${row.field}\n${row.initials}\n${row.key}`;
    const earlier = found.get(id);
    if (!earlier || (row.whole && !earlier.whole)) found.set(id, row);
  };
  for (const name of names) {
    for (const { key, initials, whole } of nameSearchKeys(cut(foldText(name)))) {
      add({ creatorId, field: 'name', initials: initials ? 1 : 0, whole: whole ? 1 : 0, key: cut(key) });
    }
  }
  if (channel)
    add({ creatorId, field: 'channel', initials: 0, whole: 1, key: cut(channelSearchKey(channel)) });
  return [...found.values()];
}

/** One creator's row of the short-query index: a piece of its keys, and whether a name holds it. */
export interface SearchShortRow {
  gram: string;
  creatorId: number;
  /** 1: in a name, other name or alias; 0: only in the channel (scope 'names' skips it). */
  inName: 0 | 1;
}

/** Characters (code points) of the longest piece the short-query index stores. */
export const SHORT_GRAM = 2;

/**
 * The one- and two-character pieces of a key, distinct. Pieces with a space are left out: a folded
 * query is trimmed with single spaces, so no query of one or two characters holds one.
 */
export function shortGrams(key: string): string[] {
  const chars = [...key];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    for (let size = 1; size <= SHORT_GRAM && i + size <= chars.length; size++) {
      const gram = chars.slice(i, i + size).join('');
      if (!gram.includes(' ')) grams.add(gram);
    }
  }
  return [...grams];
}

/**
 * The short-query index rows of key rows (creatorSearchKeyRows): each piece of a creator's whole keys
 * once per creator, marked when a name (not only the channel) holds it. Initials keys have none: an
 * initials query keeps to word starts (the key index).
 */
export function creatorSearchShortRows(keyRows: readonly SearchKeyRow[]): SearchShortRow[] {
  const found = new Map<string, SearchShortRow>();
  for (const row of keyRows) {
    if (!row.whole || row.initials) continue;
    const inName = row.field === 'name' ? 1 : 0;
    for (const gram of shortGrams(row.key)) {
      const id = `${row.creatorId}\n${gram}`;
      const earlier = found.get(id);
      if (!earlier) found.set(id, { gram, creatorId: row.creatorId, inName });
      else if (inName) earlier.inName = 1;
    }
  }
  return [...found.values()];
}

/** The trigrams of a key, distinct, as the index stores them (characters are code points). */
export function trigrams(key: string): string[] {
  const chars = [...key];
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i++) grams.add(chars.slice(i, i + GRAM).join(''));
  return [...grams];
}

const isMysql = (manager: EntityManager) => manager.connection.options.type === 'mysql';

/** The tables holding the name-search index, as writes are recorded under (a migration stamps them). */
export const creatorSearchTables = (manager: EntityManager): string[] =>
  isMysql(manager)
    ? ['creator_search_keys', 'creator_search_shorts', 'creator_search_grams']
    : ['creator_search_keys', 'creator_search_shorts'];

/** Rows per multi-row INSERT: 5 columns × 200 stays far below both engines' parameter limits. */
const INSERT_ROWS = 200;
/** Rows per multi-row INSERT of the short-query index (3 columns). */
const SHORT_INSERT_ROWS = 500;

async function insertKeys(
  manager: EntityManager,
  creatorIds: readonly number[],
  keyRows: readonly SearchKeyRow[],
): Promise<void> {
  for (const part of chunks(keyRows, INSERT_ROWS)) {
    await manager.query(
      `INSERT INTO creator_search_keys (creator_id, field, initials, whole, search_key)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      part.flatMap((row) => [row.creatorId, row.field, row.initials, row.whole, row.key]),
    );
  }
  const shorts = creatorSearchShortRows(keyRows);
  const gram = isMysql(manager) ? (text: string) => Buffer.from(text) : (text: string) => text;
  for (const part of chunks(shorts, SHORT_INSERT_ROWS)) {
    await manager.query(
      `INSERT INTO creator_search_shorts (gram, creator_id, in_name) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`,
      part.flatMap((row) => [gram(row.gram), row.creatorId, row.inName]),
    );
  }
  if (!isMysql(manager)) return; // SQLite: each creator's document follows through the keys' triggers
  const whole = await rowsWhereIn<{ id: number; search_key: string }>(
    manager,
    'creator_id',
    creatorIds,
    (where) => `SELECT id, search_key FROM creator_search_keys ${where} AND whole = 1`,
  );
  const grams: [Buffer, number][] = [];
  for (const row of whole)
    for (const gram of trigrams(row.search_key)) grams.push([Buffer.from(gram), int(row.id)]);
  for (const chunk of chunks(grams, 1000)) {
    await manager.query(
      `INSERT INTO creator_search_grams (gram, key_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
      chunk.flat(),
    );
  }
}

interface NameRow {
  creator_id: number;
  name: string;
}

/** Every name (name, other names, aliases) and the first link of the given creators, or of all. */
async function readSearchableNames(
  manager: EntityManager,
  ids: readonly number[] | undefined,
): Promise<{ names: Map<number, string[]>; channels: Map<number, string> }> {
  const names = new Map<number, string[]>();
  const push = (row: NameRow) => {
    const id = int(row.creator_id);
    const list = names.get(id);
    if (list) list.push(row.name);
    else names.set(id, [row.name]);
  };
  for (const row of await rowsWhereIn<NameRow>(
    manager,
    'id',
    ids,
    (where) => `SELECT id AS creator_id, name FROM creators ${where} ORDER BY id`,
  ))
    push(row);
  for (const table of ['creator_other_names', 'creator_aliases']) {
    for (const row of await rowsWhereIn<NameRow>(
      manager,
      'creator_id',
      ids,
      (where) => `SELECT creator_id, name FROM ${table} ${where} ORDER BY creator_id, id`,
    )) {
      if (names.has(int(row.creator_id))) push(row);
    }
  }
  const channels = new Map<number, string>();
  for (const row of await rowsWhereIn<{ creator_id: number; url: string }>(
    manager,
    'creator_id',
    ids,
    (where) => `SELECT creator_id, url FROM social_links ${where} ORDER BY creator_id, position, id`,
  )) {
    const id = int(row.creator_id);
    if (!channels.has(id) && row.url.trim()) channels.set(id, row.url);
  }
  return { names, channels };
}

function keyRowsOf(found: Awaited<ReturnType<typeof readSearchableNames>>): SearchKeyRow[] {
  const keyRows: SearchKeyRow[] = [];
  for (const [id, list] of found.names) {
    for (const row of creatorSearchKeyRows(id, list, found.channels.get(id) ?? '')) keyRows.push(row);
  }
  return keyRows;
}

const rowId = (row: SearchKeyRow): string =>
  `${row.creatorId}\n${row.field}\n${row.initials}\n${row.whole}\n${row.key}`;

/**
 * Brings the index rows of these creators up to date with their names, other names, aliases and
 * first link (a deleted creator's rows go). Only creators whose keys changed are rewritten, so naming
 * the authors of an edited video costs a few indexed reads. Answers the creators rewritten.
 */
export async function refreshCreatorSearchKeys(
  manager: EntityManager,
  ids: Iterable<number>,
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rewritten: number[] = [];
  for (const part of chunks(wanted)) {
    const desired = new Map<number, SearchKeyRow[]>(part.map((id) => [id, []]));
    for (const row of keyRowsOf(await readSearchableNames(manager, part)))
      desired.get(row.creatorId)?.push(row);
    const stored = new Map<number, Set<string>>(part.map((id) => [id, new Set()]));
    for (const row of await rows<{
      creator_id: number;
      field: 'name' | 'channel';
      initials: number;
      whole: number;
      search_key: string;
    }>(
      manager,
      `SELECT creator_id, field, initials, whole, search_key FROM creator_search_keys
        WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    )) {
      stored.get(int(row.creator_id))?.add(
        rowId({
          creatorId: int(row.creator_id),
          field: row.field,
          initials: int(row.initials) ? 1 : 0,
          whole: int(row.whole) ? 1 : 0,
          key: row.search_key,
        }),
      );
    }
    const changed = part.filter((id) => {
      const mine = desired.get(id) ?? [];
      const have = stored.get(id) ?? new Set();
      return mine.length !== have.size || mine.some((row) => !have.has(rowId(row)));
    });
    if (changed.length === 0) continue;
    // The grams go with their keys (ON DELETE CASCADE); the documents through the keys' triggers.
    await manager.query(
      `DELETE FROM creator_search_keys WHERE creator_id IN ${placeholders(changed.length)}`,
      changed,
    );
    await manager.query(
      `DELETE FROM creator_search_shorts WHERE creator_id IN ${placeholders(changed.length)}`,
      changed,
    );
    await insertKeys(
      manager,
      changed,
      changed.flatMap((id) => desired.get(id) ?? []),
    );
    rewritten.push(...changed);
  }
  return rewritten;
}

/**
 * SQLite's trigram table of the names. Migrations older than `creator_search_docs` rebuild the index
 * too, when the one before it (a row per key) was still the schema's.
 */
async function nameIndexTable(manager: EntityManager): Promise<string> {
  const [docs] = await rows<{ found: number }>(
    manager,
    `SELECT 1 AS found FROM sqlite_master WHERE name = 'creator_search_docs'`,
  );
  return docs ? 'creator_search_docs' : 'creator_search_fts';
}

/** Rebuilds the whole index from the tables (the migration, a restore, seeding, generated data). */
export async function rebuildCreatorSearchKeys(manager: EntityManager): Promise<void> {
  if (isMysql(manager)) await manager.query('DELETE FROM creator_search_grams');
  await manager.query('DELETE FROM creator_search_keys'); // SQLite's trigram rows go by its trigger
  await manager.query('DELETE FROM creator_search_shorts');
  const [count] = await rows<{ total: number }>(manager, 'SELECT COUNT(*) AS total FROM creators');
  if (int(count?.total) === 0) return;
  const ids = (await rows<{ id: number }>(manager, 'SELECT id FROM creators ORDER BY id')).map((r) =>
    int(r.id),
  );
  // A thousand creators at a time: their keys, trigrams and short pieces are held in memory at once;
  // between them a turn of the event loop, since SQLite writes synchronously (a restore's rebuild
  // would otherwise hold every other request).
  for (const part of chunks(ids, 1000)) {
    await insertKeys(manager, part, keyRowsOf(await readSearchableNames(manager, part)));
    await setImmediate();
  } // Filled in batches, the trigram index is left in many segments: one is what lookups read fastest.
  if (!isMysql(manager)) await mergeFtsSegments(manager, await nameIndexTable(manager));
}
