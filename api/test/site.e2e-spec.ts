import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, defaultAvatarUrl } from '@friends/shared';
import { DataSource } from 'typeorm';
import { startTestApp, type TestContext } from './support/test-app';

describe('GET /version.json', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the root package.json version', async () => {
    const root = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    await t.http().get(API_ROUTES.version).expect(200, { version: root.version });
  });
});

describe('GET /remotes.json', () => {
  it('answers the bundled manifests by default', async () => {
    const t = await startTestApp();
    try {
      await t.http().get('/remotes.json').expect(200, {
        public: '/remotes/public/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      });
    } finally {
      await t.close();
    }
  });

  it('answers PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL, whose origins the CSP then allows', async () => {
    const t = await startTestApp({
      PUBLIC_REMOTE_URL: 'https://public.example.com/app/mf-manifest.json',
      ADMIN_REMOTE_URL: 'http://localhost:3102/mf-manifest.json',
    });
    try {
      const response = await t.http().get('/remotes.json').expect(200, {
        public: 'https://public.example.com/app/mf-manifest.json',
        admin: 'http://localhost:3102/mf-manifest.json',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/public\.example\.com http:\/\/localhost:3102/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/public\.example\.com http:\/\/localhost:3102/);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/avatar', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('draws the initials on a colour derived from the name, cacheable', async () => {
    const response = await t
      .http()
      .get(defaultAvatarUrl('Ada Lovelace'))
      .buffer(true)
      .parse((res, cb) => {
        let data = '';
        res.on('data', (chunk: Buffer) => (data += chunk.toString()));
        res.on('end', () => cb(null, data));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    const svg = response.body as string;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('>AL</text>');
    const again = await t.http().get(defaultAvatarUrl('Ada Lovelace'));
    expect(again.text ?? again.body.toString()).toBe(svg);
    const other = await t.http().get(defaultAvatarUrl('Grace Hopper'));
    const fill = (s: string) => /fill="(hsl[^"]+)"/.exec(s)?.[1];
    expect(fill(String(other.text ?? other.body))).not.toBe(fill(svg));
  });

  it('escapes what it draws and copes with no name', async () => {
    const evil = await t.http().get(defaultAvatarUrl('<script>alert(1)</script> "x"'));
    expect(String(evil.text ?? evil.body)).not.toContain('<script>');
    const none = await t.http().get(API_ROUTES.avatar).expect(200);
    expect(String(none.text ?? none.body)).toContain('>?</text>');
  });
});

describe('GET /api/health and /api/ready', () => {
  it('answer ok and ready; ready (and data reads) answer 503 { error } when the database is gone', async () => {
    const t = await startTestApp();
    try {
      await t.http().get(API_ROUTES.health).expect(200, { status: 'ok' });
      await t.http().get(API_ROUTES.ready).expect(200, { status: 'ready' });
      await t.app.get(DataSource).destroy();
      expect((await t.http().get(API_ROUTES.ready).expect(503)).body).toEqual({
        error: 'The database is unavailable. Try again shortly.',
      });
      await t.http().get(API_ROUTES.health).expect(200, { status: 'ok' });
      expect((await t.http().get(API_ROUTES.creators).expect(503)).body).toEqual({
        error: 'The database is unavailable. Try again shortly.',
      });
      const write = await t
        .http()
        .post(API_ROUTES.creators)
        .set('Cookie', t.cookie)
        .send({ name: 'No database' });
      expect(write.status).toBe(503);
      expect(write.body).toEqual({ error: 'The database is unavailable. Try again shortly.' });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('production bundles', () => {
  let t: TestContext;
  let dir: string;
  const file = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'friends-bundles-'));
    file('host/dist/index.html', '<!doctype html><title>Friends of the Channel</title>');
    file('host/dist/main.3f2a1b.js', 'console.log("host");'.repeat(200));
    file('public-remote/dist/mf-manifest.json', '{"name":"public_remote"}');
    file('public-remote/dist/remoteEntry.js', 'var public_remote;');
    file('public-remote/dist/static/js/412.a1b2c3.js', 'chunk();');
    // admin-remote/dist is missing: the server runs anyway.
    t = await startTestApp({ BUNDLES_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the host at / with index.html revalidated', async () => {
    const response = await t.http().get('/').expect(200);
    expect(response.text).toContain('Friends of the Channel');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    await t.http().get('/?view=leaderboard&creator=3').expect(200);
  });

  it('serves hashed files as immutable, entry points as no-cache', async () => {
    expect((await t.http().get('/main.3f2a1b.js').expect(200)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(
      (await t.http().get('/remotes/public/mf-manifest.json').expect(200)).headers['cache-control'],
    ).toBe('no-cache');
    expect((await t.http().get('/remotes/public/remoteEntry.js').expect(200)).headers['cache-control']).toBe(
      'no-cache',
    );
    expect(
      (await t.http().get('/remotes/public/static/js/412.a1b2c3.js').expect(200)).headers['cache-control'],
    ).toBe('public, max-age=31536000, immutable');
  });

  it('compresses what the client accepts', async () => {
    const gzip = await t.http().get('/main.3f2a1b.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const br = await t.http().get(API_ROUTES.creators).set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 404 JSON for a missing bundle and a missing file, and still serves the API', async () => {
    const missing = await t.http().get('/remotes/admin/mf-manifest.json').expect(404);
    expect(missing.body).toEqual({ error: expect.any(String) });
    expect((await t.http().get('/nope.js').expect(404)).body).toEqual({ error: expect.any(String) });
    await t.http().get(API_ROUTES.health).expect(200);
  });

  it('compresses every text asset with brotli or gzip', async () => {
    const text = (n: number) => `/* ${'x'.repeat(n)} */`;
    file('host/dist/static/css/app.77aa88.css', `body{color:red}${text(2000)}`);
    file('host/dist/icons.5e6f7a.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(500)}</svg>`);
    file('public-remote/dist/mf-stats.json', JSON.stringify({ padding: 'y'.repeat(2000) }));
    for (const [path, type] of [
      ['/main.3f2a1b.js', /javascript/],
      ['/static/css/app.77aa88.css', /^text\/css/],
      ['/icons.5e6f7a.svg', /^image\/svg\+xml/],
      ['/remotes/public/mf-stats.json', /^application\/json/],
    ] as const) {
      for (const encoding of ['br', 'gzip']) {
        const response = await t.http().get(path).set('Accept-Encoding', encoding).expect(200);
        expect({ path, encoding: response.headers['content-encoding'] }).toEqual({ path, encoding });
        expect(response.headers['content-type']).toMatch(type);
      }
    }
    const html = await t.http().get('/').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('serves files deployed after start (a redeployed remote) with the same cache rules', async () => {
    // A new release of the public remote: a new hashed chunk and a rewritten manifest.
    file('public-remote/dist/static/js/907.e5f6a7.js', 'newChunk();');
    file('public-remote/dist/mf-manifest.json', '{"name":"public_remote","release":2}');
    const chunk = await t.http().get('/remotes/public/static/js/907.e5f6a7.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.http().get('/remotes/public/mf-manifest.json').expect(200);
    expect(manifest.body).toEqual({ name: 'public_remote', release: 2 });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // A new host build: index.html changes, a new entry chunk appears.
    file('host/dist/index.html', '<!doctype html><title>Friends of the Channel, release 2</title>');
    file('host/dist/main.4b5c6d.js', 'console.log("host 2");');
    expect((await t.http().get('/').expect(200)).text).toContain('release 2');
    await t.http().get('/main.4b5c6d.js').expect(200);
    // The admin remote, missing when the server started, is deployed.
    file('admin-remote/dist/mf-manifest.json', '{"name":"admin_remote"}');
    file('admin-remote/dist/remoteEntry.js', 'var admin_remote;');
    const admin = await t.http().get('/remotes/admin/mf-manifest.json').expect(200);
    expect(admin.body).toEqual({ name: 'admin_remote' });
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect((await t.http().get('/remotes/admin/remoteEntry.js').expect(200)).headers['cache-control']).toBe(
      'no-cache',
    );
    // Still JSON 404s for what does not exist, and nothing outside a bundle's folder.
    expect((await t.http().get('/remotes/admin/nope.js').expect(404)).body).toEqual({
      error: expect.any(String),
    });
    expect([403, 404]).toContain((await t.http().get('/remotes/public/..%2f..%2fpackage.json')).status);
    expect((await t.http().get('/api/nope').expect(404)).body).toEqual({ error: expect.any(String) });
  });

  it('sends the security headers', async () => {
    const response = await t.http().get('/').expect(200);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
