/**
 * Two figures a person feels first: typing in the search box, and starting the product a second time.
 *
 * Typing: the start of a creator's name typed one key at a time into the visitor's search box, each
 * keystroke timed from its keydown to the frame after 'Search Results (n)' shows the new count
 * (MutationObserver, then requestAnimationFrame + setTimeout 0), unthrottled and with CPU ×4 + slow 4G.
 * Targets: ≤ 50 ms and ≤ 250 ms (the median keystroke). A count written "(5+)" is the page's first paint
 * from the rows it already held (more may match until the server answers): it counts as the results shown.
 *
 * Second start: `npm start` (scripts/start.mjs) run once to build what is stale and answer, stopped, then
 * run again with the sources unchanged; the figure is the time from spawning the second one to its first
 * 200 on `/`. Target: ≤ 15 s. Both runs serve a copy of the bench's data set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CPU_SLOWDOWN, SLOW_4G } from './browser-bench';
import type { DatasetMeta } from './generate';
import { ADMIN_PASSWORD } from './server';
import { CACHE_DIR, REPO_ROOT, freePort, log, median, sleep } from './util';

export const TYPING_TARGET_MS = 50;
export const TYPING_THROTTLED_TARGET_MS = 250;
export const SECOND_START_TARGET_S = 15;

export interface TypingFigures {
  throttled: boolean;
  /** What was typed, one key at a time. */
  term: string;
  /** Every keystroke of every run, in ms. */
  keystrokesMs: number[];
  /**
   * Of those, the keystrokes first painted from the rows the page already held, before the server's
   * answer ('Search Results (5+)': the count still open); the rest waited for the answer.
   */
  heldPaints: number;
  medianMs: number;
  maxMs: number;
}

export interface StartFigures {
  /** The first `npm start` (building whatever was stale) to its first 200 on /, in s. */
  firstSeconds: number;
  /** Steps the first start built (0 when everything was already built). */
  firstBuilt: number;
  /** The second `npm start`, sources unchanged, to its first 200 on /, in s. */
  secondSeconds: number;
  /** The second start said every part was up to date (no build). */
  secondSkippedBuild: boolean;
}

export interface TypingStartFigures {
  typing?: { unthrottled: TypingFigures; throttled: TypingFigures };
  start?: StartFigures;
  startError?: string;
}

const WATCHER = `(() => {
  window.__typing = { keydown: 0, presses: 0, countAtKeydown: null };
  window.__typingOpen = false;
  addEventListener('keydown', (event) => {
    window.__typing.keydown = event.timeStamp;
    window.__typing.presses += 1;
    window.__typing.countAtKeydown = count();
  }, true);
  const count = () => {
    const heading = [...document.querySelectorAll('h2')].find((h) => (h.textContent || '').startsWith('Search Results ('));
    const match = /\\((\\d+)(\\+?)\\)/.exec(heading ? heading.textContent : '');
    window.__typingOpen = Boolean(match && match[2]);
    return match ? Number(match[1]) : null;
  };
  window.__typingCount = count;
  // A count that changes before the key is pressed (rows that arrived for the previous term) is not
  // the keystroke's: only a change from the count shown at its keydown is. The caller says which press
  // it waits for (this may run before or after that key's keydown).
  window.__typingNext = (press, timeoutMs) => new Promise((done) => {
    const timer = setTimeout(() => { observer.disconnect(); done(null); }, timeoutMs);
    const check = () => {
      if (window.__typing.presses < press) return false;
      const now = count();
      if (now === null || now === window.__typing.countAtKeydown) return false;
      observer.disconnect();
      clearTimeout(timer);
      const open = window.__typingOpen;
      requestAnimationFrame(() => setTimeout(() => done({ count: now, painted: performance.now(), open }), 0));
      return true;
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    check();
  });
})();`;

declare global {
  interface Window {
    __typing: { keydown: number; presses: number; countAtKeydown: number | null };
    /** The last count read was the held rows' ('Search Results (5+)': more may match). */
    __typingOpen: boolean;
    __typingCount(): number | null;
    __typingNext(
      press: number,
      timeoutMs: number,
    ): Promise<{ count: number; painted: number; open: boolean } | null>;
    /** What the watcher armed for the next press will resolve with. */
    __typingPending: Promise<{ count: number; painted: number; open: boolean } | null>;
  }
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latency,
    downloadThroughput: (SLOW_4G.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_4G.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * Three letters of the generator's syllables ('ka', 'ri'): each one narrows the list, so each keystroke
 * changes the count the watcher waits for. A keystroke that leaves the count as it was cannot be told
 * apart from one not yet answered, so it is left out (after a timeout) rather than timed.
 */
export const TYPING_TERM = 'kar';

async function typeOnce(browser: Browser, baseUrl: string, meta: DatasetMeta, throttled: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await context.addInitScript(WATCHER);
    if (throttled) await throttle(page);
    page.setDefaultTimeout(throttled ? 60_000 : 20_000);
    await page.goto(baseUrl);
    await page
      .getByRole('heading', { name: `All Creators (${meta.size.creators})` })
      .waitFor({ timeout: throttled ? 60_000 : 20_000 });
    const input = page.getByRole('searchbox', { name: 'Search creators' });
    await input.focus();
    const times: number[] = [];
    let open = 0;
    for (const [index, key] of [...TYPING_TERM].entries()) {
      // The watcher listens before the key is pressed: one started after the keystroke had already
      // changed the count would date the change from its own start.
      await page.evaluate(
        ([p, t]) => {
          window.__typingPending = window.__typingNext(p, t);
        },
        [index + 1, throttled ? 15_000 : 5_000] as const,
      );
      await page.keyboard.press(key);
      const shown = await page.evaluate(() => window.__typingPending);
      if (!shown) continue;
      const keydown = await page.evaluate(() => window.__typing.keydown);
      times.push(shown.painted - keydown);
      if (shown.open) open++;
    }
    return { times, open };
  } finally {
    await context.close();
  }
}

export async function runTyping(
  browser: Browser,
  baseUrl: string,
  meta: DatasetMeta,
  throttled: boolean,
  runs: number,
  warmUp = true,
): Promise<TypingFigures> {
  if (warmUp) await typeOnce(browser, baseUrl, meta, throttled);
  const keystrokesMs: number[] = [];
  let heldPaints = 0;
  for (let i = 0; i < runs; i++) {
    const { times: run, open } = await typeOnce(browser, baseUrl, meta, throttled);
    heldPaints += open;
    log(
      `  typing ${throttled ? 'throttled' : 'unthrottled'} run ${i + 1}: ${run.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    keystrokesMs.push(...run);
  }
  return {
    throttled,
    term: TYPING_TERM,
    keystrokesMs,
    heldPaints,
    medianMs: median(keystrokesMs),
    maxMs: Math.max(...keystrokesMs),
  };
}

/** `npm start` in its own process group (so the server under npm stops with it), with its output kept. */
function npmStart(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function firstOk(url: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`npm start ended with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`no 200 on ${url} within ${timeoutMs / 1000} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

/** Two `npm start`s on a copy of `databaseFile`: the second, with nothing changed, is the figure. */
export async function runSecondStart(databaseFile: string): Promise<StartFigures> {
  const dir = join(CACHE_DIR, 'run', 'second-start');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const database = join(dir, 'start.sqlite');
  copyFileSync(databaseFile, database);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${database}`,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  const url = `http://127.0.0.1:${port}/`;

  log('npm start (first: builds what is stale)');
  const first = npmStart(env);
  const firstStarted = performance.now();
  let firstSeconds: number;
  try {
    firstSeconds = ((await firstOk(url, first.child, 15 * 60_000)) - firstStarted) / 1000;
  } finally {
    await stop(first.child);
  }
  const firstBuilt = (first.output().match(/: built in /g) ?? []).length;

  log('npm start (second: sources unchanged)');
  const second = npmStart(env);
  const secondStarted = performance.now();
  try {
    const secondSeconds = ((await firstOk(url, second.child, 5 * 60_000)) - secondStarted) / 1000;
    return {
      firstSeconds,
      firstBuilt,
      secondSeconds,
      secondSkippedBuild: /everything is up to date/.test(second.output()),
    };
  } finally {
    await stop(second.child);
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const ok = (pass: boolean) => (pass ? 'met' : '**not met**');

/** The report's rows (the table's columns: measure | figure | beside | ratio | target | ok). */
export function typingStartRows(f: TypingStartFigures | undefined): string[] {
  if (!f) return [];
  const lines: string[] = [];
  if (f.typing) {
    const { unthrottled: u, throttled: t } = f.typing;
    lines.push(
      `| typing: keystroke → results rendered ('${u.term}' one key at a time, median of ${u.keystrokesMs.length} keystrokes) | ` +
        `${fmt(u.medianMs)} ms (worst ${fmt(u.maxMs)} ms) | ${u.heldPaints ?? 0} of ${u.keystrokesMs.length} painted from held rows | ${fmt(u.medianMs / TYPING_TARGET_MS, 2)}× | ` +
        `≤ ${TYPING_TARGET_MS} ms | ${ok(u.medianMs <= TYPING_TARGET_MS)} |`,
      `| typing, CPU ×${CPU_SLOWDOWN} + slow 4G (median of ${t.keystrokesMs.length}) | ${fmt(t.medianMs)} ms (worst ${fmt(t.maxMs)} ms) | ` +
        `unthrottled ${fmt(u.medianMs)} ms; ${t.heldPaints ?? 0} of ${t.keystrokesMs.length} painted from held rows | ${fmt(t.medianMs / TYPING_THROTTLED_TARGET_MS, 2)}× | ` +
        `≤ ${TYPING_THROTTLED_TARGET_MS} ms | ${ok(t.medianMs <= TYPING_THROTTLED_TARGET_MS)} |`,
    );
  }
  if (f.start) {
    const s = f.start;
    lines.push(
      `| second start: \`npm start\` again, sources unchanged → first 200 on / | ${fmt(s.secondSeconds, 1)} s | ` +
        `first start ${fmt(s.firstSeconds, 1)} s (built ${s.firstBuilt} parts) | ${fmt(s.secondSeconds / SECOND_START_TARGET_S, 2)}× | ` +
        `≤ ${SECOND_START_TARGET_S} s, no build | ${ok(s.secondSeconds <= SECOND_START_TARGET_S && s.secondSkippedBuild)} |`,
    );
  } else if (f.startError) {
    lines.push(
      `| second start | failed: ${f.startError.replace(/\|/g, '/')} | | | ≤ ${SECOND_START_TARGET_S} s | **not met** |`,
    );
  }
  return lines;
}
