/**
 * Boots the real app for one test file on a fresh database: a temp SQLite file (TEST_DB=sqlite, the
 * default) or a new database on the MariaDB server of global-setup.ts (TEST_DB=mariadb).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { API_ROUTES } from '@friends/shared';
import { createApp } from '../../src/app.factory';
import { loadConfiguration, type Env } from '../../src/config/configuration';
import { ADMIN_PASSWORD, SESSION_SECRET } from './credentials';
import { MYSQL_ADMIN_URL_ENV } from './global-setup';
import { INSTALL_HINT } from './mariadb-server';

export { ADMIN_PASSWORD } from './credentials';
export const TEST_DB = (process.env.TEST_DB ?? 'sqlite').toLowerCase() === 'sqlite' ? 'sqlite' : 'mariadb';

export interface TestContext {
  app: NestFastifyApplication;
  /** supertest against the app's server. */
  http: () => ReturnType<typeof request>;
  /** The `Cookie` header value of a logged-in admin. */
  cookie: string;
  databaseUrl: string;
  /** Raw SQL on the app's database (for asserting what it now holds). */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  /** Drops the database only (after `app.close()`, when another app on it outlived this one). */
  drop: () => Promise<void>;
}

/** A fresh, empty database for one test file. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (TEST_DB === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'friends-api-test-'));
    return {
      url: `sqlite:${join(dir, 'test.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env[MYSQL_ADMIN_URL_ENV];
  if (!admin) {
    throw new Error(
      `TEST_DB=mariadb but no MariaDB server was started (global setup). Install it with: ${INSTALL_HINT}`,
    );
  }
  const name = `friends_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const connection = await createConnection(admin);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await connection.end();
  return {
    url: `${admin}/${name}`,
    drop: async () => {
      const c = await createConnection(admin);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * Starts the app on a fresh database (no demo data unless env says so) and logs an admin in. With
 * `existing`, on that one instead (a second app on the database of a first, which then applies the
 * migrations still pending there); `close` drops it.
 */
export async function startTestApp(
  env: Env = {},
  existing?: { url: string; drop: () => Promise<void> },
): Promise<TestContext> {
  const database = existing ?? (await freshDatabase());
  const config = loadConfiguration({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD,
    SESSION_SECRET,
    BUNDLES_DIR: join(tmpdir(), 'friends-no-bundles'),
    LOGIN_RATE_LIMIT: '50',
    // Suites read a lot from one address; public-api.e2e-spec.ts tests the limit itself.
    PUBLIC_READ_RATE_LIMIT: '10000000',
    // So do the cards drawn; share.e2e-spec.ts tests CARD_DRAW_RATE_LIMIT.
    CARD_DRAW_RATE_LIMIT: '10000000',
    // A warm-up draw costs every suite a second of CPU; share.e2e-spec.ts turns it on.
    WARM_CARDS: 'false',
    // So is making each card smaller after it is sent (a third of a second at the lowest priority).
    SHRINK_CARDS: 'false',
    DATABASE_URL: database.url,
    ...env,
  });
  const app = await createApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const http = () => request(app.getHttpServer());
  const login = await http().post(API_ROUTES.login).send({ password: config.auth.adminPassword });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const dataSource = app.get(DataSource);
  return {
    app,
    http,
    cookie,
    databaseUrl: database.url,
    query: async <T>(sql: string, params: unknown[] = []) => (await dataSource.query(sql, params)) as T[],
    close: async () => {
      await app.close();
      await database.drop();
    },
    drop: database.drop,
  };
}
