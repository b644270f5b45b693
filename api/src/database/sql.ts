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

/**
 * A locking-read suffix for MySQL/MariaDB, so that a transaction sees (and holds) the latest committed
 * rows instead of its snapshot: 'share' for rows it relies on, 'update' for rows it will change or
 * delete. SQLite needs none: its writes run one at a time (TransactionRunner).
 */
export function lockFor(manager: EntityManager, mode: 'share' | 'update'): string {
  if (manager.connection.options.type !== 'mysql') return '';
  return mode === 'share' ? ' LOCK IN SHARE MODE' : ' FOR UPDATE';
}
