/**
 * The product under test: rebuilt (`npm run build`) when any bundle's sources are newer than its dist,
 * then copied into bench/.cache/build so a rebuild elsewhere in the repository during the run cannot
 * change or delete the files being served.
 */
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, REPO_ROOT, log } from './util';

const PACKAGES = ['shared', 'api', 'host', 'public-remote', 'admin-remote'];
const SERVED = ['api/dist', 'host/dist', 'public-remote/dist', 'admin-remote/dist'];

function newest(path: string, skip: (name: string) => boolean = () => false): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (skip(name)) continue;
    latest = Math.max(latest, newest(join(path, name), skip));
  }
  return latest;
}

const isTest = (name: string) => /\.(test|spec)\.tsx?$/.test(name);

/**
 * Written when a build this module ran has finished. webpack leaves an output file alone when its
 * content is unchanged (`output.compareBeforeEmit`), so after a source change that changes no bundle
 * the dist stays older than the sources; the build's own time tells that it is up to date.
 */
const BUILT_AT = join(CACHE_DIR, 'built-at');

/** Packages whose sources (or build configuration) changed after their last build. */
export function stalePackages(): string[] {
  return PACKAGES.filter((name) => {
    const dir = join(REPO_ROOT, name);
    const dist = newest(join(dir, 'dist'));
    if (!dist) return true;
    const built = Math.max(dist, newest(BUILT_AT));
    const sources = Math.max(
      newest(join(dir, 'src'), isTest),
      ...readdirSync(dir)
        .filter((f) => /^(package\.json|tsconfig.*\.json|.*\.config\.m?[jt]s)$/.test(f))
        .map((f) => statSync(join(dir, f)).mtimeMs),
    );
    return sources > built;
  });
}

export function ensureBuilt(): string {
  const stale = stalePackages();
  if (stale.length > 0) {
    log(`building the product (stale: ${stale.join(', ')})`);
    execSync('npm run build', { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(BUILT_AT, `${new Date().toISOString()}\n`);
  }
  const snapshot = join(CACHE_DIR, 'build');
  rmSync(snapshot, { recursive: true, force: true });
  for (const folder of SERVED) {
    cpSync(join(REPO_ROOT, folder), join(snapshot, folder), { recursive: true });
  }
  return snapshot;
}
