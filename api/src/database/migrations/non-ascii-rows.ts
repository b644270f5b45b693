import { setImmediate } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { int, rows } from '../sql';

/** Rows read per statement: a batch's texts are all a migration holds in memory at once. */
const BATCH = 1000;

/**
 * True when `column` holds a character beyond ASCII, as SQL: a migration that rewrites what a Unicode
 * rule makes of a text reads only these rows. Bytes against characters: no function of either database
 * normalizes or folds Unicode.
 */
const nonAscii = (manager: EntityManager, column: string): string =>
  manager.connection.options.type === 'mysql'
    ? `LENGTH(${column}) <> CHAR_LENGTH(${column})`
    : `length(CAST(${column} AS BLOB)) <> length(${column})`;

/** The rows of `table` whose `column` is not plain ASCII, by id, a batch at a time. */
export async function* nonAsciiRows<T extends { id: number }>(
  manager: EntityManager,
  table: string,
  columns: string,
  column = 'name',
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const batch = await rows<T>(
      manager,
      `SELECT ${columns} FROM ${table} WHERE id > ? AND ${nonAscii(manager, column)} ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (batch.length === 0) return;
    yield batch;
    after = int(batch[batch.length - 1]!.id);
    // SQLite writes synchronously: a turn of the event loop between batches.
    await setImmediate();
  }
}
