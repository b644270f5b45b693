import type { EntityManager } from 'typeorm';
import { int, rows } from './sql';

/**
 * How often a replica reads the data version: a write on another replica reaches its answers within
 * this plus one query (the promise is 1 s, docs/architecture.md "Architecture rules").
 */
export const DATA_VERSION_POLL_MS = 250;

/** Advances the data version inside the caller's write transaction and returns the new value. */
export async function advanceDataVersion(manager: EntityManager): Promise<number> {
  await manager.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
  return readDataVersion(manager); // our own row lock: no other write can have moved it since
}

export async function readDataVersion(manager: EntityManager): Promise<number> {
  const [row] = await rows<{ version: unknown }>(manager, 'SELECT version FROM data_version WHERE id = 1');
  if (!row) throw new Error('data_version has no row: run the migrations');
  return int(row.version);
}
