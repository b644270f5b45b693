/**
 * Operating the production server: structured JSON logs with request ids, echoed to the
 * client as x-request-id, and no passwords, cookies or session tokens in the logs; the API docs page.
 */
import { launchBrowser, newSession } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

const ADMIN_PASSWORD = 'Sesame-open-4217-never-logged';
const WRONG_PASSWORD = 'wrong-guess-9981-never-logged';

interface LogLine {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { ADMIN_PASSWORD, LOG_LEVEL: 'info' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const logLines = (): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`Not a JSON log line: ${line}`);
      }
    });

/** Waits until the server has logged the completion of the request with this id. */
async function completed(reqId: string): Promise<LogLine[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const lines = logLines().filter((line) => line.reqId === reqId);
    if (lines.some((line) => line.res)) return lines;
    if (Date.now() > deadline) throw new Error(`no completion logged for ${reqId}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('logs', () => {
  it('are one JSON object per line, with level, time and message', () => {
    const lines = logLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
      expect(typeof line.msg).toBe('string');
    }
    expect(lines.some((line) => line.msg.includes('listening on'))).toBe(true);
  });

  it('give every request an id, echoed as x-request-id, on each line it causes', async () => {
    const response = await fetch(`${server.baseURL}/api/creators`);
    const id = response.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await completed(id);
    expect(lines.find((line) => line.req)?.req).toMatchObject({ method: 'GET', url: '/api/creators' });
    expect(lines.find((line) => line.res)?.res).toMatchObject({ statusCode: 200 });

    const other = await fetch(`${server.baseURL}/api/creators`);
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });

  it("keep a load balancer's request id, and replace one that is not an id", async () => {
    const kept = await fetch(`${server.baseURL}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    await completed('lb-7f3a.42');

    const odd = 'x'.repeat(300);
    const replaced = await fetch(`${server.baseURL}/api/health`, { headers: { 'x-request-id': odd } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Errors and missing files carry it too.
    const missing = await fetch(`${server.baseURL}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contain a password, a session cookie or its token', async () => {
    const wrong = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseURL },
      body: JSON.stringify({ password: WRONG_PASSWORD }),
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseURL },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(right.status).toBe(200);
    const cookie = right.headers.get('set-cookie') ?? '';
    const token = /=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);
    // An authenticated request, and a bad body that makes the server log an error.
    const session = await fetch(`${server.baseURL}/api/auth/session`, {
      headers: { cookie: cookie.split(';')[0]!, authorization: `Bearer ${ADMIN_PASSWORD}` },
    });
    await completed(session.headers.get('x-request-id') ?? '');
    await completed(right.headers.get('x-request-id') ?? '');
    await completed(wrong.headers.get('x-request-id') ?? '');

    const output = server.output();
    expect(output).not.toContain(ADMIN_PASSWORD);
    expect(output).not.toContain(WRONG_PASSWORD);
    expect(output).not.toContain(token);
    expect(output).not.toContain(decodeURIComponent(token));
  });
});

describe('GET /api/docs', () => {
  it('shows every operation in the Swagger UI, under the CSP, with nothing fetched elsewhere', async () => {
    const browser = await launchBrowser();
    try {
      const s = await newSession(browser, server.baseURL);
      await s.page.goto('/api/docs');
      await s.page.waitForSelector('.swagger-ui .info .title', { timeout: 15_000 });
      const document = (await (await fetch(`${server.baseURL}/api/docs-json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
      expect(await s.page.locator('.opblock').count()).toBe(operations);
      expect(s.requests.filter((url) => new URL(url).origin !== server.baseURL)).toEqual([]);
      expect(s.errors).toEqual([]); // a CSP violation would be a console error
    } finally {
      await browser.close();
    }
  });
});
