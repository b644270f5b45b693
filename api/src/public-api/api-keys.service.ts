import { createHash, randomBytes } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SHARE_MESSAGES, type ApiKeyInfo, type CreatedApiKey } from '@friends/shared';
import type { AppConfig } from '../config/configuration';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';

/** What a key grants once found. */
export interface KeyGrant {
  id: number;
  limit: number;
}

/** How long a replica trusts what it learnt about a key: a revocation elsewhere holds within it. */
const KEY_TTL_MS = 1_000;
/** Keys remembered at most (answers about unknown keys included). */
const MAX_REMEMBERED = 10_000;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * API keys: created and revoked by an admin, sent as `Authorization: Bearer <key>` for the higher read
 * limit. Only the SHA-256 of a key is stored (a key is 32 random bytes, so a slow hash adds nothing);
 * the key is shown once. What a key grants is remembered for a second per replica, so a request with a
 * key costs no query, and a revocation holds on this replica at once and on the others within a second.
 */
@Injectable()
export class ApiKeysService {
  private readonly keyLimit: number;
  private readonly known = new Map<string, { grant: KeyGrant | null; until: number }>();

  constructor(
    private readonly tx: TransactionRunner,
    config: ConfigService<AppConfig, true>,
  ) {
    this.keyLimit = config.get('share', { infer: true }).keyReadsPerMinute;
  }

  async create(name: string): Promise<CreatedApiKey> {
    const key = `fotc_${randomBytes(32).toString('base64url')}`;
    const trimmed = name.trim();
    const id = await this.tx.write(
      async (manager) => {
        await manager.query('INSERT INTO api_keys (name, key_hash, created_at) VALUES (?, ?, ?)', [
          trimmed,
          hashKey(key),
          new Date().toISOString(),
        ]);
        const [row] = await rows<{ id: number }>(manager, 'SELECT id FROM api_keys WHERE key_hash = ?', [
          hashKey(key),
        ]);
        return int(row?.id);
      },
      { affectsAnswers: false },
    );
    return { id, name: trimmed, key };
  }

  async list(): Promise<ApiKeyInfo[]> {
    const found = await this.tx.read((manager) =>
      rows<{ id: number; name: string; created_at: string }>(
        manager,
        'SELECT id, name, created_at FROM api_keys ORDER BY id',
      ),
    );
    return found.map((row) => ({
      id: int(row.id),
      name: row.name,
      createdAt: row.created_at,
      rateLimit: this.keyLimit,
    }));
  }

  async revoke(id: number): Promise<void> {
    const removed = await this.tx.write(
      async (manager) => {
        const [row] = await rows<{ key_hash: string }>(
          manager,
          'SELECT key_hash FROM api_keys WHERE id = ?',
          [id],
        );
        if (!row) return null;
        await manager.query('DELETE FROM api_keys WHERE id = ?', [id]);
        return row.key_hash;
      },
      { affectsAnswers: false },
    );
    if (removed === null) throw new NotFoundException(SHARE_MESSAGES.keyNotFound);
    this.known.delete(removed);
  }

  /** What `key` grants, when this replica learnt it within the last second; undefined otherwise. */
  grantNow(key: string, now = Date.now()): KeyGrant | null | undefined {
    const entry = this.known.get(hashKey(key));
    return entry && entry.until > now ? entry.grant : undefined;
  }

  /** What `key` grants: null for an unknown or revoked key. */
  async grant(key: string): Promise<KeyGrant | null> {
    const hash = hashKey(key);
    const now = Date.now();
    const entry = this.known.get(hash);
    if (entry && entry.until > now) return entry.grant;
    const [row] = await this.tx.read((manager) =>
      rows<{ id: number }>(manager, 'SELECT id FROM api_keys WHERE key_hash = ?', [hash]),
    );
    const grant = row ? { id: int(row.id), limit: this.keyLimit } : null;
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(hash, { grant, until: now + KEY_TTL_MS });
    return grant;
  }
}
