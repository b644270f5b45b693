import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A live admin session. Only the SHA-256 of the cookie's random id is stored, so a copy of the database
 * (a backup, an export) holds nothing that logs anyone in. Deleting the row ends the session on every
 * replica that shares the database.
 */
@Entity({ name: 'admin_sessions' })
export class AdminSessionEntity {
  /** Hex SHA-256 of the session id. */
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** Milliseconds since the epoch; pushed back while the session is in use (sliding expiry). */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt: string | number;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string | number;
}
