/**
 * Rows as the history stores them: whole rows of the data tables, read in a transaction and kept as
 * JSON, so an undo can put back exactly what was there (every column, the same ids) on SQLite and
 * MySQL alike. Keys, parents and the entities a row belongs to are described once, here.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { chunks, lockFor, placeholders, rows } from '../database/sql';

export type Row = Record<string, unknown>;

export interface TableInfo {
  /** Columns of the primary key, in key order. */
  key: readonly string[];
  /** Parents are inserted before and deleted after their children. */
  parent: boolean;
  /** The creators and videos a row belongs to (for one creator's or video's history). */
  entities: (row: Row) => [entity: 'creator' | 'video', id: unknown][];
  /**
   * Counters: an undo subtracts what the change added instead of restoring the row, so changes that
   * each add to one counter (imports of one channel) can be undone in any order. Their text keys can be
   * longer than a stored row key, so the key is a hash and the row is found by its own key columns.
   */
  additive?: readonly string[];
  /** Column sets a unique index holds besides the key (an undo checks them before writing). */
  unique?: readonly (readonly string[])[];
}

export const HISTORY_TABLES = {
  // Before videos: a video refers to its event, so an undo puts the event back first.
  events: { key: ['id'], parent: true, entities: () => [] },
  creators: { key: ['id'], parent: true, entities: (r) => [['creator', r.id]], unique: [['name_key']] },
  videos: { key: ['id'], parent: true, entities: (r) => [['video', r.id]], unique: [['url_key']] },
  suggestions: { key: ['id'], parent: true, entities: () => [] },
  creator_groups: { key: ['id'], parent: true, entities: () => [] },
  social_links: { key: ['id'], parent: false, entities: (r) => [['creator', r.creator_id]] },
  creator_other_names: { key: ['id'], parent: false, entities: (r) => [['creator', r.creator_id]] },
  creator_aliases: {
    key: ['id'],
    parent: false,
    entities: (r) => [
      ['creator', r.creator_id],
      ['creator', r.merged_creator_id],
    ],
  },
  review_proposals: {
    key: ['id'],
    parent: false,
    entities: (r) => [
      ['video', r.video_id],
      ['creator', r.creator_id],
    ],
  },
  video_authors: {
    key: ['video_id', 'creator_id'],
    parent: false,
    unique: [['video_id', 'position']],
    entities: (r) => [
      ['video', r.video_id],
      ['creator', r.creator_id],
    ],
  },
  group_members: { key: ['id'], parent: false, entities: (r) => [['creator', r.creator_id]] },
  video_crew: {
    key: ['id'],
    parent: false,
    unique: [['video_id', 'position']],
    entities: (r) => [
      ['video', r.video_id],
      ['creator', r.creator_id],
    ],
  },
  event_proposals: {
    key: ['id'],
    parent: false,
    unique: [['video_a', 'video_b']],
    entities: (r) => [
      ['video', r.video_a],
      ['video', r.video_b],
    ],
  },
  // Keyed by the video's URL, not its id: a rejection outlives the video.
  review_rejections: { key: ['id'], parent: false, entities: () => [] },
  event_rejections: { key: ['id'], parent: false, entities: () => [] },
  channel_name_counts: {
    key: ['channel_key', 'name_key'],
    parent: false,
    entities: () => [],
    additive: ['count'],
  },
} satisfies Record<string, TableInfo>;

export type TableName = keyof typeof HISTORY_TABLES;
export const TABLE_NAMES = Object.keys(HISTORY_TABLES) as TableName[];

/** Rows of `table` whose `column` is one of `ids`. */
export interface Scope {
  table: TableName;
  column: string;
  ids: readonly number[];
}

/** One row's state, by `table:key`; a row absent from the map did not exist. */
export type RowSet = Map<string, { table: TableName; key: string; row: Row }>;

export const uniqueSets = (table: TableName): readonly (readonly string[])[] =>
  (HISTORY_TABLES[table] as TableInfo).unique ?? [];

export const isAdditive = (table: TableName): boolean =>
  (HISTORY_TABLES[table] as TableInfo).additive !== undefined;

export function rowKey(table: TableName, row: Row): string {
  const values = HISTORY_TABLES[table].key.map((column) => String(row[column]));
  if (isAdditive(table)) return createHash('sha1').update(JSON.stringify(values)).digest('hex');
  return values.join(':');
}

/** JSON-safe and comparable: mysql2's bigint and Date values become plain numbers and tagged strings. */
export function normaliseRow(row: Row): Row {
  const result: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === 'bigint') result[column] = Number(value);
    else if (value instanceof Date) result[column] = { $date: value.toISOString() };
    else result[column] = value;
  }
  return result;
}

/** The value to write back for a stored column value. */
export function columnValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$date' in value) return new Date(String(value.$date));
  return value;
}

export const encodeRow = (row: Row | null): string | null => (row ? JSON.stringify(row) : null);
export const decodeRow = (text: string | null): Row | null =>
  text === null || text === undefined ? null : (JSON.parse(text) as Row);

/** Equal as stored: numbers from either driver compared by value. */
export function sameRow(a: Row | null, b: Row | null): boolean {
  if (!a || !b) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (x === null || y === null || x === undefined || y === undefined) return false;
    if (typeof x === 'object' || typeof y === 'object') {
      if (JSON.stringify(x) !== JSON.stringify(y)) return false;
    } else if (String(x) !== String(y)) return false;
  }
  return true;
}

export function quote(manager: EntityManager, name: string): string {
  return manager.connection.driver.escape(name);
}

/**
 * The rows of every scope, read with a locking read on MySQL: the history must see the latest
 * committed rows (not the transaction's snapshot) and keep them until the change commits.
 */
export async function readScopes(manager: EntityManager, scopes: readonly Scope[]): Promise<RowSet> {
  const result: RowSet = new Map();
  const lock = lockFor(manager, 'update');
  for (const scope of scopes) {
    for (const part of chunks([...new Set(scope.ids)])) {
      const found = await rows<Row>(
        manager,
        `SELECT * FROM ${scope.table} WHERE ${quote(manager, scope.column)} IN ${placeholders(part.length)}${lock}`,
        part,
      );
      for (const raw of found) {
        const row = normaliseRow(raw);
        const key = rowKey(scope.table, row);
        result.set(`${scope.table}:${key}`, { table: scope.table, key, row });
      }
    }
  }
  return result;
}

/** The current rows with these keys (locked on MySQL), by `table:key`. */
export async function readKeys(
  manager: EntityManager,
  keys: readonly { table: TableName; key: string }[],
): Promise<RowSet> {
  const result: RowSet = new Map();
  const lock = lockFor(manager, 'update');
  for (const table of TABLE_NAMES.filter((t) => !isAdditive(t))) {
    const columns = HISTORY_TABLES[table].key;
    const wanted = keys.filter((k) => k.table === table).map((k) => k.key.split(':').map(Number));
    for (const part of chunks(wanted, 200)) {
      const where =
        columns.length === 1
          ? `${quote(manager, columns[0] as string)} IN ${placeholders(part.length)}`
          : part.map(() => `(${columns.map((c) => `${quote(manager, c)} = ?`).join(' AND ')})`).join(' OR ');
      for (const raw of await rows<Row>(
        manager,
        `SELECT * FROM ${table} WHERE ${where}${lock}`,
        part.flat(),
      )) {
        const row = normaliseRow(raw);
        const key = rowKey(table, row);
        result.set(`${table}:${key}`, { table, key, row });
      }
    }
  }
  return result;
}

export async function insertRow(manager: EntityManager, table: TableName, row: Row): Promise<void> {
  const columns = Object.keys(row);
  await manager.query(
    `INSERT INTO ${table} (${columns.map((c) => quote(manager, c)).join(', ')}) VALUES ${placeholders(columns.length)}`,
    columns.map((c) => columnValue(row[c])),
  );
}

export async function updateRow(manager: EntityManager, table: TableName, row: Row): Promise<void> {
  const keyColumns = HISTORY_TABLES[table].key;
  const columns = Object.keys(row).filter((c) => !keyColumns.includes(c));
  if (columns.length === 0) return;
  await manager.query(
    `UPDATE ${table} SET ${columns.map((c) => `${quote(manager, c)} = ?`).join(', ')}
      WHERE ${keyColumns.map((c) => `${quote(manager, c)} = ?`).join(' AND ')}`,
    [...columns.map((c) => columnValue(row[c])), ...keyColumns.map((c) => row[c])],
  );
}

export async function deleteRow(manager: EntityManager, table: TableName, row: Row): Promise<void> {
  const keyColumns = HISTORY_TABLES[table].key;
  await manager.query(
    `DELETE FROM ${table} WHERE ${keyColumns.map((c) => `${quote(manager, c)} = ?`).join(' AND ')}`,
    keyColumns.map((c) => row[c]),
  );
}

/** Everything of these creators: the rows, links, other names, aliases and authorships. */
export const creatorScopes = (ids: readonly number[]): Scope[] => [
  { table: 'creators', column: 'id', ids },
  { table: 'social_links', column: 'creator_id', ids },
  { table: 'creator_other_names', column: 'creator_id', ids },
  { table: 'creator_aliases', column: 'creator_id', ids },
  { table: 'video_authors', column: 'creator_id', ids },
  { table: 'review_proposals', column: 'creator_id', ids },
  { table: 'group_members', column: 'creator_id', ids },
  { table: 'video_crew', column: 'creator_id', ids },
];

/** Everything of these groups: the rows and their membership periods. */
export const groupScopes = (ids: readonly number[]): Scope[] => [
  { table: 'creator_groups', column: 'id', ids },
  { table: 'group_members', column: 'group_id', ids },
];

/** Everything of these videos: the rows and their authorships. */
export const videoScopes = (ids: readonly number[]): Scope[] => [
  { table: 'videos', column: 'id', ids },
  { table: 'video_authors', column: 'video_id', ids },
  { table: 'review_proposals', column: 'video_id', ids },
  { table: 'video_crew', column: 'video_id', ids },
  { table: 'event_proposals', column: 'video_a', ids },
  { table: 'event_proposals', column: 'video_b', ids },
];

/** An event and the videos grouped in it. */
export const eventScopes = (ids: readonly number[]): Scope[] => [
  { table: 'events', column: 'id', ids },
  { table: 'videos', column: 'event_id', ids },
];
