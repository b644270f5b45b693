/**
 * `npm run bench`: builds what is stale, generates (or reuses) the data, then measures the API on SQLite
 * and MariaDB beside a bare node:http ceiling, the visitor's JavaScript beside a plain bundle, the
 * browser unthrottled and throttled, bulk import beside the sequential estimate, the API's peak RSS, and
 * a scaling run. Prints one table, writes bench/results.json, exits 1 on any unexpected non-2xx.
 *
 * Then the same reads, a write followed by its reads, the JSON per screen, the recompute and the peak RSS
 * on the large set (100,000 creators, 1,000,000 videos; generated once, niced, and cached).
 *
 * Flags (or BENCH_<NAME> variables): --creators=10000 --videos=100000 --seed=42 --duration=5 (seconds
 * per autocannon run) --runs=5 (browser runs) --large-creators=100000 --large-videos=1000000
 * --skip=mariadb,browser,import,scaling,bundles,insights,suggestions,share,large,typing,second-start; --report=bench/results.json prints the
 * tables of a finished run again.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startMariadb, stopMariadb } from '../../api/test/support/mariadb-server';
import {
  runApiSuite,
  coldFirstByte,
  runColdAfterWrite,
  runWriteThenReads,
  type ColdRead,
  type EndpointResult,
  type WriteThenReads,
} from './api-bench';
import {
  launch,
  runBrowser,
  screenBytes,
  visitorJavaScript,
  type ScreenBytes,
  type ScreenJson,
  CPU_SLOWDOWN,
  SLOW_4G,
  type BrowserFigures,
  type VisitorJs,
} from './browser-bench';
import { ensureBuilt } from './build';
import {
  DEFAULT_SIZE,
  LARGE_SIZE,
  cachedSqlite,
  generate,
  loadMariadb,
  sizeLabel,
  sqliteDatabase,
  type DatasetMeta,
  type Size,
} from './generate';
import { runDetectionReport } from './detection/detection-bench';
import { runImport, startFake, youtubeEnv, type ImportFigures } from './import-bench';
import { formatEventImport, runEventImport, runEventReport, startMultiPovFake } from './events-bench';
import { formatInsights, insightsFailures, runInsightsBench, type InsightsFigures } from './insights-bench';
import { formatShare, runShareBench, shareFailures, type ShareFigures } from './share-bench';
import { startApi } from './server';
import {
  READS,
  SUGGESTIONS,
  SUGGESTIONS_CPU_TARGET_S,
  SUGGESTIONS_ENV,
  SUGGESTIONS_SIZE,
  runSuggestionsCpu,
  type SuggestionsCpu,
} from './suggestions-bench';
import { BENCH_DIR, CACHE_DIR, REPO_ROOT, arg, freshCopy, log } from './util';
import { runSecondStart, runTyping, typingStartRows, type TypingStartFigures } from './typing-start-bench';

const TARGETS = {
  readRatio: 0.5,
  readP99Ms: 10,
  visitorJsGzip: 140 * 1024,
  federationOverhead: 1.35,
  navigationMs: 1000,
  navigationThrottledMs: 2500,
  keystrokeMs: 50,
  keystrokeThrottledMs: 250,
  import50Ms: 2000,
  import500Ms: 10_000,
  rssMb: 250,
  /** A write and the reads that depend on it (docs/architecture.md "Performance"). */
  writeThenReadsP99Ms: 20,
  /** At 1,000,000 videos: a write then its 4 reads, and the first read of any public answer after a write. */
  largeWriteThenReadsP99Ms: 40,
  coldAfterWriteMs: 50,
  /** An admin list page: 50 rows whatever the data's size. */
  adminPageBytes: 64 * 1024,
  /** At 1,000,000 videos. */
  largeRssMb: 300,
};

interface ScalingRow {
  size: Size;
  generateSeconds: number;
  endpoints: { name: string; coldMs: number; requestsPerSecond: number; p99Ms: number; bytes: number }[];
  peakRssMb: number;
}

interface Results {
  date: string;
  machine: string;
  size: Size;
  dataset: DatasetMeta;
  settings: {
    connections: number;
    durationSeconds: number;
    browserRuns: number;
    slow4g: typeof SLOW_4G;
    cpuSlowdown: number;
  };
  api: { sqlite?: EndpointResult[]; mariadb?: EndpointResult[]; mariadbError?: string };
  peakRssMb: { sqlite?: number; mariadb?: number };
  /** The API's child processes on SQLite, peak RSS each by module (not in peakRssMb). */
  childPeakRssMb?: Record<string, number>;
  bundles?: { visitor: VisitorJs; adminRemoteGzip: number; plainBundleGzip: number; overhead: number };
  browser?: { unthrottled: BrowserFigures; throttled: BrowserFigures };
  imports?: ImportFigures[];
  scaling?: ScalingRow[];
  failures: string[];
  /** The network analysis recompute (insights-bench.ts). */
  insights?: InsightsFigures;
  /** Feeds, previews and cards (share-bench.ts). */
  share?: ShareFigures;
  writeThenReads?: WriteThenReads;
  coldAfterWrite?: ColdRead[];
  screenBytes?: ScreenBytes;
  /** The large set: the same reads, beside this run's default-size figures. */
  large?: LargeFigures;
  /** Server CPU of visitors' suggestions beside ordinary reads (suggestions-bench.ts). */
  suggestionsCpu?: SuggestionsCpu;
  /** Typing in the search box and a second `npm start` (typing-start-bench.ts). */
  typingStart?: TypingStartFigures;
  /** The whole run. */
  seconds?: number;
}

interface LargeFigures {
  size: Size;
  dataset: DatasetMeta;
  generateSeconds: number;
  endpoints: EndpointResult[];
  writeThenReads?: WriteThenReads;
  coldAfterWrite?: ColdRead[];
  screenBytes?: ScreenBytes;
  insights?: InsightsFigures;
  share?: ShareFigures;
  /** VmHWM after the reads, writes and recompute; then after the two browser screens too. */
  peakRssMb: number;
  peakRssWithScreensMb?: number;
  childPeakRssMb?: Record<string, number>;
}

const skip = new Set(arg('skip', '').split(',').filter(Boolean));

function gzipOfDir(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) total += gzipOfDir(path);
    else if (name.endsWith('.js')) total += gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return total;
}

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

/** A cold row's figure: the whole read, then its first byte (the server's share) when measured. */
function coldFigure(read: ColdRead): string {
  const firstByte = coldFirstByte(read);
  return `median ${fmt(read.medianMs)} ms, worst ${fmt(read.maxMs)} ms${firstByte ? ` (first byte ${firstByte})` : ''}`;
}

function plainBundleGzip(): number {
  const out = join(CACHE_DIR, 'plain-bundle');
  const sources = Math.max(
    newest(join(REPO_ROOT, 'public-remote/src')),
    newest(join(REPO_ROOT, 'shared/dist')),
    newest(join(REPO_ROOT, 'bench/src/plain-bundle')),
  );
  if (newest(out) < sources) {
    log('building the plain (non-federated) bundle');
    execSync('npx webpack --config bench/src/plain-bundle/webpack.config.mjs', {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return gzipOfDir(out);
}

/** The large set's SQLite file: from the cache, else generated in a niced child process (about 30 s). */
async function largeDatabase(size: Size) {
  const cached = await cachedSqlite(size);
  if (cached) return cached;
  log(`generating ${sizeLabel(size)} (once; cached in bench/.cache)`);
  const started = performance.now();
  execSync(
    `nice -n 10 ${JSON.stringify(process.execPath)} ${JSON.stringify(join(__dirname, 'generate.js'))} ` +
      `--creators=${size.creators} --videos=${size.videos} --seed=${size.seed}`,
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const made = await cachedSqlite(size);
  if (!made) throw new Error(`the generator left no ${sizeLabel(size)} database`);
  return { ...made, buildSeconds: (performance.now() - started) / 1000 };
}

async function runLarge(
  buildDir: string,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<LargeFigures> {
  const size: Size = {
    creators: Number(arg('large-creators', String(LARGE_SIZE.creators))),
    videos: Number(arg('large-videos', String(LARGE_SIZE.videos))),
    seed: Number(arg('seed', String(LARGE_SIZE.seed))),
  };
  const db = await largeDatabase(size);
  log(`large set ${sizeLabel(size)}: API on SQLite`);
  const api = await startApi({ buildDir, databaseUrl: `sqlite:${freshCopy(db.file, 'large')}` });
  try {
    const figures: LargeFigures = {
      size,
      dataset: db.meta,
      generateSeconds: db.buildSeconds,
      endpoints: await runApiSuite(api, db.meta, {
        connections,
        durationSeconds,
        ceiling: false,
        writes: false,
      }),
      peakRssMb: NaN,
    };
    figures.writeThenReads = await runWriteThenReads(api, db.meta);
    log('cold answers after a write (large set)');
    figures.coldAfterWrite = await runColdAfterWrite(api, db.meta);
    if (!skip.has('insights')) {
      log('insights recompute (large set)');
      figures.insights = await runInsightsBench(api, db.meta, { connections, durationSeconds });
    }
    if (!skip.has('share')) {
      log('feeds, previews and cards (large set)');
      figures.share = await runShareBench(api, db.meta, { connections, durationSeconds });
    }
    figures.peakRssMb = api.peakRssKb() / 1024;
    figures.childPeakRssMb = inMb(api.childPeakRssKb());
    // Last: a screen that still reads a whole table would otherwise count in the figure above.
    if (!skip.has('browser')) {
      const browser = await launch();
      try {
        log('JSON per screen (large set)');
        figures.screenBytes = await screenBytes(browser, api.url, db.meta, await api.login());
        figures.peakRssWithScreensMb = api.peakRssKb() / 1024;
      } finally {
        await browser.close();
      }
    }
    return figures;
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const saved = arg('report', '');
  if (saved) {
    // --report=bench/results.json: the tables of a finished run again (after a change to this file).
    const r = JSON.parse(readFileSync(resolve(REPO_ROOT, saved), 'utf8')) as Results;
    process.stdout.write(`${report(r, r.seconds ?? NaN)}\n`);
    return;
  }
  const started = performance.now();
  const size: Size = {
    creators: Number(arg('creators', String(DEFAULT_SIZE.creators))),
    videos: Number(arg('videos', String(DEFAULT_SIZE.videos))),
    seed: Number(arg('seed', String(DEFAULT_SIZE.seed))),
  };
  const connections = 10;
  const durationSeconds = Number(arg('duration', '5'));
  const browserRuns = Number(arg('runs', '5'));

  log(runDetectionReport().text);
  log(runEventReport());

  const buildDir = ensureBuilt();
  log(`data ${sizeLabel(size)}`);
  const db = await sqliteDatabase(size);
  log(db.buildSeconds ? `generated in ${db.buildSeconds.toFixed(1)} s` : 'generated data from bench/.cache');
  const meta = db.meta;
  const results: Results = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`,
    size,
    dataset: meta,
    settings: { connections, durationSeconds, browserRuns, slow4g: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN },
    api: {},
    peakRssMb: {},
    failures: [],
  };

  // 1. API on SQLite, then the browser against the same server (before the write mix).
  const fake = await startFake();
  {
    log('API on SQLite');
    const api = await startApi({
      buildDir,
      databaseUrl: `sqlite:${freshCopy(db.file, 'main')}`,
      env: youtubeEnv(fake),
    });
    try {
      results.api.sqlite = await runApiSuite(api, meta, {
        connections,
        durationSeconds,
        ceiling: true,
        writes: true,
      });
      results.writeThenReads = await runWriteThenReads(api, meta);
      log('cold answers after a write');
      results.coldAfterWrite = await runColdAfterWrite(api, meta);
      results.peakRssMb.sqlite = api.peakRssKb() / 1024;
      results.childPeakRssMb = inMb(api.childPeakRssKb());
      if (!skip.has('browser') || !skip.has('bundles') || !skip.has('typing')) {
        const browser = await launch();
        try {
          if (!skip.has('bundles')) {
            log('visitor JavaScript');
            const visitor = await visitorJavaScript(browser, api.url, meta);
            const plain = plainBundleGzip();
            results.bundles = {
              visitor,
              adminRemoteGzip: gzipOfDir(join(buildDir, 'admin-remote/dist')),
              plainBundleGzip: plain,
              overhead: visitor.gzipBytes / plain,
            };
          }
          if (!skip.has('browser')) {
            log('JSON per screen');
            results.screenBytes = await screenBytes(browser, api.url, meta, await api.login());
            log('browser, unthrottled');
            const unthrottled = await runBrowser(browser, api.url, meta, false, browserRuns);
            log('browser, CPU ×4 + slow 4G');
            const throttled = await runBrowser(browser, api.url, meta, true, browserRuns);
            results.browser = { unthrottled, throttled };
          }
          if (!skip.has('typing')) {
            log('typing, unthrottled then CPU ×4 + slow 4G');
            results.typingStart = {
              typing: {
                unthrottled: await runTyping(browser, api.url, meta, false, browserRuns),
                throttled: await runTyping(browser, api.url, meta, true, browserRuns),
              },
            };
          }
        } finally {
          await browser.close();
        }
      }
      if (!skip.has('insights')) {
        log('insights');
        results.insights = await runInsightsBench(api, meta, { connections, durationSeconds });
        results.failures.push(...insightsFailures(results.insights));
      }
      if (!skip.has('share')) {
        log('feeds, previews and cards');
        results.share = await runShareBench(api, meta, { connections, durationSeconds });
        results.failures.push(...shareFailures(results.share));
      }
      results.peakRssMb.sqlite = api.peakRssKb() / 1024;
    } finally {
      await api.stop();
    }
  }

  if (!skip.has('second-start')) {
    try {
      results.typingStart = { ...results.typingStart, start: await runSecondStart(db.file) };
    } catch (error) {
      results.typingStart = { ...results.typingStart, startError: String(error) };
    }
  }

  // 2. Bulk import, each size on a fresh copy of the data.
  if (!skip.has('import')) {
    results.imports = [];
    for (const count of [50, 500]) {
      log(`bulk import of ${count}`);
      const api = await startApi({
        buildDir,
        databaseUrl: `sqlite:${freshCopy(db.file, `import-${count}`)}`,
        env: youtubeEnv(fake),
      });
      try {
        results.imports.push(await runImport(api, fake, count));
      } finally {
        await api.stop();
      }
    }
    // The labelled multi-POV set through the import, on an empty database.
    const multiPov = await startMultiPovFake();
    const dir = join(CACHE_DIR, 'run');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'multi-pov.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    const api = await startApi({ buildDir, databaseUrl: `sqlite:${file}`, env: youtubeEnv(multiPov) });
    try {
      log(formatEventImport(await runEventImport(api)));
    } finally {
      await api.stop();
      await multiPov.close();
    }
  }
  await fake.close();

  // 3. API on a throwaway MariaDB.
  if (!skip.has('mariadb')) {
    let server;
    try {
      log('starting a throwaway MariaDB');
      server = await startMariadb();
      const loadStart = performance.now();
      const url = await loadMariadb(server.url, 'friends_bench', generate(size));
      log(`MariaDB loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
      const api = await startApi({ buildDir, databaseUrl: url });
      try {
        log('API on MariaDB');
        results.api.mariadb = await runApiSuite(api, meta, {
          connections,
          durationSeconds,
          ceiling: true,
          writes: true,
        });
        results.peakRssMb.mariadb = api.peakRssKb() / 1024;
      } finally {
        await api.stop();
      }
    } catch (error) {
      results.api.mariadbError = error instanceof Error ? error.message : String(error);
      results.failures.push(`MariaDB: ${results.api.mariadbError}`);
    } finally {
      if (server) stopMariadb(server);
    }
  }

  // 4. Scaling: the same reads at 1k and 10k videos (100k is the main run above).
  if (!skip.has('scaling')) {
    results.scaling = [];
    const scales: Size[] = [
      { creators: size.creators / 100, videos: size.videos / 100, seed: size.seed },
      { creators: size.creators / 10, videos: size.videos / 10, seed: size.seed },
    ];
    for (const scale of scales) {
      log(`scaling: ${sizeLabel(scale)}`);
      const scaled = await sqliteDatabase(scale);
      const api = await startApi({ buildDir, databaseUrl: `sqlite:${freshCopy(scaled.file, 'scale')}` });
      try {
        const endpoints = await runApiSuite(api, scaled.meta, {
          connections,
          durationSeconds: Math.max(1, Math.round(durationSeconds / 2)),
          ceiling: false,
          writes: false,
        });
        results.scaling.push({
          size: scale,
          generateSeconds: scaled.buildSeconds,
          endpoints: endpoints.map((e) => ({
            name: e.name,
            coldMs: e.coldMs,
            requestsPerSecond: e.api.requestsPerSecond,
            p99Ms: e.api.p99Ms,
            bytes: e.bytes,
          })),
          peakRssMb: api.peakRssKb() / 1024,
        });
      } finally {
        await api.stop();
      }
    }
    results.scaling.push({
      size,
      generateSeconds: db.buildSeconds,
      endpoints: (results.api.sqlite ?? [])
        .filter((e) => !e.name.startsWith('write'))
        .map((e) => ({
          name: e.name,
          coldMs: e.coldMs,
          requestsPerSecond: e.api.requestsPerSecond,
          p99Ms: e.api.p99Ms,
          bytes: e.bytes,
        })),
      peakRssMb: results.peakRssMb.sqlite ?? NaN,
    });
  }

  // 5. What visitors' suggestions cost the server beside ordinary reads, on its own size.
  if (!skip.has('suggestions')) {
    log(`server CPU of ${SUGGESTIONS} suggestions beside ${READS} reads (${sizeLabel(SUGGESTIONS_SIZE)})`);
    const data = await sqliteDatabase(SUGGESTIONS_SIZE);
    const api = await startApi({
      buildDir,
      databaseUrl: `sqlite:${freshCopy(data.file, 'suggestions')}`,
      env: SUGGESTIONS_ENV,
    });
    try {
      results.suggestionsCpu = await runSuggestionsCpu(api, data.meta);
      if (results.suggestionsCpu.failed > 0) {
        results.failures.push(`suggestions beside reads: ${results.suggestionsCpu.failed} non-2xx`);
      }
    } finally {
      await api.stop();
    }
  }

  // 6. The large set: the same reads (no ceiling: this run's default-size figures are the baseline).
  if (!skip.has('large')) {
    try {
      results.large = await runLarge(buildDir, { connections, durationSeconds });
      results.failures.push(...(results.large.insights ? insightsFailures(results.large.insights) : []));
      results.failures.push(...(results.large.share ? shareFailures(results.large.share) : []));
    } catch (error) {
      console.error(error);
      results.failures.push(`large set: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  for (const [database, endpoints] of [
    ...Object.entries(results.api),
    ['large SQLite', results.large?.endpoints] as const,
  ]) {
    if (!Array.isArray(endpoints)) continue;
    for (const e of endpoints) {
      if (e.api.non2xx > 0 || e.api.errors > 0) {
        results.failures.push(`${database} ${e.name}: ${e.api.non2xx} non-2xx, ${e.api.errors} errors`);
      }
    }
  }
  if (results.bundles && results.bundles.visitor.adminRequests.length > 0) {
    results.failures.push(
      `a visitor requested admin-remote files: ${results.bundles.visitor.adminRequests.join(', ')}`,
    );
  }

  results.seconds = (performance.now() - started) / 1000;
  const table = report(results, results.seconds);
  writeFileSync(join(BENCH_DIR, 'results.json'), JSON.stringify(results, null, 2));
  writeFileSync(join(CACHE_DIR, 'table.md'), table);
  process.stdout.write(`${table}\n`);
  if (results.failures.length > 0) {
    console.error(`\nFAILED:\n  ${results.failures.join('\n  ')}`);
    process.exit(1);
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The stylesheets fetched before the results rendered: not JavaScript, but never hidden (absent in older reports). */
const cssBeside = (visitor: VisitorJs) =>
  visitor.css ? `; CSS beside it: ${visitor.css.length} files, ${kb(visitor.cssGzipBytes ?? 0)}` : '';

/** An uncached read's server CPU per request (target ≤ 20 ms for a search with a new term). */
const cpuPerRequest = (e: EndpointResult) =>
  e.cpuMsPerRequest === undefined ? '' : `; server CPU ${fmt(e.cpuMsPerRequest, 2)} ms/request`;
const ok = (met: boolean) => (met ? 'met' : '**not met**');

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

const inMb = (kb: Record<string, number>) =>
  Object.fromEntries(Object.entries(kb).map(([name, value]) => [name, value / 1024]));

/** `card-process 102 MB, network-analysis-child 96 MB`, or 'none'. */
const childPeaks = (mb: Record<string, number> | undefined) =>
  Object.entries(mb ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name} ${fmt(value)} MB`)
    .join(', ') || 'none';

const sizeName = (size: Size) =>
  `${size.creators.toLocaleString('en')} / ${size.videos.toLocaleString('en')}`;

function writeThenReadsRow(w: WriteThenReads, label: string): string {
  return row([
    `write (POST a video) then its ${w.reads.length} dependent reads, ${w.iterations}× (${label})`,
    `p50 ${fmt(w.p50Ms, 1)} ms, p99 ${fmt(w.p99Ms, 1)} ms`,
    `same reads, no write: p50 ${fmt(w.readsAloneP50Ms, 1)} ms, p99 ${fmt(w.readsAloneP99Ms, 1)} ms`,
    `${fmt(w.p99Ms / w.readsAloneP99Ms, 2)}×`,
    `p99 ≤ ${TARGETS.writeThenReadsP99Ms} ms`,
    ok(w.p99Ms <= TARGETS.writeThenReadsP99Ms),
  ]);
}

const screenFigure = (s: ScreenJson) =>
  `${kb(s.jsonBytes)} (${kb(s.wireBytes)} on the wire)${s.unfinished ? `; ${s.unfinished}` : ''}`;

function screenBytesRows(b: ScreenBytes, size: Size): string[] {
  return [
    row([
      `JSON a visitor downloads: open the site, search (${sizeName(size)}; ${b.visitorSearch.requests.length} requests)`,
      screenFigure(b.visitorSearch),
      '',
      '',
      'independent of N',
      '',
    ]),
    row([
      `JSON an admin downloads: open Manage Videos (${sizeName(size)}; ${b.adminVideos.requests.length} requests)`,
      screenFigure(b.adminVideos),
      '',
      '',
      'independent of N',
      '',
    ]),
  ];
}

/**
 * Both sizes side by side: each figure of the large set beside the same figure of this run's default
 * size (the baseline), the ratio showing how it grows with ten times the data.
 */
function largeTable(r: Results, large: LargeFigures): string[] {
  // readsFor() lists the same reads in the same order at every size (ids and terms differ).
  const small = (r.api.sqlite ?? []).filter((e) => e.kind !== 'write');
  const lines = [
    `Both sizes (SQLite): ${sizeName(r.size)} (this run's baseline) beside ${sizeName(large.size)} creators / videos ` +
      `(${large.dataset.authorships} authorships, ${large.dataset.collaborations} collaborations` +
      `${large.generateSeconds ? `; generated in ${fmt(large.generateSeconds)} s` : '; from bench/.cache'}); ` +
      `p99 at ${r.settings.connections} connections; the ratio is large ÷ baseline.`,
    '',
    `| measure | ${sizeName(r.size)} | ${sizeName(large.size)} | ratio | target | |`,
    '|---|---|---|---|---|---|',
  ];
  for (const [index, e] of large.endpoints.entries()) {
    const base = small[index];
    const clean = e.api.errors === 0 && e.api.non2xx === 0;
    const visitor = e.kind === 'visitor';
    lines.push(
      row([
        e.name.replace(/\(\d+ videos\)|\(hub: \d+ videos\)|\(\d+-video creator\)/, '').trim(),
        base
          ? `p99 ${fmt(base.api.p99Ms)} ms (${kb(base.bytes)}; cold ${fmt(base.coldMs)} ms${cpuPerRequest(base)})`
          : '–',
        `p99 ${fmt(e.api.p99Ms)} ms (${kb(e.bytes)}; cold ${fmt(e.coldMs)} ms${cpuPerRequest(e)})`,
        // autocannon's latencies are whole milliseconds: below 1 ms counts as 1.
        base ? `${fmt(Math.max(1, e.api.p99Ms) / Math.max(1, base.api.p99Ms), 2)}×` : '',
        e.kind === 'compat'
          ? '2xx only'
          : visitor
            ? 'p99 ≤ 10 ms'
            : `p99 ≤ 10 ms, one page (≤ ${kb(TARGETS.adminPageBytes)})`,
        e.kind === 'compat'
          ? ok(clean)
          : ok(e.api.p99Ms <= TARGETS.readP99Ms && clean && (visitor || e.bytes <= TARGETS.adminPageBytes)),
      ]),
    );
  }
  if (r.writeThenReads && large.writeThenReads) {
    const a = r.writeThenReads;
    const b = large.writeThenReads;
    lines.push(
      row([
        `write then its ${b.reads.length} dependent reads (one connection)`,
        `p99 ${fmt(a.p99Ms, 1)} ms`,
        `p99 ${fmt(b.p99Ms, 1)} ms (reads alone p99 ${fmt(b.readsAloneP99Ms, 1)} ms)`,
        `${fmt(b.p99Ms / a.p99Ms, 2)}×`,
        `p99 ≤ ${TARGETS.writeThenReadsP99Ms} ms (${sizeName(r.size)}), ≤ ${TARGETS.largeWriteThenReadsP99Ms} ms (${sizeName(large.size)})`,
        ok(a.p99Ms <= TARGETS.writeThenReadsP99Ms && b.p99Ms <= TARGETS.largeWriteThenReadsP99Ms),
      ]),
    );
  }
  if (large.coldAfterWrite) {
    for (const [index, b] of large.coldAfterWrite.entries()) {
      const a = r.coldAfterWrite?.[index];
      lines.push(
        row([
          `first read after a write: ${b.name.replace(/\(\d+ videos\)|\(hub: \d+ videos\)|\(\d+-video creator\)/, '').trim()}`,
          a ? coldFigure(a) : '–',
          coldFigure(b),
          a ? `${fmt(Math.max(1, b.medianMs) / Math.max(1, a.medianMs), 2)}×` : '',
          `≤ ${TARGETS.coldAfterWriteMs} ms at ${sizeName(large.size)}`,
          ok(b.medianMs <= TARGETS.coldAfterWriteMs),
        ]),
      );
    }
  }
  if (r.screenBytes && large.screenBytes) {
    for (const key of ['visitorSearch', 'adminVideos'] as const) {
      const a = r.screenBytes[key].jsonBytes;
      const b = large.screenBytes[key].jsonBytes;
      const finished = !r.screenBytes[key].unfinished && !large.screenBytes[key].unfinished;
      lines.push(
        row([
          key === 'visitorSearch'
            ? 'JSON a visitor downloads to see search results'
            : 'JSON an admin downloads to open Manage Videos',
          screenFigure(r.screenBytes[key]),
          screenFigure(large.screenBytes[key]),
          `${fmt(b / a, 2)}×`,
          'independent of N (≤ 1.5×)',
          ok(
            finished &&
              b <= a * 1.5 &&
              large.screenBytes[key].wireBytes <= r.screenBytes[key].wireBytes * 1.5,
          ),
        ]),
      );
    }
  }
  if (large.insights) lines.push(...formatInsights(large.insights, sizeLabel(large.size), false).map(row));
  if (large.share) lines.push(...formatShare(large.share, sizeLabel(large.size)).map(row));
  const smallRss = r.peakRssMb.sqlite ?? NaN;
  lines.push(
    row([
      'API peak RSS (VmHWM: reads, writes, recompute)',
      `${fmt(smallRss)} MB`,
      `${fmt(large.peakRssMb)} MB`,
      `${fmt(large.peakRssMb / smallRss, 2)}×`,
      `≤ ${TARGETS.largeRssMb} MB at ${sizeName(large.size)}`,
      ok(large.peakRssMb <= TARGETS.largeRssMb),
    ]),
  );
  if (large.childPeakRssMb) {
    lines.push(
      row([
        "the API's child processes, peak RSS of each (VmHWM; outside the API's figure)",
        '',
        childPeaks(large.childPeakRssMb),
        '',
        '',
        '',
      ]),
    );
  }
  if (large.peakRssWithScreensMb !== undefined) {
    lines.push(
      row([
        'same, after the two browser screens too',
        '',
        `${fmt(large.peakRssWithScreensMb)} MB`,
        '',
        `≤ ${TARGETS.largeRssMb} MB`,
        ok(large.peakRssWithScreensMb <= TARGETS.largeRssMb),
      ]),
    );
  }
  return lines;
}

/** The one table (Markdown, so the README can hold it as it is). */
function report(r: Results, seconds: number): string {
  const lines: string[] = [];
  lines.push(
    `Bench of ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine}; ${r.size.creators} creators, ${r.size.videos} videos ` +
      `(seed ${r.size.seed}; ${r.dataset.authorships} authorships, ${r.dataset.collaborations} collaborations); ` +
      `autocannon ${r.settings.connections} connections × ${r.settings.durationSeconds} s; whole run ${fmt(seconds)} s.`,
  );
  lines.push('');
  lines.push('| measure | figure | baseline (same run) | ratio | target | |');
  lines.push('|---|---|---|---|---|---|');
  for (const [database, endpoints] of [
    ['SQLite', r.api.sqlite],
    ['MariaDB', r.api.mariadb],
  ] as const) {
    for (const e of endpoints ?? []) {
      const read = e.kind !== 'write';
      const clean = e.api.errors === 0 && e.api.non2xx === 0;
      const hasCeiling = Number.isFinite(e.ratio);
      const met = (!hasCeiling || e.ratio >= TARGETS.readRatio) && e.api.p99Ms <= TARGETS.readP99Ms && clean;
      const target =
        e.kind === 'write' || e.kind === 'compat'
          ? '2xx only'
          : e.kind === 'admin'
            ? `p99 ≤ 10 ms, one page (≤ ${kb(TARGETS.adminPageBytes)})`
            : hasCeiling
              ? '≥ 0.50×, p99 ≤ 10 ms'
              : 'p99 ≤ 10 ms';
      lines.push(
        `| API ${database}: ${e.name} | ${fmt(e.api.requestsPerSecond)} req/s, p50 ${fmt(e.api.p50Ms)} ms, p99 ${fmt(e.api.p99Ms)} ms, ` +
          `${e.api.errors} errors, ${e.api.non2xx} non-2xx (${kb(e.bytes)}${read ? `, cold ${fmt(e.coldMs)} ms` : ''}) | ` +
          (hasCeiling
            ? `ceiling ${fmt(e.ceiling.requestsPerSecond)} req/s, p99 ${fmt(e.ceiling.p99Ms)} ms | ${fmt(e.ratio, 2)}× | `
            : `${e.uncached ? `uncached: no ceiling${cpuPerRequest(e)}` : ''} | | `) +
          `${target} | ${e.kind === 'visitor' ? ok(met) : e.kind === 'admin' ? ok(e.api.p99Ms <= TARGETS.readP99Ms && clean && e.bytes <= TARGETS.adminPageBytes) : ok(clean)} |`,
      );
    }
  }
  if (r.api.mariadbError)
    lines.push(`| API MariaDB | not measured: ${r.api.mariadbError.split('\n')[0]} | | | | **not met** |`);
  if (r.bundles) {
    const b = r.bundles;
    lines.push(
      `| visitor JS before results render (${b.visitor.files.length} files, gzip -9) | ${kb(b.visitor.gzipBytes)} ` +
        `(${kb(b.visitor.transferBytes)} on the wire${cssBeside(b.visitor)}) | plain bundle ${kb(b.plainBundleGzip)} | ${fmt(b.overhead, 2)}× | ` +
        `≤ 140 KB, ≤ 1.35× | ${ok(b.visitor.gzipBytes <= TARGETS.visitorJsGzip && b.overhead <= TARGETS.federationOverhead)} |`,
    );
    lines.push(
      `| admin-remote files a visitor requests | ${b.visitor.adminRequests.length} | | | 0 | ${ok(b.visitor.adminRequests.length === 0)} |`,
    );
    lines.push(`| admin remote, all JS (gzip -9) | ${kb(b.adminRemoteGzip)} | | | | |`);
  }
  if (r.browser) {
    const u = r.browser.unthrottled.median;
    const t = r.browser.throttled.median;
    const runs = r.browser.unthrottled.runs.length;
    lines.push(
      `| navigation → 'All Creators (${r.size.creators})' rendered, median of ${runs} | ${fmt(u.navigationMs)} ms | ` +
        `target 1000 ms | ${fmt(u.navigationMs / TARGETS.navigationMs, 2)}× | ≤ 1.0 s | ${ok(u.navigationMs <= TARGETS.navigationMs)} |`,
    );
    lines.push(
      `| same, CPU ×${r.settings.cpuSlowdown} + slow 4G | ${fmt(t.navigationMs)} ms | unthrottled ${fmt(u.navigationMs)} ms | ` +
        `${fmt(t.navigationMs / u.navigationMs, 2)}× | ≤ 2.5 s | ${ok(t.navigationMs <= TARGETS.navigationThrottledMs)} |`,
    );
    lines.push(
      `| keystroke → filtered list rendered (${fmt(u.keystrokeMatches)} matches) | ${fmt(u.keystrokeMs)} ms | target 50 ms | ` +
        `${fmt(u.keystrokeMs / TARGETS.keystrokeMs, 2)}× | ≤ 50 ms | ${ok(u.keystrokeMs <= TARGETS.keystrokeMs)} |`,
    );
    lines.push(
      `| same, CPU ×${r.settings.cpuSlowdown} + slow 4G | ${fmt(t.keystrokeMs)} ms | unthrottled ${fmt(u.keystrokeMs)} ms | ` +
        `${fmt(t.keystrokeMs / u.keystrokeMs, 2)}× | ≤ ${TARGETS.keystrokeThrottledMs} ms | ${ok(t.keystrokeMs <= TARGETS.keystrokeThrottledMs)} |`,
    );
    lines.push(
      `| click → creator page with ${r.dataset.bigCreator.videoCount} videos rendered | ${fmt(u.creatorPageMs)} ms | | | | |`,
    );
    lines.push(
      `| same, CPU ×${r.settings.cpuSlowdown} + slow 4G | ${fmt(t.creatorPageMs)} ms | unthrottled ${fmt(u.creatorPageMs)} ms | ` +
        `${fmt(t.creatorPageMs / u.creatorPageMs, 2)}× | | |`,
      `| click → collaboration network (graph) of that creator rendered | ${fmt(u.networkMs)} ms | | | | |`,
      `| same, CPU ×${r.settings.cpuSlowdown} + slow 4G | ${fmt(t.networkMs)} ms | unthrottled ${fmt(u.networkMs)} ms | ` +
        `${fmt(t.networkMs / u.networkMs, 2)}× | | |`,
    );
  }
  lines.push(...typingStartRows(r.typingStart));
  for (const i of r.imports ?? []) {
    const target = i.videos <= 50 ? TARGETS.import50Ms : TARGETS.import500Ms;
    lines.push(
      `| bulk import of ${i.videos} (fake YouTube +20 ms/call; ${i.youtubeCalls} calls, ${i.imported} imported, ${i.failed} failed) | ` +
        `${fmt(i.ms)} ms | sequential estimate ${fmt(i.sequentialEstimateMs)} ms | ${fmt(i.ratio, 2)}× | ≤ ${target / 1000} s | ` +
        `${ok(i.ms <= target && i.failed === 0)} |`,
    );
  }
  if (r.writeThenReads) lines.push(writeThenReadsRow(r.writeThenReads, 'SQLite'));
  if (r.screenBytes) lines.push(...screenBytesRows(r.screenBytes, r.size));
  if (r.insights) lines.push(...formatInsights(r.insights, sizeLabel(r.size), true).map(row));
  if (r.share) lines.push(...formatShare(r.share, sizeLabel(r.size)).map(row));
  for (const [database, mb] of Object.entries(r.peakRssMb)) {
    lines.push(
      `| API peak RSS (${database}, VmHWM) | ${fmt(mb)} MB | | ${fmt(mb / TARGETS.rssMb, 2)}× of target | ≤ 250 MB | ${ok(mb <= TARGETS.rssMb)} |`,
    );
  }
  if (r.childPeakRssMb) {
    lines.push(
      row([
        "the API's child processes, peak RSS of each (VmHWM; outside the API's figure, each ends when idle)",
        childPeaks(r.childPeakRssMb),
        '',
        '',
        '',
        '',
      ]),
    );
  }
  if (r.suggestionsCpu) {
    const c = r.suggestionsCpu;
    lines.push(
      row([
        `server CPU of ${c.suggestions} suggestions beside ${c.reads} reads (${sizeName(c.size)}; the API process and its child processes)`,
        `${fmt(c.cpuSeconds, 2)} s (${fmt(c.wallMs)} ms wall)`,
        `${c.recomputedAnswers} of ${c.readUrls} read answers computed again`,
        '',
        `< ${SUGGESTIONS_CPU_TARGET_S} s`,
        ok(c.cpuSeconds < SUGGESTIONS_CPU_TARGET_S && c.failed === 0),
      ]),
    );
  }
  if (r.large) lines.push('', ...largeTable(r, r.large));
  if (r.scaling && r.scaling.length > 0) {
    lines.push('');
    lines.push(
      'Scaling (SQLite): cold = first request after start (the aggregate computed), then req/s at 10 connections.',
    );
    lines.push('');
    const names = r.scaling[0]?.endpoints.map((e) => e.name) ?? [];
    lines.push(`| videos / creators | ${names.join(' | ')} | peak RSS |`);
    lines.push(`|---|${names.map(() => '---').join('|')}|---|`);
    for (const row of r.scaling) {
      lines.push(
        `| ${row.size.videos} / ${row.size.creators} | ${row.endpoints
          .map((e) => `cold ${fmt(e.coldMs)} ms, ${fmt(e.requestsPerSecond)} req/s (${kb(e.bytes)})`)
          .join(' | ')} | ${fmt(row.peakRssMb)} MB |`,
      );
    }
  }
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
