// `npm start`: builds what changed since the last start, then serves the product.
//
// Each build step (the shared package, the three bundles, the API) records a hash of its inputs in its
// output folder once it succeeds; a step whose inputs hash the same and whose output is there is
// skipped, so a second start with unchanged sources goes straight to the server. Every step says what
// it does and why, since a first start spends a minute or more building before anything answers.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-inputs';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Inputs every step shares: the lockfile and the base TypeScript settings. */
const COMMON = ['package-lock.json', 'tsconfig.base.json'];
const bundle = (dir) => [
  dir + '/src',
  dir + '/package.json',
  dir + '/tsconfig.json',
  dir + '/webpack.config.mjs',
  dir + '/module-federation.config.mjs',
  'tooling',
  'shared/src',
  'web/src',
];

export const STEPS = [
  {
    name: 'shared package',
    workspace: '@friends/shared',
    output: 'shared/dist',
    inputs: [
      'shared/src',
      'shared/package.json',
      'shared/tsconfig.json',
      'shared/tsconfig.esm.json',
      'shared/tsconfig.cjs.json',
    ],
  },
  { name: 'host bundle', workspace: '@friends/host', output: 'host/dist', inputs: bundle('host') },
  {
    name: 'public remote bundle',
    workspace: '@friends/public-remote',
    output: 'public-remote/dist',
    inputs: bundle('public-remote'),
  },
  {
    name: 'admin remote bundle',
    workspace: '@friends/admin-remote',
    output: 'admin-remote/dist',
    inputs: bundle('admin-remote'),
  },
  {
    name: 'API',
    workspace: '@friends/api',
    output: 'api/dist',
    inputs: ['api/src', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json', 'shared/src'],
  },
];

/** Every file under the inputs, sorted, tests left out (they are not built). */
function inputFiles(inputs) {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const entry of readdirSync(abs)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        walk(path.join(rel, entry));
      }
    } else if (!/\.(test|spec)\.tsx?$/.test(rel)) files.push(rel);
  };
  for (const input of [...COMMON, ...inputs]) walk(input);
  return [...new Set(files)].sort();
}

/** A hash of the inputs' paths and contents. */
export function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(inputs)) {
    hash.update(file + '\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The build or server running now: a signal to this script goes to it too. */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (current) current.kill(signal);
    else process.exit(1);
  });

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(npm, args, { cwd: root, stdio: 'inherit' });
    current = child;
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm ${args.join(' ')} ended with ${signal ?? `code ${code}`}`)),
    );
  });
}

async function build() {
  const started = Date.now();
  let built = 0;
  for (const step of STEPS) {
    const hash = inputsHash(step.inputs);
    const stampFile = path.join(root, step.output, STAMP);
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
    if (stamp === hash) {
      console.log(`[start] ${step.name}: sources unchanged since the last build, skipped`);
      continue;
    }
    console.log(
      `[start] ${step.name}: ${stamp ? 'sources changed' : 'not built yet'}, building (this can take a minute)…`,
    );
    const t0 = Date.now();
    await run(['run', 'build', '-w', step.workspace]);
    writeFileSync(stampFile, `${hash}\n`);
    built++;
    console.log(`[start] ${step.name}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(
    built
      ? `[start] built ${built} of ${STEPS.length} parts in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server…`
      : '[start] everything is up to date; starting the server…',
  );
}

async function main() {
  try {
    await build();
  } catch (error) {
    console.error(`[start] the build failed: ${error.message}`);
    process.exit(1);
  }
  const server = spawn(npm, ['run', 'start:prod', '-w', '@friends/api'], { cwd: root, stdio: 'inherit' });
  current = server;
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
