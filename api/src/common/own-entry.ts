import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where a worker thread or child process finds one of the API's own modules, and how it loads it. */
export interface OwnEntry {
  /** The module's file. */
  file: string;
  /** A file to require first so that `file` loads, or null when it loads as it is. */
  register: string | null;
}

/**
 * `name` in `dir` (the caller's `__dirname`): the compiled .js in production; from the TypeScript
 * sources, as the API's test suites run them, the .ts file with a loader that compiles it on load by
 * swc with jest's settings.
 */
export function ownEntry(dir: string, name: string): OwnEntry {
  const compiled = join(dir, `${name}.js`);
  if (existsSync(compiled)) return { file: compiled, register: null };
  return { file: join(dir, `${name}.ts`), register: join(__dirname, '../../test/support/register-ts.cjs') };
}

/** The source of a worker thread (`eval: true`) that runs `entry`. */
export function workerSource(entry: OwnEntry): string {
  const register = entry.register ? `require(${JSON.stringify(entry.register)});` : '';
  return `${register}require(${JSON.stringify(entry.file)});`;
}
