/**
 * The opening every one-section bench script shares (`bench:groups`, `bench:search`, `bench:share`):
 * the size (`--large`), the load (`--connections`, `--duration`), the cached SQLite set of that size
 * and the built front end the API serves.
 */
import { ensureBuilt } from './build';
import {
  DEFAULT_SIZE,
  LARGE_SIZE,
  cachedSqlite,
  sizeLabel,
  type CachedDatabase,
  type Size,
} from './generate';
import { CACHE_DIR, arg } from './util';

export interface SectionRun {
  size: Size;
  connections: number;
  durationSeconds: number;
  cached: CachedDatabase;
  buildDir: string;
}

export async function openSectionRun(): Promise<SectionRun> {
  const size = process.argv.includes('--large') ? LARGE_SIZE : DEFAULT_SIZE;
  const cached = await cachedSqlite(size);
  if (!cached) throw new Error(`no cached ${sizeLabel(size)} set in ${CACHE_DIR}: run npm run bench once`);
  return {
    size,
    connections: Number(arg('connections', '10')),
    durationSeconds: Number(arg('duration', '5')),
    cached,
    buildDir: ensureBuilt(),
  };
}
