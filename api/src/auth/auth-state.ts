/**
 * The `auth_state` rows every replica reads the same (docs/operations.md "Sessions"): the generated
 * session secret, the device-cookie generation and the fingerprint of the admin password. Only the
 * auth module writes them; a backup never holds them.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { lockFor, rows } from '../database/sql';

export const SESSION_SECRET_ROW = 'session_secret';
export const DEVICE_GENERATION_ROW = 'device_generation';
export const PASSWORD_FINGERPRINT_ROW = 'password_fingerprint';

/**
 * The row's value, written as `initial` when absent (the first of several replicas starting together
 * wins; the others read its value), and locked for the rest of the transaction on MySQL.
 */
export async function lockedState(manager: EntityManager, name: string, initial: string): Promise<string> {
  // As lockBucket: a write first (SQLite takes its write lock; MySQL locks an existing row exclusively).
  const create =
    manager.connection.options.type === 'mysql'
      ? 'INSERT INTO auth_state (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = name'
      : 'INSERT OR IGNORE INTO auth_state (name, value) VALUES (?, ?)';
  await manager.query(create, [name, initial]);
  const [row] = await rows<{ value: string }>(
    manager,
    `SELECT value FROM auth_state WHERE name = ?${lockFor(manager, 'update')}`,
    [name],
  );
  return row?.value ?? initial;
}

export async function readState(manager: EntityManager, name: string): Promise<string | null> {
  const [row] = await rows<{ value: string }>(manager, 'SELECT value FROM auth_state WHERE name = ?', [name]);
  return row?.value ?? null;
}

export async function saveState(manager: EntityManager, name: string, value: string): Promise<void> {
  await manager.query('UPDATE auth_state SET value = ? WHERE name = ?', [value, name]);
}

export const newSessionSecret = (): string => randomBytes(32).toString('hex');

/** `scrypt$<salt>$<hash>`: tells whether a password is the one it was made from, and nothing more. */
export function passwordFingerprint(password: string, salt = randomBytes(16).toString('hex')): string {
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
}

export function fingerprintMatches(fingerprint: string, password: string): boolean {
  const [kind, salt, hash] = fingerprint.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, 32);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
