/**
 * Per test file: one production server (fresh SQLite), data seeded through the API, one Chromium.
 * Per test: a fresh browser context (no cookies, no localStorage) with its requests and dialogs recorded.
 */
import { Browser } from 'playwright-core';
import { AdminApi } from './api';
import { launchBrowser, newSession, Session, useAdminSession } from './browser';
import { RunningServer, ServerOptions, startServer } from './server';

export interface Suite<T> {
  readonly server: RunningServer;
  readonly api: AdminApi;
  readonly browser: Browser;
  /** What `seed` returned. */
  readonly data: T;
  /** This test's fresh context and page. */
  readonly session: Session;
  /** Another fresh context (a second visitor or admin), closed after the test. */
  newSession: () => Promise<Session>;
  /** Makes a session an admin one (the suite's API session cookie and the 'isAdmin' flag). */
  loginAdmin: (session?: Session) => Promise<Session>;
}

export function useSuite<T = undefined>(
  options: ServerOptions & { seed?: (api: AdminApi) => Promise<T> } = {},
): Suite<T> {
  let server: RunningServer | undefined;
  let api: AdminApi | undefined;
  let browser: Browser | undefined;
  let data: T | undefined;
  let session: Session | undefined;
  let extra: Session[] = [];

  beforeAll(async () => {
    server = await startServer(options);
    api = new AdminApi(server.baseURL);
    await api.login();
    if (options.seed) data = await options.seed(api);
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    session = await newSession(browser!, server!.baseURL);
  });

  afterEach(async () => {
    for (const s of [session, ...extra]) {
      const errors = s?.unexpectedErrors() ?? [];
      if (errors.length) {
        console.warn(`Browser errors during "${expect.getState().currentTestName}":\n${errors.join('\n')}`);
      }
      await s?.close();
    }
    session = undefined;
    extra = [];
  });

  const need = <V>(v: V | undefined, what: string): V => {
    if (v === undefined) throw new Error(`${what} is not ready (did beforeAll fail?)`);
    return v;
  };
  return {
    get server() {
      return need(server, 'server');
    },
    get api() {
      return need(api, 'api');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get data() {
      return data as T;
    },
    get session() {
      return need(session, 'session');
    },
    newSession: async () => {
      const s = await newSession(need(browser, 'browser'), need(server, 'server').baseURL);
      extra.push(s);
      return s;
    },
    loginAdmin: async (s = need(session, 'session')) => {
      await useAdminSession(s.context, s.baseURL, need(api, 'api').sessionCookies());
      return s;
    },
  };
}
