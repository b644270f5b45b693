/**
 * Jest globalSetup of the api-e2e project. TEST_DB=mariadb: uses MYSQL_TEST_URL when set (a server on
 * which the URL's user may create databases), else starts a throwaway MariaDB once for the whole run.
 * Fails loudly when it cannot: a MariaDB run never falls back to SQLite.
 */
import { startMariadb } from './mariadb-server';

export const MYSQL_ADMIN_URL_ENV = 'FRIENDS_TEST_MYSQL_ADMIN_URL';
export const MARIADB_PID_ENV = 'FRIENDS_TEST_MARIADB_PID';
export const MARIADB_DIR_ENV = 'FRIENDS_TEST_MARIADB_DIR';

export default async function globalSetup(): Promise<void> {
  const db = (process.env.TEST_DB ?? 'sqlite').toLowerCase();
  if (db === 'sqlite') return;
  if (db !== 'mariadb' && db !== 'mysql')
    throw new Error(`TEST_DB must be sqlite or mariadb (got "${process.env.TEST_DB}")`);
  if (process.env.MYSQL_TEST_URL) {
    process.env[MYSQL_ADMIN_URL_ENV] = process.env.MYSQL_TEST_URL.replace(/\/[^/@]*$/, '');
    return;
  }
  const server = await startMariadb({ scratch: true });
  process.env[MYSQL_ADMIN_URL_ENV] = server.url;
  process.env[MARIADB_PID_ENV] = String(server.pid);
  process.env[MARIADB_DIR_ENV] = server.dir;
}
