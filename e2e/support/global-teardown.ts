import { removeSnapshot, SNAPSHOT_ENV } from './server';

export default function globalTeardown(): void {
  removeSnapshot(process.env[SNAPSHOT_ENV]);
}
