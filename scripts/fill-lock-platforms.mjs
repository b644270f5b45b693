#!/usr/bin/env node
// The npm registry mirror on our machines serves only Linux builds of native packages, so the lockfile
// npm writes here lacks the other platforms' optional bindings, and `npm ci` then refuses the lock
// ("Missing: @swc/core-darwin-arm64@ from lock file"). This adds each missing optional binding as a
// platform-restricted entry (os/cpu read from its name), which npm ci skips on any other platform.
// Run after changing dependencies: node scripts/fill-lock-platforms.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'wasi'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p) || p === 'x86_64' || p === 'aarch64' || p === 'armv7');
  const entry = {};
  if (cpu === 'wasm32') entry.cpu = ['wasm32'];
  else {
    if (os && os !== 'wasi') entry.os = [os];
    if (cpu) entry.cpu = [{ x86_64: 'x64', aarch64: 'arm64', armv7: 'arm' }[cpu] ?? cpu];
  }
  if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
  else if (parts.includes('gnu') || parts.includes('gnueabihf')) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform binding: leave it to npm
    packages[hoisted] = { version: spec.replace(/^[\^~=]/, ''), dev: true, optional: true, ...platform };
    added++;
  }
}
// npm keeps the packages map sorted by path.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
try {
  execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], {
    stdio: 'pipe',
    cwd: new URL('..', import.meta.url),
  });
  console.log('npm ci accepts the lockfile');
} catch (err) {
  console.error(
    String(err.stderr)
      .split('\n')
      .filter((l) => /Missing|error/.test(l))
      .slice(0, 10)
      .join('\n'),
  );
  process.exitCode = 1;
}
