/**
 * A throwaway MariaDB server for the API tests (docs/architecture.md "Known traps"): a private data directory,
 * a free port on 127.0.0.1, no system configuration (--no-defaults), stopped by its pid and deleted
 * afterwards. Started once per jest run by global-setup.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export const INSTALL_HINT = 'apt-get install -y mariadb-server';
export const TEST_USER = 'friends_test';
export const TEST_PASSWORD = 'friends_test_pw';

export interface RunningMariadb {
  /** Admin URL without a database: mysql://user:pass@127.0.0.1:port */
  url: string;
  pid: number;
  dir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function binary(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`MariaDB is not installed (${name} not found). Install it with: ${INSTALL_HINT}`);
}

export interface MariadbOptions {
  /**
   * A server whose data nobody keeps (the API suites): its data directory in memory (/dev/shm, when it
   * has room), InnoDB writing its log to the OS at each commit without fsync, no doublewrite buffer, and
   * room in the buffer pool and redo log for the restore suites' millions of title-index rows. A commit
   * still survives mariadbd being killed (only a machine crash loses it, and the data is thrown away
   * anyway); what the suites assert about the database is unchanged. Every suite creates its schema
   * (about 70 tables), and each CREATE TABLE / DROP DATABASE fsyncs several files on a disk data
   * directory: 1.4–4.9 s per app started and closed on a busy shared disk, 1.4–1.6 s in memory.
   * Off for the bench, whose figures must stay comparable with production's durable settings.
   */
  scratch?: boolean;
}

/** tmpfs room the API suites need at most (the backup-stream suite's 100,000 titles and their index). */
const SCRATCH_MIN_FREE_BYTES = 4 * 1024 ** 3;

function dataRoot(options: MariadbOptions): string {
  if (!options.scratch) return tmpdir();
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= SCRATCH_MIN_FREE_BYTES) return '/dev/shm';
  } catch {
    // no /dev/shm: the disk it is
  }
  return tmpdir();
}

/**
 * Starts mariadbd on an installed data directory (`dir`/data) and port, detached; startMariadb uses it
 * once, the fault tests again after stopping the server to bring the same database back.
 */
export function launchMariadbd(dir: string, port: number, options: MariadbOptions = {}): ChildProcess {
  const server = spawn(
    binary('mariadbd'),
    [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      '--user=root',
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, 'sock')}`,
      `--pid-file=${join(dir, 'pid')}`,
      '--skip-log-bin',
      `--innodb-buffer-pool-size=${options.scratch ? '512M' : '64M'}`,
      '--max-connections=500',
      `--log-error=${join(dir, 'error.log')}`,
      ...(options.scratch
        ? ['--innodb-flush-log-at-trx-commit=2', '--innodb-doublewrite=0', '--innodb-log-file-size=256M']
        : []),
    ],
    { detached: true, stdio: 'ignore' },
  );
  server.unref();
  return server;
}

export async function startMariadb(options: MariadbOptions = {}): Promise<RunningMariadb> {
  const installDb = binary('mariadb-install-db');
  const dir = mkdtempSync(join(dataRoot(options), 'friends-mariadb-'));
  const data = join(dir, 'data');
  const install = spawnSync(
    installDb,
    [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `mariadb-install-db failed (${install.status}):\n${install.stderr}\nIs MariaDB installed? ${INSTALL_HINT}`,
    );
  }
  const port = await freePort();
  const server = launchMariadbd(dir, port, options);
  const pid = server.pid ?? 0;

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const connection = await createConnection({ host: '127.0.0.1', port, user: 'root', password: '' });
      await connection.query(`CREATE USER IF NOT EXISTS '${TEST_USER}'@'%' IDENTIFIED BY '${TEST_PASSWORD}'`);
      await connection.query(`GRANT ALL PRIVILEGES ON *.* TO '${TEST_USER}'@'%'`);
      await connection.end();
      break;
    } catch (error) {
      if (Date.now() > deadline || server.exitCode !== null) {
        const log = errorLogTail(dir);
        stopMariadb({ url: '', pid, dir });
        throw new Error(
          `MariaDB did not start on port ${port}: ${String(error)}\n${log}\nIs MariaDB installed? ${INSTALL_HINT}`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url: `mysql://${TEST_USER}:${TEST_PASSWORD}@127.0.0.1:${port}`, pid, dir };
}

/**
 * Whether the process still runs. A child of this process that has exited stays a zombie until the
 * event loop reaps it, which this synchronous wait never lets happen: a zombie counts as stopped.
 */
export function running(pid: number): boolean {
  if (!existsSync('/proc/self/stat')) return signalled(pid); // not Linux: a zombie counts as running
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

function signalled(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The end of the server's own log in `dir` ('' when there is none). */
export function errorLogTail(dir: string, length = 2000): string {
  const log = join(dir, 'error.log');
  return existsSync(log) ? readFileSync(log, 'utf8').slice(-length) : '';
}

export function stopMariadb(server: RunningMariadb): void {
  if (server.pid) {
    // Its data is deleted next, so nothing is gained by a clean shutdown (InnoDB took 15 s and more
    // to stop after a suite): killed at once, then waited for so the folder is no longer in use.
    try {
      process.kill(server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && running(server.pid)) spawnSync('sleep', ['0.05']);
  }
  rmSync(server.dir, { recursive: true, force: true });
}
