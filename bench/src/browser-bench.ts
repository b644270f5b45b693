/**
 * The browser figures, in Debian's Chromium through playwright-core against the production server:
 * navigation to 'All Creators (N)' rendered, a keystroke in the search box to the filtered list
 * rendered, and a click on a creator with ~1,000 videos to its page rendered; unthrottled and with
 * CPU ×4 + slow 4G through the DevTools protocol. "Rendered" is the frame after the DOM shows it
 * (MutationObserver, then requestAnimationFrame + setTimeout 0, i.e. after that frame was produced).
 * Also the JavaScript a visitor downloads before the results render, from the page's own network log.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { DatasetMeta } from './generate';
import { log, median } from './util';

export const CHROMIUM = '/usr/bin/chromium';

/** Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G = { latency: 150, downloadKbps: 1600, uploadKbps: 750 };
export const CPU_SLOWDOWN = 4;

export interface BrowserRunFigures {
  navigationMs: number;
  keystrokeMs: number;
  /** Matches of the typed letter (the list rendered after the keystroke). */
  keystrokeMatches: number;
  creatorPageMs: number;
  /** Click on 'Show collaboration network' to the hub's graph rendered. */
  networkMs: number;
}

export interface BrowserFigures {
  throttled: boolean;
  runs: BrowserRunFigures[];
  median: BrowserRunFigures;
}

export interface VisitorJs {
  /** Each JavaScript file fetched before the results rendered, with its gzip -9 size. */
  files: { path: string; bytes: number; gzipBytes: number; transferBytes: number }[];
  gzipBytes: number;
  transferBytes: number;
  /**
   * The stylesheets fetched before the results rendered, measured the same way: not JavaScript, so not
   * in the JS figure, but CSS moved out of the scripts is still reported beside it.
   */
  css?: { path: string; bytes: number; gzipBytes: number; transferBytes: number }[];
  cssGzipBytes?: number;
  /** Every request of the visit under /remotes/admin/ (must be none). */
  adminRequests: string[];
}

const INIT_SCRIPT = `(() => {
  const watchers = [];
  const headings = () => [...document.querySelectorAll('h2, h3')].map((h) => h.textContent || '');
  const tests = {
    list: (count) => headings().includes('All Creators (' + count + ')') && !!document.querySelector('.pr-card'),
    search: () => headings().some((t) => t.startsWith('Search Results (')),
    creator: (count) => headings().includes('All Videos (' + count + ')'),
    network: () => !!document.querySelector('[role="img"][aria-label^="Collaboration network of"]'),
  };
  const run = () => {
    for (let i = watchers.length - 1; i >= 0; i--) {
      const w = watchers[i];
      if (!tests[w.kind](w.arg)) continue;
      watchers.splice(i, 1);
      const seen = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.done({ seen, painted: performance.now() }), 0));
    }
  };
  new MutationObserver(run).observe(document, { subtree: true, childList: true, characterData: true });
  window.__benchEvents = {};
  for (const type of ['keydown', 'click']) {
    addEventListener(type, (event) => { window.__benchEvents[type] = event.timeStamp; }, true);
  }
  window.__benchWatch = (kind, arg) => new Promise((done) => { watchers.push({ kind, arg, done }); run(); });
  window.__benchNavigation = window.__benchWatch('list', Number(sessionStorage.getItem('benchCount') || 0));
})();`;

interface Painted {
  seen: number;
  painted: number;
}

declare global {
  interface Window {
    __benchWatch(kind: string, arg?: number): Promise<Painted>;
    __benchNavigation: Promise<Painted>;
    __benchEvents: Record<string, number>;
    __benchArmed: Promise<Painted>;
  }
}

/**
 * Starts a watcher in the page and returns once it is listening; the returned function waits for what
 * it watches. Started without waiting (as before), the watcher could begin after the key or click it
 * times had already changed the page, and would then date the change from its own start.
 */
async function armed(page: Page, kind: string, arg?: number): Promise<() => Promise<Painted>> {
  await page.evaluate(
    ([k, a]) => {
      window.__benchArmed = window.__benchWatch(k, a);
    },
    [kind, arg] as const,
  );
  return () => page.evaluate(() => window.__benchArmed);
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

/** One visit: navigation, keystroke, creator page. Returns the figures and the page (for the bundle log). */
async function visit(
  browser: Browser,
  baseUrl: string,
  meta: DatasetMeta,
  throttled: boolean,
  requests?: string[],
  onPage?: (page: Page, navigationPainted: number) => Promise<void>,
): Promise<BrowserRunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (requests) context.on('request', (request) => requests.push(request.url()));
  try {
    const page = await context.newPage();
    await context.addInitScript(`sessionStorage.setItem('benchCount', '${meta.size.creators}');`);
    await context.addInitScript(INIT_SCRIPT);
    if (throttled) await throttle(page);
    const timeout = throttled ? 60_000 : 20_000;
    page.setDefaultTimeout(timeout);

    await page.goto(baseUrl, { waitUntil: 'commit' });
    const navigation = await page.evaluate(() => window.__benchNavigation);
    if (onPage) await onPage(page, navigation.painted);

    // Keystroke: one letter typed into the empty search box.
    const input = page.getByRole('searchbox', { name: 'Search creators' });
    await input.focus();
    const searched = await armed(page, 'search');
    await page.keyboard.press('k');
    const search = await searched();
    const keydown = await page.evaluate(() => window.__benchEvents.keydown as number);
    const matches = await page.evaluate(() => {
      const heading = [...document.querySelectorAll('h2')].find((h) =>
        h.textContent?.startsWith('Search Results ('),
      );
      return Number(/\((\d+)\)/.exec(heading?.textContent ?? '')?.[1] ?? NaN);
    });

    // Creator page: find the creator with ~1,000 videos, then time the click on its card.
    await input.fill(meta.bigCreator.name);
    const open = page.getByRole('button', { name: meta.bigCreator.name, exact: true }).first();
    await open.waitFor();
    const opened = await armed(page, 'creator', meta.bigCreator.videoCount);
    await open.click();
    const creator = await opened();
    const click = await page.evaluate(() => window.__benchEvents.click as number);

    // The same creator's collaboration network: graph chunk, ego network (two hops), force layout.
    const graphed = await armed(page, 'network');
    await page.getByRole('button', { name: 'Show collaboration network' }).click();
    const graph = await graphed();
    const graphClick = await page.evaluate(() => window.__benchEvents.click as number);

    return {
      navigationMs: navigation.painted,
      keystrokeMs: search.painted - keydown,
      keystrokeMatches: matches,
      creatorPageMs: creator.painted - click,
      networkMs: graph.painted - graphClick,
    };
  } finally {
    await context.close();
  }
}

export async function runBrowser(
  browser: Browser,
  baseUrl: string,
  meta: DatasetMeta,
  throttled: boolean,
  runs: number,
): Promise<BrowserFigures> {
  await visit(browser, baseUrl, meta, throttled); // warm-up: server caches, Chromium's code cache
  const results: BrowserRunFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await visit(browser, baseUrl, meta, throttled);
    log(
      `  ${throttled ? 'throttled' : 'unthrottled'} run ${i + 1}: navigation ${run.navigationMs.toFixed(0)} ms, ` +
        `keystroke ${run.keystrokeMs.toFixed(0)} ms (${run.keystrokeMatches} matches), creator page ${run.creatorPageMs.toFixed(0)} ms, ` +
        `network ${run.networkMs.toFixed(0)} ms`,
    );
    results.push(run);
  }
  return {
    throttled,
    runs: results,
    median: {
      navigationMs: median(results.map((r) => r.navigationMs)),
      keystrokeMs: median(results.map((r) => r.keystrokeMs)),
      keystrokeMatches: median(results.map((r) => r.keystrokeMatches)),
      creatorPageMs: median(results.map((r) => r.creatorPageMs)),
      networkMs: median(results.map((r) => r.networkMs)),
    },
  };
}

/** One unthrottled visit recording every request: the JS fetched before the results rendered. */
export async function visitorJavaScript(
  browser: Browser,
  baseUrl: string,
  meta: DatasetMeta,
): Promise<VisitorJs> {
  const requests: string[] = [];
  let entries: { name: string; transferSize: number; responseEnd: number }[] = [];
  let paintedAt = 0;
  await visit(browser, baseUrl, meta, false, requests, async (page, painted) => {
    paintedAt = painted;
    entries = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: e.name,
        transferSize: e.transferSize,
        responseEnd: e.responseEnd,
      })),
    );
  });
  const origin = new URL(baseUrl).origin;
  const beforePaint = (pattern: RegExp) =>
    entries.filter((e) => e.name.startsWith(origin) && pattern.test(e.name) && e.responseEnd <= paintedAt);
  const measure = async (fetched: typeof entries) => {
    const files = [];
    for (const entry of fetched) {
      const body = Buffer.from(await (await fetch(entry.name)).arrayBuffer());
      files.push({
        path: entry.name.slice(origin.length),
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        transferBytes: entry.transferSize,
      });
    }
    return files;
  };
  const files = await measure(beforePaint(/\.js(\?|$)/));
  const css = await measure(beforePaint(/\.css(\?|$)/));
  return {
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    transferBytes: files.reduce((sum, f) => sum + f.transferBytes, 0),
    css,
    cssGzipBytes: css.reduce((sum, f) => sum + f.gzipBytes, 0),
    adminRequests: requests.filter((url) => url.startsWith(`${origin}/remotes/admin/`)),
  };
}

export interface ScreenJson {
  jsonBytes: number;
  wireBytes: number;
  requests: string[];
  /** Set when the screen did not settle within a minute: the bytes are those received until then. */
  unfinished?: string;
}

export interface ScreenBytes {
  /** JSON a visitor downloads from opening the site to the results of one search rendered. */
  visitorSearch: ScreenJson;
  /** JSON an admin downloads from opening Manage Videos to its list rendered. */
  adminVideos: ScreenJson;
}

const SCREEN_TIMEOUT_MS = 60_000;

/** Resolves true once no request of the context has been in flight for `quietMs`, false at the deadline. */
async function settled(inFlight: () => number, deadline: number, quietMs = 750): Promise<boolean> {
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

/**
 * One fresh context per screen, counting the JSON answers' bytes (decoded, and on the wire): both
 * figures must stay independent of the data's size.
 */
async function countJson(
  browser: Browser,
  baseUrl: string,
  cookie: string | null,
  act: (page: Page) => Promise<void>,
): Promise<ScreenJson> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const figures: ScreenJson = { jsonBytes: 0, wireBytes: 0, requests: [] };
  context.on('request', () => inFlight++);
  context.on('requestfailed', () => inFlight--);
  context.on('requestfinished', (request) => {
    inFlight--;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response || !(response.headers()['content-type'] ?? '').includes('json')) return;
        const sizes = await request.sizes();
        const body = await response.body().catch(() => null);
        // Chromium hands back no body of tens of MB: count what crossed the wire, and say so.
        if (body === null)
          figures.unfinished = `the body of ${new URL(request.url()).pathname} was too large to read back`;
        figures.jsonBytes += body === null ? sizes.responseBodySize : body.length;
        figures.wireBytes += sizes.responseBodySize;
        figures.requests.push(`${new URL(request.url()).pathname}${new URL(request.url()).search}`);
      })(),
    );
  });
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split(/;\s*/).map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
      // The host shows the admin tabs from this flag (set at login) until the session check answers.
      await context.addInitScript(() => window.localStorage.setItem('isAdmin', 'true'));
    }
    const deadline = Date.now() + SCREEN_TIMEOUT_MS;
    const page = await context.newPage();
    page.setDefaultTimeout(SCREEN_TIMEOUT_MS);
    try {
      await act(page);
      if (!(await settled(() => inFlight, deadline)))
        figures.unfinished = 'requests still in flight after 60 s';
    } catch (error) {
      figures.unfinished = `not rendered within 60 s (${String(error).split('\n')[0]})`;
    }
    await Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, 5000))]);
    return { ...figures, requests: [...figures.requests] };
  } finally {
    await context.close();
  }
}

export async function screenBytes(
  browser: Browser,
  baseUrl: string,
  meta: DatasetMeta,
  cookie: string,
): Promise<ScreenBytes> {
  const term = meta.bigCreator.name.slice(0, 4);
  const visitorSearch = await countJson(browser, baseUrl, null, async (page) => {
    await page.goto(baseUrl);
    await page.getByText(/^All Creators \(\d+\)$/).waitFor();
    await page.getByRole('searchbox', { name: 'Search creators' }).fill(term);
    await page.getByText(/^Search Results \(\d+\)$/).waitFor();
  });
  const adminVideos = await countJson(browser, baseUrl, cookie, async (page) => {
    await page.goto(`${baseUrl}/?view=videos`);
    await page.getByRole('heading', { name: 'Manage Videos', exact: true }).waitFor();
  });
  log(
    `  JSON per screen: visitor search ${visitorSearch.jsonBytes} B (${visitorSearch.requests.length} requests), ` +
      `Manage Videos ${adminVideos.jsonBytes} B (${adminVideos.requests.length} requests)`,
  );
  return { visitorSearch, adminVideos };
}
