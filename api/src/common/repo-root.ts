import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export function repoRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) {
      return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
}
