import type { EntityManager } from 'typeorm';

/** Placeholders for an IN list: `(?, ?, ?)`. Both drivers take `?`. */
export const placeholders = (count: number): string => `(${new Array<string>(count).fill('?').join(', ')})`;

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
    for (const row of await rows<T>(manager, sql(`WHERE ${column} IN ${placeholders(part.length)}`), part))
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
