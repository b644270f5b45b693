/**
 * Counters of the rate limits, one row of `login_limits` each, shared by every replica (docs/
 * architecture.md "Security"): the login limits (`ip:`, `account`, `device:` buckets) and the
 * throttled routes (`throttle:` buckets, DatabaseThrottlerStorage).
 */
import type { EntityManager } from 'typeorm';
import { int, lockFor, rows } from '../database/sql';

export interface Bucket {
  attempts: number;
  since: number;
  lockedUntil: number;
}

/** The bucket's row, created when missing and locked for this transaction (MySQL; SQLite writes alone). */
export async function lockBucket(manager: EntityManager, key: string): Promise<Bucket> {
  // A write first, so SQLite takes its write lock before reading (another process may write too). On
  // MySQL the no-op ON DUPLICATE KEY UPDATE locks an existing row exclusively at once: INSERT IGNORE
  // would take a shared lock, and many requests upgrading it together deadlock one another.
  const create =
    manager.connection.options.type === 'mysql'
      ? 'INSERT INTO login_limits (bucket, attempts, since, locked_until) VALUES (?, 0, 0, 0) ON DUPLICATE KEY UPDATE bucket = bucket'
      : 'INSERT OR IGNORE INTO login_limits (bucket, attempts, since, locked_until) VALUES (?, 0, 0, 0)';
  await manager.query(create, [key]);
  const [row] = await rows<{ attempts: unknown; since: unknown; locked_until: unknown }>(
    manager,
    `SELECT attempts, since, locked_until FROM login_limits WHERE bucket = ?${lockFor(manager, 'update')}`,
    [key],
  );
  return { attempts: int(row?.attempts), since: int(row?.since), lockedUntil: int(row?.locked_until) };
}

export async function saveBucket(manager: EntityManager, key: string, bucket: Bucket): Promise<void> {
  await manager.query('UPDATE login_limits SET attempts = ?, since = ?, locked_until = ? WHERE bucket = ?', [
    bucket.attempts,
    bucket.since,
    bucket.lockedUntil,
    key,
  ]);
}
