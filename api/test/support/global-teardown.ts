import { MARIADB_DIR_ENV, MARIADB_PID_ENV } from './global-setup';
import { errorLogTail, running, stopMariadb } from './mariadb-server';

export default function globalTeardown(): void {
  const pid = Number(process.env[MARIADB_PID_ENV] ?? 0);
  const dir = process.env[MARIADB_DIR_ENV];
  if (!pid || !dir) return;
  // A server that went away mid-run fails every file after it with ECONNREFUSED; its log, deleted
  // with its folder below, is the only record of why.
  if (!running(pid))
    console.error(
      `\nThe test MariaDB (pid ${pid}) stopped before the run ended. Its log ends:\n${errorLogTail(dir, 6000)}`,
    );
  stopMariadb({ url: '', pid, dir });
}
