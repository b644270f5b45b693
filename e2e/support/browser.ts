/**
 * Debian's Chromium driven by playwright-core: one browser per test file, a fresh context per test.
 * Every network request, dialog and page error of a context is recorded so tests can assert on them.
 */
import { existsSync } from 'node:fs';
import { Browser, BrowserContext, chromium, Dialog, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_INSTALL = 'apt-get update && apt-get install -y chromium';

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}. Install it with:\n\n  ${CHROMIUM_INSTALL}\n`);
  }
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
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

export interface RecordedDialog {
  type: string;
  message: string;
}

/** What a dialog is answered with: true accepts (confirm/alert), false dismisses, a string answers a prompt. */
export type DialogAnswer = boolean | string;

export interface Session {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  /** Every request URL of the context, in order. */
  requests: string[];
  /** Every alert/confirm/prompt seen, in order. */
  dialogs: RecordedDialog[];
  /** Uncaught page errors and console errors, for failure messages. */
  errors: string[];
  /** Queue answers for the next dialogs; without a queued answer a dialog is accepted. */
  answerDialogs: (...answers: DialogAnswer[]) => void;
  /** Resolves with the next dialog (already recorded and answered). */
  nextDialog: (timeoutMs?: number) => Promise<RecordedDialog>;
  /** Errors the test provokes on purpose (a wrong password's 401), left out of the end-of-test report. */
  expectErrors: (pattern: RegExp) => void;
  /** `errors` minus the expected ones. */
  unexpectedErrors: () => string[];
  /** Request URLs whose path starts with the prefix. */
  requested: (pathPrefix: string) => string[];
  close: () => Promise<void>;
}

export async function newSession(browser: Browser, baseURL: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  const dialogs: RecordedDialog[] = [];
  const errors: string[] = [];
  const answers: DialogAnswer[] = [];
  const waiters: ((d: RecordedDialog) => void)[] = [];
  const expected: RegExp[] = [];

  context.on('request', (req) => requests.push(req.url()));
  context.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  const watch = (page: Page) => {
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
        errors.push(`console: ${msg.text()}`);
      }
    });
    page.on('dialog', (dialog: Dialog) => {
      const recorded = { type: dialog.type(), message: dialog.message() };
      dialogs.push(recorded);
      const answer = answers.length ? answers.shift()! : true;
      const handled =
        answer === false
          ? dialog.dismiss()
          : typeof answer === 'string'
            ? dialog.accept(answer)
            : dialog.type() === 'prompt'
              ? dialog.accept(dialog.defaultValue())
              : dialog.accept();
      handled.catch(() => undefined);
      waiters.shift()?.(recorded);
    });
  };
  context.on('page', watch);
  const page = await context.newPage();

  return {
    context,
    page,
    baseURL,
    requests,
    dialogs,
    errors,
    answerDialogs: (...a) => answers.push(...a),
    nextDialog: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no dialog within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((d) => {
          clearTimeout(timer);
          resolve(d);
        });
      }),
    expectErrors: (pattern) => expected.push(pattern),
    unexpectedErrors: () => errors.filter((e) => !expected.some((p) => p.test(e))),
    requested: (prefix) => requests.filter((u) => new URL(u).pathname.startsWith(prefix)),
    close: () => context.close(),
  };
}

/**
 * Logs the context in through the API (the session cookie lands in the context's cookie jar) and sets the
 * UI's 'isAdmin' flag once, as a login through the screen would. Open pages after calling this.
 */
export async function loginThroughApi(context: BrowserContext, baseURL: string): Promise<void> {
  const session = await context.request.get(`${baseURL}/api/auth/session`);
  const { demoPassword } = (await session.json()) as { demoPassword: string | null };
  if (!demoPassword) throw new Error('GET /api/auth/session gave no demoPassword');
  const res = await context.request.post(`${baseURL}/api/auth/login`, { data: { password: demoPassword } });
  if (!res.ok()) throw new Error(`POST /api/auth/login answered ${res.status()}: ${await res.text()}`);
  await setAdminFlagOnce(context);
}

/**
 * Gives the context an existing admin session (cookies from `AdminApi.login()`), so tests do not spend
 * the login rate limit; then sets the UI flag as `loginThroughApi` does.
 */
export async function useAdminSession(
  context: BrowserContext,
  baseURL: string,
  cookies: { name: string; value: string }[],
): Promise<void> {
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  await setAdminFlagOnce(context);
}

/** Sets localStorage 'isAdmin' on the first page load of each tab only, so a later logout sticks. */
async function setAdminFlagOnce(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!window.name.includes('e2e-admin-flag')) {
      window.localStorage.setItem('isAdmin', 'true');
      window.name += ' e2e-admin-flag';
    }
  });
}
