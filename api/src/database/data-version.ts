import type { EntityManager } from 'typeorm';
import { EVERYTHING } from './answer-invalidation';
import { int, placeholders, rows } from './sql';

/**
 * How often a replica reads the answer versions: a write on another replica reaches its answers within
 * this plus one query (the promise is 1 s, docs/architecture.md "Many replicas, one truth").
 */
export const DATA_VERSION_POLL_MS = 250;

/**
 * Advances the write sequence (the one row of `data_version`) inside the caller's write transaction and
 * returns the new value. Writes take it one at a time (its row is locked until the commit), so the
 * sequence numbers commits in order.
 */
export async function advanceDataVersion(manager: EntityManager): Promise<number> {
  await manager.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
  return readDataVersion(manager); // our own row lock: no other write can have moved it since
}

/**
 * Takes the SQLite file's write lock inside the caller's transaction without changing anything (the
 * sequence's row written as it is): for a change that stamps nothing and must not read before it holds
 * the lock (TransactionRunner.write).
 */
export async function lockForWrite(manager: EntityManager): Promise<void> {
  await manager.query('UPDATE data_version SET version = version WHERE id = 1');
}

export async function readDataVersion(manager: EntityManager): Promise<number> {
  const [row] = await rows<{ version: unknown }>(manager, 'SELECT version FROM data_version WHERE id = 1');
  if (!row) throw new Error('data_version has no row: run the migrations');
  return int(row.version);
}

/** Each table's version: the sequence number of the last write that changed it. */
export type AnswerVersions = Map<string, number>;

export async function readAnswerVersions(manager: EntityManager): Promise<AnswerVersions> {
  const found = await rows<{ name: string; version: unknown }>(
    manager,
    'SELECT name, version FROM answer_versions',
  );
  return new Map(found.map((row) => [row.name, int(row.version)]));
}

/**
 * Stamps `tables` with `sequence` inside the write transaction (after advanceDataVersion, whose lock
 * orders these too). A table seen for the first time gets its row; `known` is what this replica last
 * read, so an existing row is not inserted again.
 */
export async function stampAnswerVersions(
  manager: EntityManager,
  tables: ReadonlySet<string>,
  sequence: number,
  known: ReadonlySet<string>,
): Promise<void> {
  const names = tables.has(EVERYTHING) ? [EVERYTHING] : [...tables];
  const mysql = manager.connection.options.type !== 'better-sqlite3';
  for (const name of names.filter((table) => !known.has(table))) {
    await manager.query(
      `INSERT ${mysql ? 'IGNORE' : 'OR IGNORE'} INTO answer_versions (name, version) VALUES (?, 0)`,
      [name],
    );
  }
  await manager.query(`UPDATE answer_versions SET version = ? WHERE name IN ${placeholders(names.length)}`, [
    sequence,
    ...names,
  ]);
}
