import type { EntityManager } from 'typeorm';

/**
 * Leases in the database (`leases`): a named job that one process at a time may run, across replicas.
 * A holder keeps the lease while it renews it before `expires_at`; a holder that dies loses it when it
 * expires, and another process takes it over. Taking and renewing are one conditional UPDATE, atomic on
 * SQLite and MySQL alike: of two processes racing for a free lease, one changes the row, the other
 * changes nothing.
 */

/** The rows an UPDATE changed, from a write transaction's query runner (both drivers). */
async function changedRows(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('a lease is taken inside a write transaction');
  const result = await runner.query(sql, params, true);
  return Number(result.affected ?? 0);
}

/**
 * Takes (or renews, when `holder` has it) the lease `name` until `now + ttlMs`; true when `holder` now
 * holds it. Call inside a write transaction that affects no answer.
 */
export async function takeLease(
  manager: EntityManager,
  name: string,
  holder: string,
  ttlMs: number,
  now: number = Date.now(),
): Promise<boolean> {
  return (
    (await changedRows(
      manager,
      'UPDATE leases SET holder = ?, expires_at = ? WHERE name = ? AND (holder = ? OR expires_at < ?)',
      [holder, now + ttlMs, name, holder, now],
    )) === 1
  );
}

/** Gives the lease up if `holder` has it, so another process need not wait for it to expire. */
export async function releaseLease(manager: EntityManager, name: string, holder: string): Promise<void> {
  await changedRows(manager, "UPDATE leases SET holder = '', expires_at = 0 WHERE name = ? AND holder = ?", [
    name,
    holder,
  ]);
}
