/**
 * Independent remote deploys: the public team builds a changed remote, uploads it to its own
 * origin and points PUBLIC_REMOTE_URL at it; the host's files stay exactly as they were. And when the
 * admin remote's origin is down, visitors notice nothing while an admin gets a clear message with Retry.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { AdminApi } from '../support/api';
import { launchBrowser, newSession, useAdminSession, type Session } from '../support/browser';
import { expect } from '../support/expect';
import { freePort, REPO_ROOT, SNAPSHOT_ENV, startServer, type RunningServer } from '../support/server';
import { serveStaticOrigin, type StaticOrigin } from '../support/static-origin';
import { listHeading, openApp, tab } from '../support/ui';

/** The folder the production server serves the bundles from (the run's snapshot of the build). */
const bundlesDir = () => process.env[SNAPSHOT_ENV] ?? REPO_ROOT;

/** sha256 of every file under `dir`, by relative path. */
function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = path.join(sub, name);
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else
        out[rel] = createHash('sha256')
          .update(readFileSync(path.join(dir, rel)))
          .digest('hex');
    }
  };
  walk('');
  return out;
}

/** The public team's build: `BUILD_LABEL=<label> webpack --mode production` into `outDir`. */
function buildPublicRemote(outDir: string, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const webpack = path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack');
    const child = spawn(webpack, ['--mode', 'production', '--output-path', outDir], {
      cwd: path.join(REPO_ROOT, 'public-remote'),
      env: { ...process.env, BUILD_LABEL: label },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The public remote build failed (${code}):\n${output}`)),
    );
  });
}

/** Requests of a context that never got an answer (refused, blocked by CORS or CSP). */
function recordFailedRequests(session: Session): string[] {
  const failed: string[] = [];
  session.context.on('requestfailed', (request) =>
    failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  return failed;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('a public remote release deployed on its own origin', () => {
  const label = `release-${Date.now().toString(36)}`;
  let buildDir: string;
  let remote: StaticOrigin | undefined;
  let server: RunningServer | undefined;
  let hostOrigin = '';

  beforeAll(async () => {
    buildDir = mkdtempSync(path.join(tmpdir(), 'friends-public-remote-'));
    await buildPublicRemote(buildDir, label);
    remote = await serveStaticOrigin(buildDir, () => hostOrigin);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await remote?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('is what visitors get once PUBLIC_REMOTE_URL points at it, with the same host files', async () => {
    const hostDist = path.join(bundlesDir(), 'host', 'dist');
    const hostFiles = hashTree(hostDist);

    // Before: the public remote bundled with the product, built without a label.
    server = await startServer({ seedDemo: true });
    const before = await newSession(browser, server.baseURL);
    await openApp(before.page);
    await expect(before.page.getByText(/^build /)).toHaveCount(0);
    const beforeHtml = await (await fetch(`${server.baseURL}/`)).text();
    expect(before.requested('/remotes/public/mf-manifest.json').length).toBeGreaterThan(0);
    expect(before.unexpectedErrors()).toEqual([]);
    await before.close();
    await server.stop();

    // The public team's release: served from another origin; the product is only told where it is.
    const manifestUrl = `${remote!.origin}/mf-manifest.json`;
    server = await startServer({ seedDemo: true, env: { PUBLIC_REMOTE_URL: manifestUrl } });
    hostOrigin = server.baseURL;
    const page = await fetch(`${server.baseURL}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${remote!.origin}`);
    expect(csp).toContain(`connect-src 'self' ${remote!.origin}`);
    expect(await page.text()).toBe(beforeHtml);

    const after = await newSession(browser, server.baseURL);
    const failed = recordFailedRequests(after);
    await openApp(after.page);
    await expect(after.page.getByText(`build ${label}`, { exact: true })).toBeVisible();
    // The new remote's views work: leaderboard and back.
    await tab(after.page, /Leaderboard/).click();
    await expect(after.page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await tab(after.page, /Search/).click();
    await expect(listHeading(after.page)).toBeVisible();
    await after.page.waitForLoadState('networkidle');

    // Every public-remote file came from the second origin, nothing from the bundled copy.
    expect(after.requests).toContain(manifestUrl);
    expect(remote!.requests).toContain('/remoteEntry.js');
    expect(after.requested('/remotes/public/')).toEqual([]);
    expect(after.requested('/remotes/admin/')).toEqual([]);
    const foreign = after.requests.filter(
      (url) => ![server!.baseURL, remote!.origin].includes(new URL(url).origin),
    );
    expect(foreign).toEqual([]);
    // The host's own files are the ones it had before, untouched on disk.
    const hostRequests = after.requests
      .map((url) => new URL(url))
      .filter((url) => url.origin === server!.baseURL && /\.(js|css)$/.test(url.pathname));
    expect(hostRequests.length).toBeGreaterThan(0);
    for (const url of hostRequests) expect(hostFiles).toHaveProperty([url.pathname.slice(1)]);
    expect(hashTree(hostDist)).toEqual(hostFiles);
    expect(failed).toEqual([]);
    expect(after.unexpectedErrors()).toEqual([]);
    await after.close();
  });
});

describe("the admin remote's origin is down", () => {
  let server: RunningServer;
  let api: AdminApi;
  let downPort: number;
  let adminOrigin: StaticOrigin | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    downPort = await freePort(); // nothing listens there
    server = await startServer({
      seedDemo: true,
      env: { ADMIN_REMOTE_URL: `http://127.0.0.1:${downPort}/mf-manifest.json` },
    });
    api = new AdminApi(server.baseURL);
    await api.login();
  }, 90_000);

  afterAll(async () => {
    for (const s of sessions) await s.close();
    await adminOrigin?.close();
    await server?.stop();
  });

  const open = async () => {
    const s = await newSession(browser, server.baseURL);
    sessions.push(s);
    return s;
  };

  it('changes nothing for a visitor: no message, no request to it, no failed request', async () => {
    const s = await open();
    const failed = recordFailedRequests(s);
    const { page } = s;
    await openApp(page);
    await tab(page, /Leaderboard/).click();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await page.getByRole('img', { name: 'Rank 1, gold medal' }).first().click();
    await expect(page.getByText('Total Videos', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Back to Search/ }).click();
    await expect(listHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded|Retry/)).toHaveCount(0);
    expect(s.requests.filter((url) => new URL(url).port === String(downPort))).toEqual([]);
    expect(failed).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('shows an admin a clear message with Retry, and Retry loads the remote once it is back', async () => {
    const s = await open();
    // The runtime and the host's boundary log the refused manifest: that is the situation under test.
    s.expectErrors(/Failed to get manifest\. #RUNTIME-003[\s\S]*"moduleName":"admin_remote"/);
    s.expectErrors(/^console: Could not load admin_remote\//);
    await useAdminSession(s.context, server.baseURL, api.sessionCookies());
    const { page } = s;

    // Search still works; the admin tools on it announce themselves missing.
    await page.goto('/');
    await expect(page.getByText('The admin tools for search could not be loaded.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(listHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    // An admin view says so plainly, and Retry tries again (still down: still the message).
    await page.goto('/?view=videos');
    const message = page.getByText('This part of the app could not be loaded.');
    await expect(message).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(message).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The admin team's origin comes back: Retry loads the view without reloading the page.
    adminOrigin = await serveStaticOrigin(
      path.join(bundlesDir(), 'admin-remote', 'dist'),
      server.baseURL,
      downPort,
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Videos', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(message).toHaveCount(0);
    expect(adminOrigin.requests).toContain('/mf-manifest.json');
    expect(s.unexpectedErrors()).toEqual([]);
  });
});
