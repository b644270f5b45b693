import { setImmediate } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { mergedSomething } from './fts-merges';
import { SqliteReadManager } from './sqlite-read-manager';

/** Placeholders for an IN list: `(?, ?, ?)`. Both drivers take `?`. */
export const placeholders = (count: number): string => `(${new Array<string>(count).fill('?').join(', ')})`;

/** The IN-list lengths a read pads its ids to (see idList); the last is the chunk size. */
const IN_LIST_SIZES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 500];

/**
 * An IN list of `ids` (at most 500) and its parameters, padded to one of a few lengths by repeating
 * the last id (a repeat changes nothing an IN matches). A list of each length is a statement of its
 * own, prepared again once it has left the driver's cache of 100; pages of every length would each
 * prepare their reads anew (a search page's 1–50 ids, in three or four statements per page).
 */
export function idList(ids: readonly number[]): { sql: string; params: number[] } {
  const size = IN_LIST_SIZES.find((length) => length >= ids.length) ?? ids.length;
  const params = [...ids];
  const last = ids[ids.length - 1];
  if (last !== undefined) while (params.length < size) params.push(last);
  return { sql: placeholders(params.length), params };
}

/** Splits a long id list so no statement carries more than `size` parameters. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Raw rows with numeric columns normalised (mysql2 answers SUM as a decimal string). */
export async function rows<T extends object>(
  manager: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await manager.query(sql, params)) as T[];
}

export const int = (value: unknown): number => Number(value ?? 0);

/**
 * The ids a read answers, in order: `sql` selects `id` as its first column. On SQLite's read manager
 * that column comes as plain numbers, with no object made per row (a title lookup's 201 ids: ~190
 * against ~155 µs).
 */
export async function idColumn(
  manager: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<number[]> {
  // An INTEGER column comes from better-sqlite3 as a number: nothing to convert.
  if (manager instanceof SqliteReadManager) return (await manager.column(sql, params)) as number[];
  return (await rows<{ id: number }>(manager, sql, params)).map((row) => int(row.id));
}

/** The new id of a raw INSERT: better-sqlite3 answers the rowid, mysql2 a header carrying insertId. */
export function insertedId(result: unknown): number {
  if (typeof result === 'number' || typeof result === 'bigint') return Number(result);
  return int((result as { insertId?: number } | undefined)?.insertId);
}

/** Which of `ids` have no row in `table` (by its `id` column), in the order given. */
export async function missingIds(
  manager: EntityManager,
  table: 'creators' | 'videos',
  ids: readonly number[],
): Promise<number[]> {
  const found = new Set<number>();
  for (const part of chunks(ids)) {
    for (const row of await rows<{ id: number }>(
      manager,
      `SELECT id FROM ${table} WHERE id IN ${placeholders(part.length)}`,
      part,
    ))
      found.add(int(row.id));
  }
  return ids.filter((id) => !found.has(id));
}

/**
 * The rows of `sql(where)` for the given ids of `column`, a chunk of them per statement; without ids, of
 * the whole table (`where` is then empty). Rows are appended one at a time: spreading a whole table into
 * push() overflows the call stack (140,000 rows did).
 */
export async function rowsWhereIn<T extends object>(
  manager: EntityManager,
  column: string,
  ids: readonly number[] | undefined,
  sql: (where: string) => string,
): Promise<T[]> {
  if (!ids) return rows<T>(manager, sql(''));
  const found: T[] = [];
  for (const part of chunks(ids)) {
    const list = idList(part);
    for (const row of await rows<T>(manager, sql(`WHERE ${column} IN ${list.sql}`), list.params))
      found.push(row);
  }
  return found;
}

/**
 * A locking-read suffix for MySQL/MariaDB, so that a transaction sees (and holds) the latest committed
 * rows instead of its snapshot: 'share' for rows it relies on, 'update' for rows it will change or
 * delete. SQLite needs none: its writes run one at a time (TransactionRunner).
 */
export function lockFor(manager: EntityManager, mode: 'share' | 'update'): string {
  if (manager.connection.options.type !== 'mysql') return '';
  return mode === 'share' ? ' LOCK IN SHARE MODE' : ' FOR UPDATE';
}

/** FTS5 index pages one merge step writes at most (a few hundred ms at 1,000,000 titles). */
const FTS_MERGE_PAGES = 500;

/**
 * Merges every segment of SQLite FTS5 table `table` into one, a step at a time with a turn of the
 * event loop between steps (what `optimize` does in one blocking statement: 3 s for the short-piece
 * index at 1,000,000 videos). A bulk fill leaves an index in many segments, and a lookup reads the
 * term's doclist in each: one segment halves the CPU of a title lookup at that size
 * (docs/architecture.md "Video title search"). FTS5's `merge` with a negative page count merges
 * segments of every level (the API keeps them merged in pauses with a positive one, fts-merges.ts).
 */
export async function mergeFtsSegments(manager: EntityManager, table: string): Promise<void> {
  const changes = async () => int((await rows<{ n: number }>(manager, 'SELECT total_changes() AS n'))[0]?.n);
  for (;;) {
    const before = await changes();
    await manager.query(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`, [-FTS_MERGE_PAGES]);
    if (!mergedSomething((await changes()) - before)) return;
    await setImmediate();
  }
}
