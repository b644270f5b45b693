#!/usr/bin/env node
// `npm test`: every check of the project, in order, with a banner per stage and a summary table.
//
//   1  system packages (MariaDB server, Chromium)   5  unit + component tests (jest)
//   2  build the shared package                      6  API integration on SQLite
//   3  typecheck                                     7  API integration on MariaDB
//   4  lint                                          8  production build, then the browser suite
//
// Exits non-zero when any stage fails. A stage is never skipped silently: when a stage it needs has
// failed it is reported as SKIPPED and the run fails. A jest stage fails when one of its projects holds no
// tests, so a suite that disappeared cannot pass by omission.
//
// Lint runs alongside the typecheck (both single-threaded, neither reads the other's output, no timing in
// either): its output is held back and printed, under its own banner, once both have ended.
//
// The API suite on MariaDB runs alongside the one on SQLite the same way (each is one jest process in
// band, on its own databases; a core each on a 2-core machine), except its files that time the server
// (QUIET_API_TESTS): those run once both suites' other files have ended, one suite after the other, with
// nothing beside them. Each stage still runs every file of api/test and reports them together. When the
// first of the two has ended its other files, the production build (stage 8a) starts beside the one
// still running (the MariaDB suite, waiting on its server, leaves a core idle); the quiet files wait for
// it, and stage 8a reports it in its place.
//
// For local iteration only: `node scripts/test.mjs --only=unit,api-sqlite` runs the named stages (ids in
// the table below) and reports the others as not selected.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'friends-test-'));
const isTTY = process.stdout.isTTY;
const paint = (code) => (s) => (isTTY ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = paint('1');
const green = paint('32');
const red = paint('31');
const yellow = paint('33');

const SYSTEM_PACKAGES = ['mariadb-server', 'chromium'];
const CHROMIUM = '/usr/bin/chromium';

/**
 * The jest projects of the root jest.config.js, each with the folder its tests live in (its rootDir plus the
 * fixed start of its testMatch), so a test file can be attributed to its project.
 */
const JEST_PROJECTS = loadJestProjects();
const JEST_PROJECT_DIRS = { ...Object.fromEntries(JEST_PROJECTS.map((p) => [p.name, p.dir])), e2e: 'e2e/' };
/** Stage 5 runs every project except the API integration suite (stages 6 and 7) and the soak. */
const API_INTEGRATION = 'api-e2e';
/** The long load and fault runs: `npm run test:soak`, which CI runs after `npm test`. */
const SOAK = 'soak';
const UNIT_PROJECTS = ['shared', 'web', 'api-unit', 'host', 'public-remote', 'admin-remote'];
/**
 * API test files that assert how fast the server answers or how it behaves mid-request (health latency
 * and RSS during a restore, a body cut off mid-way, the SIGTERM drain, slow clients, replicas seeing a
 * write within 1 s, a capped network under 3 s): run with nothing beside them (see the header).
 */
const QUIET_API_TESTS = ['backup-stream', 'hostile-clients', 'process-faults', 'replicas', 'network'];
const QUIET_API_PATTERN = `/api/test/(${QUIET_API_TESTS.join('|')})\\.e2e-spec\\.ts$`;

function loadJestProjects() {
  let config;
  try {
    config = createRequire(import.meta.url)(path.join(root, 'jest.config.js'));
  } catch (err) {
    console.error(red(`Cannot read jest.config.js: ${err.message}`));
    process.exit(1);
  }
  return (config.projects ?? []).map((p) => {
    const rootDir = path.relative(root, p.rootDir.replace('<rootDir>', root));
    const segments = (p.testMatch?.[0] ?? '').replace('<rootDir>/', '').split('/').slice(0, -1);
    const firstGlob = segments.findIndex((seg) => /[*?{[]/.test(seg));
    const dir = path.join(rootDir, ...(firstGlob < 0 ? segments : segments.slice(0, firstGlob)));
    return {
      name: typeof p.displayName === 'string' ? p.displayName : p.displayName?.name,
      rootDir,
      dir: `${dir}/`,
    };
  });
}

/** Projects for stage 5: the five named ones plus any project added to jest.config.js since. */
function unitProjects() {
  const all = JEST_PROJECTS.filter((p) => p.name !== API_INTEGRATION && p.name !== SOAK);
  const extra = all.filter((p) => !UNIT_PROJECTS.includes(p.name));
  const absent = extra.filter((p) => !existsSync(path.join(root, p.rootDir)));
  for (const p of absent)
    console.log(yellow(`jest project '${p.name}': ${p.rootDir}/ does not exist yet, not run`));
  const names = [...UNIT_PROJECTS, ...extra.filter((p) => !absent.includes(p)).map((p) => p.name)];
  const missing = UNIT_PROJECTS.filter((n) => !JEST_PROJECTS.some((p) => p.name === n));
  if (missing.length) throw new Error(`jest.config.js lacks the project(s) ${missing.join(', ')}`);
  return names;
}

// ---------------------------------------------------------------------------------------------- stages

/** @typedef {{ ok: boolean, note?: string, tests?: { total: number, passed: number, failed: number, skipped: number, suites: number } }} Outcome */

const stages = [
  { n: '1', id: 'system', title: 'System packages (MariaDB, Chromium)', run: ensureSystemPackages },
  { n: '2', id: 'shared', title: 'Build shared', run: () => npm(['run', 'build', '-w', '@friends/shared']) },
  { n: '3', id: 'typecheck', title: 'Typecheck', needs: ['shared'], run: () => npm(['run', 'typecheck']) },
  {
    n: '4',
    id: 'lint',
    title: 'Lint (ESLint + Prettier)',
    alongside: true,
    run: (io) => npm(['run', 'lint'], io),
  },
  {
    n: '5',
    id: 'unit',
    title: 'Unit + component tests',
    run: () => jest(unitProjects(), ['--maxWorkers=2']),
  },
  {
    n: '6',
    id: 'api-sqlite',
    title: 'API integration (SQLite)',
    run: (io) => apiSuite('sqlite', io),
  },
  {
    n: '7',
    id: 'api-mariadb',
    title: 'API integration (MariaDB)',
    needs: ['system'],
    alongside: true,
    run: (io) => apiSuite('mariadb', io),
  },
  { n: '8a', id: 'build', title: 'Production build', run: (io) => npm(['run', 'build'], io) },
  {
    n: '8b',
    id: 'e2e',
    title: 'Browser end-to-end (Chromium)',
    needs: ['system', 'build'],
    run: () => e2e(),
  },
];

async function ensureSystemPackages() {
  const missing = missingSystemPackages();
  if (missing.length === 0) return { ok: true, note: 'present' };
  console.log(`Missing: ${missing.join(', ')}`);
  const install = `apt-get update && apt-get install -y ${SYSTEM_PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      red(
        `\nNot root, so cannot install them. Run:\n\n  sudo ${install.replace('&& apt-get', '&& sudo apt-get')}\n`,
      ),
    );
    return {
      ok: false,
      note: `missing ${missing.join(', ')}; run: sudo ${install.replace('&& apt-get', '&& sudo apt-get')}`,
    };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update'], { env })) !== 0) return { ok: false, note: 'apt-get update failed' };
  if ((await run('apt-get', ['install', '-y', ...SYSTEM_PACKAGES], { env })) !== 0) {
    return { ok: false, note: 'apt-get install failed' };
  }
  const still = missingSystemPackages();
  return still.length
    ? { ok: false, note: `still missing after install: ${still.join(', ')}` }
    : { ok: true, note: 'installed' };
}

function missingSystemPackages() {
  const missing = [];
  if (!onPath('mariadbd') && !existsSync('/usr/sbin/mariadbd')) missing.push('mariadbd (mariadb-server)');
  if (!existsSync(CHROMIUM)) missing.push(`${CHROMIUM} (chromium)`);
  return missing;
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** @param {{ capture?: string[] }} [io] capture: the command's output goes there instead of the terminal */
async function npm(args, io = {}) {
  const code = await run('npm', args, {}, io.capture);
  return { ok: code === 0, note: code === 0 ? undefined : `exit code ${code}` };
}

/** Runs jest on the root config's projects and checks that every selected project ran tests. */
async function jest(projects, extraArgs, env = {}) {
  const run = await jestRun(projects, extraArgs, env);
  return jestOutcome(run.code, [run.outputFile], projects);
}

let jestRuns = 0;

/** One jest process; its report goes to the returned file. `capture` as for `run`. */
async function jestRun(projects, extraArgs, env = {}, capture = undefined) {
  const outputFile = path.join(
    tmp,
    `jest-${++jestRuns}-${projects.join('-')}-${env.TEST_DB ?? 'default'}.json`,
  );
  const code = await run(
    'npx',
    ['jest', ...extraArgs, '--selectProjects', ...projects, '--json', `--outputFile=${outputFile}`],
    { env: { ...process.env, ...env } },
    capture,
  );
  return { code, outputFile };
}

/**
 * The production build when it started early, beside the API suites' other files (see the header):
 * what stage 8a reports. The quiet files wait for it.
 */
let earlyBuild = null;

/** Serialises the quiet phases of the API suites (QUIET_API_TESTS): one at a time. */
let quietTail = Promise.resolve();
function quietly(fn) {
  const turn = quietTail.then(fn);
  quietTail = turn.catch(() => undefined);
  return turn;
}

/**
 * The API suite on one database: every file but QUIET_API_TESTS (beside the other database's, when that
 * stage runs alongside), then, once `io.together` says both have got that far, QUIET_API_TESTS alone.
 */
async function apiSuite(db, io = {}) {
  const missing = QUIET_API_TESTS.filter(
    (name) => !existsSync(path.join(root, `api/test/${name}.e2e-spec.ts`)),
  );
  if (missing.length) {
    io.together?.();
    return {
      ok: false,
      note: `QUIET_API_TESTS names missing files: ${missing.join(', ')} (scripts/test.mjs)`,
    };
  }
  const env = { TEST_DB: db };
  let rest;
  try {
    rest = await jestRun(
      ['api-e2e'],
      ['--runInBand', '--testPathIgnorePatterns', '/node_modules/', QUIET_API_PATTERN],
      env,
      io.capture,
    );
  } finally {
    io.ownFilesDone?.();
    await io.together?.();
  }
  const say = (line) => (io.capture ? io.capture.push(`${line}\n`) : console.log(line));
  const quiet = await quietly(async () => {
    await earlyBuild;
    say(bold(`\n-- ${db}: the files that time the server, with nothing beside them`));
    return jestRun(['api-e2e'], [QUIET_API_PATTERN, '--runInBand'], env, io.capture);
  });
  return jestOutcome(
    Math.max(rest.code, quiet.code),
    [rest.outputFile, quiet.outputFile],
    ['api-e2e'],
    io.capture,
  );
}

async function e2e() {
  const outputFile = path.join(tmp, 'jest-e2e.json');
  const code = await run('npm', [
    'run',
    'test',
    '-w',
    '@friends/e2e',
    '--',
    '--json',
    `--outputFile=${outputFile}`,
  ]);
  return jestOutcome(code, [outputFile], ['e2e']);
}

/**
 * The signal an exit code above 128 stands for: a shell (npx runs jest through one) reports a child
 * killed by signal N as 128 + N.
 */
const signalOf = (code) =>
  code > 128
    ? Object.keys(constants.signals).find((name) => constants.signals[name] === code - 128)
    : undefined;

/** Reads the reports of the jest processes of one stage and adds them up. */
function jestOutcome(code, outputFiles, projects, capture = undefined) {
  const say = (line) => (capture ? capture.push(`${line}\n`) : console.log(line));
  const shout = (line) => (capture ? capture.push(`${line}\n`) : console.error(line));
  const reports = [];
  for (const outputFile of outputFiles) {
    try {
      reports.push(JSON.parse(readFileSync(outputFile, 'utf8')));
    } catch {
      const signal = signalOf(code);
      return {
        ok: false,
        note: signal
          ? `jest was killed by ${signal} (exit ${code}) and wrote no report`
          : `jest exited with ${code} and wrote no report (no tests found, or it crashed)`,
      };
    }
  }
  const sum = (key) => reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  const report = {
    numTotalTests: sum('numTotalTests'),
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    numTotalTestSuites: sum('numTotalTestSuites'),
    success: reports.every((r) => r.success),
    testResults: reports.flatMap((r) => r.testResults ?? []),
  };
  const tests = {
    total: report.numTotalTests,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    suites: report.numTotalTestSuites,
  };
  const perProject = Object.fromEntries(projects.map((p) => [p, 0]));
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const project = projects.find((p) => `${rel}`.startsWith(JEST_PROJECT_DIRS[p] ?? '\0'));
    if (project) perProject[project] += file.assertionResults?.length ?? 0;
  }
  say(
    bold(
      `\n${tests.total} tests in ${tests.suites} files: ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`,
    ),
  );
  say(`  per project: ${projects.map((p) => `${p} ${perProject[p]}`).join(', ')}`);
  const empty = projects.filter((p) => perProject[p] === 0);
  if (empty.length) {
    const msg = `no tests found in jest project(s): ${empty.join(', ')}`;
    shout(red(`\n${msg}. A selected suite must not be empty.`));
    return { ok: false, note: msg, tests };
  }
  if (code !== 0 || !report.success) return { ok: false, note: `jest exit code ${code}`, tests };
  if (tests.skipped > 0) return { ok: true, note: `${tests.skipped} skipped by the suite itself`, tests };
  return { ok: true, tests };
}

// ---------------------------------------------------------------------------------------------- runner

const running = new Set();

/** Runs a command in the repository; with `capture`, its output is appended there instead of shown. */
function run(cmd, args, options = {}, capture = undefined) {
  const say = (line) => (capture ? capture.push(`${line}\n`) : console.log(line));
  say(`$ ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const stdio = capture ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio, ...options });
    running.add(child);
    if (capture) {
      child.stdout.on('data', (chunk) => capture.push(chunk.toString()));
      child.stderr.on('data', (chunk) => capture.push(chunk.toString()));
    }
    child.on('error', (err) => {
      say(red(`could not start ${cmd}: ${err.message}`));
      resolve(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
    });
  });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const child of running) child.kill(sig);
    console.error(red(`\nInterrupted (${sig}).`));
    rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
}

function parseOnly() {
  const arg = process.argv.slice(2).find((a) => a.startsWith('--only='));
  if (!arg) return null;
  const ids = arg.slice('--only='.length).split(',').filter(Boolean);
  const unknown = ids.filter((id) => !stages.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`Unknown stage(s): ${unknown.join(', ')}. Stages: ${stages.map((s) => s.id).join(', ')}`);
    process.exit(2);
  }
  return new Set(ids);
}

const formatDuration = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** `together()` resolves once it has been called `n` times: where two stages run side by side meet. */
function meeting(n) {
  let arrived = 0;
  let release;
  const all = new Promise((resolve) => (release = resolve));
  return () => {
    if (++arrived >= n) release();
    return all;
  };
}

async function main() {
  const only = parseOnly();
  const results = [];
  const started = Date.now();
  if (only) console.log(yellow(`Running only: ${[...only].join(', ')} (the other stages are NOT run)`));

  const banner = (label) => `\n${bold('='.repeat(100))}\n${bold(`== ${label}`)}\n${bold('='.repeat(100))}`;
  /** Why a stage does not run: not selected, or a stage it needs failed; null when it runs. */
  const hold = (stage) => {
    if (only && !only.has(stage.id)) return { status: 'NOT RUN', note: 'not selected (--only)' };
    const failedNeed = (stage.needs ?? []).find((id) => {
      const r = results.find((x) => x.stage.id === id);
      return r && r.status !== 'PASS' && r.status !== 'NOT RUN';
    });
    return failedNeed ? { status: 'SKIPPED', note: `needs '${failedNeed}', which failed` } : null;
  };
  const runStage = async (stage, io = {}) => {
    const t0 = Date.now();
    /** @type {Outcome} */
    let outcome;
    try {
      outcome = await stage.run(io);
    } catch (err) {
      outcome = { ok: false, note: String(err?.message ?? err) };
    }
    return { outcome, ms: Date.now() - t0 };
  };
  const record = (stage, { outcome, ms }) => {
    const status = outcome.ok ? 'PASS' : 'FAIL';
    console.log((outcome.ok ? green : red)(`\n${status}: ${stage.title} (${formatDuration(ms)})`));
    results.push({
      stage,
      label: `${stage.n}. ${stage.title}`,
      status,
      note: outcome.note,
      tests: outcome.tests,
      ms,
    });
  };

  const build = stages.find((s) => s.id === 'build');
  const buildOutput = [];
  /** Starts the production build beside the API suite still running (see the header), once. */
  const startBuildEarly = () => {
    if (earlyBuild || hold(build)) return;
    console.log(yellow(`(${build.n}. ${build.title} starts beside the API suite still running)`));
    earlyBuild = runStage(build, { capture: buildOutput });
  };

  for (const [k, stage] of stages.entries()) {
    if (stage.alongside && results.some((r) => r.stage === stage)) continue; // ran with the one before
    if (stage === build && earlyBuild) {
      console.log(banner(`${stage.n}. ${stage.title} (started beside the API suites)`));
      const early = await earlyBuild;
      process.stdout.write(buildOutput.join(''));
      record(stage, early);
      continue;
    }
    const label = `${stage.n}. ${stage.title}`;
    const held = hold(stage);
    if (held?.status === 'NOT RUN') {
      results.push({ stage, label, ...held, ms: 0 });
      continue;
    }
    console.log(banner(label));
    if (held) {
      console.log(red(`SKIPPED: ${held.note}`));
      results.push({ stage, label, ...held, ms: 0 });
      continue;
    }
    const next = stages[k + 1];
    if (!next?.alongside || hold(next)) {
      record(stage, await runStage(stage, { together: meeting(1) }));
      continue;
    }
    // The next stage runs meanwhile, its output held back until both have ended.
    console.log(yellow(`(${next.n}. ${next.title} runs alongside; its output follows this stage's)`));
    const captured = [];
    const together = meeting(2);
    const [mine, theirs] = await Promise.all([
      runStage(stage, { together, ownFilesDone: startBuildEarly }),
      runStage(next, { capture: captured, together, ownFilesDone: startBuildEarly }),
    ]);
    record(stage, mine);
    console.log(banner(`${next.n}. ${next.title}`));
    process.stdout.write(captured.join(''));
    record(next, theirs);
  }

  const rows = results.map((r) => [
    r.label,
    r.status,
    r.status === 'PASS' || r.status === 'FAIL' ? formatDuration(r.ms) : '-',
    r.tests
      ? `${r.tests.passed}/${r.tests.total} passed${r.tests.failed ? `, ${r.tests.failed} failed` : ''}`
      : '',
    r.note ?? '',
  ]);
  const head = ['stage', 'result', 'time', 'tests', 'note'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
  const line = (cells) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  const colour = (status) => (status === 'PASS' ? green : status === 'NOT RUN' ? yellow : red);
  console.log(`\n${bold('Summary')}\n${bold(line(head))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const [k, row] of rows.entries()) {
    const text = line(row);
    console.log(colour(results[k].status)(text));
  }
  const failed = results.filter((r) => r.status === 'FAIL' || r.status === 'SKIPPED');
  const totalTests = results.reduce((n, r) => n + (r.tests?.total ?? 0), 0);
  console.log(
    `\n${totalTests} tests, total time ${formatDuration(Date.now() - started)}: ` +
      (failed.length
        ? red(bold(`FAILED (${failed.map((r) => r.stage.id).join(', ')})`))
        : green(bold('ALL PASSED'))),
  );
  rmSync(tmp, { recursive: true, force: true });
  process.exit(failed.length ? 1 : 0);
}

await main();
