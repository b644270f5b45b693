import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/configuration';
import { MIGRATIONS } from './migrations';
import { defineSqliteFunctions, type SqliteFunctionHost } from './sqlite-functions';

/** How long a statement waits for a lock held by another process before failing (SQLite). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Prepared statements TypeORM keeps on the SQLite connection (oldest dropped first). Its default of
 * 100 is below the ~400 different statements a write and the answers it makes cold run between
 * them, so each write prepared ~18 statements again; a statement costs a few kB of SQLite memory.
 */
const SQLITE_STATEMENT_CACHE = 1000;

interface SqliteHandle extends SqliteFunctionHost {
  pragma(source: string): unknown;
}

/**
 * TypeORM options for DATABASE_URL. SQLite: WAL, synchronous as configured (SQLITE_SYNCHRONOUS: FULL,
 * the default, syncs the log at every commit, so no commit is lost on power loss; NORMAL only at
 * checkpoints, which takes the sync out of every commit, blocking the event loop, at the price of the
 * last commits on a power cut), foreign keys on, a busy timeout. MySQL/MariaDB through mysql2 with utf8mb4. Migrations, never
 * synchronize. Entities are added by the caller (autoLoadEntities in the app, ENTITIES for the CLI).
 */
export function dataSourceOptions(config: DatabaseConfig): DataSourceOptions {
  const common = { migrations: MIGRATIONS, synchronize: false, migrationsRun: false };
  if (config.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      url: config.url,
      charset: 'utf8mb4_bin',
      connectTimeout: 5000,
      poolSize: 10,
      // mysql2 captures a stack trace at every query for its errors' call site: a quarter of a short
      // query's client CPU. A failed query's error still names its SQL, which says where it came from.
      extra: { trace: false },
    };
  }
  const memory = config.path === ':memory:';
  const synchronous = config.synchronous === 'normal' ? 'NORMAL' : 'FULL';
  if (!memory) mkdirSync(dirname(config.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.path,
    enableWAL: !memory,
    timeout: SQLITE_BUSY_TIMEOUT_MS,
    statementCacheSize: SQLITE_STATEMENT_CACHE,
    prepareDatabase: (db: SqliteHandle) => {
      db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      db.pragma(`synchronous = ${synchronous}`);
      defineSqliteFunctions(db);
    },
  };
}
