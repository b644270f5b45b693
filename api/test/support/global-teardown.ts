import { MARIADB_DIR_ENV, MARIADB_PID_ENV } from './global-setup';
import { stopMariadb } from './mariadb-server';

export default function globalTeardown(): void {
  const pid = Number(process.env[MARIADB_PID_ENV] ?? 0);
  const dir = process.env[MARIADB_DIR_ENV];
  if (pid && dir) stopMariadb({ url: '', pid, dir });
}
