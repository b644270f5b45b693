import { join } from 'node:path';
import { DEMO_ADMIN_PASSWORD } from '@friends/shared';
import { ConfigurationError, loadConfiguration } from './configuration';
import { repoRoot } from '../common/repo-root';

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', 1], // one reverse proxy: the address it saw, not the client's left-most X-Forwarded-For
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, ::1, loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads %j as Fastify trustProxy %j', (value, expected) => {
    expect(loadConfiguration({ TRUST_PROXY: value }).server.trustProxy).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.1/33', '10.0.0.1, evil', '-1'])('rejects %j', (value) => {
    expect(() => loadConfiguration({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('WARM_CARDS', () => {
  it.each([
    [undefined, true],
    ['true', true],
    ['false', false],
    ['0', false],
  ])('reads %j as %j', (value, expected) => {
    const env = value === undefined ? {} : { WARM_CARDS: value };
    expect(loadConfiguration(env).share.warmCards).toBe(expected);
  });

  it('rejects a value that is not true or false', () => {
    expect(() => loadConfiguration({ WARM_CARDS: 'maybe' })).toThrow(/WARM_CARDS must be true or false/);
  });
});

describe('CARD_DRAW_RATE_LIMIT', () => {
  it('is 30 draws a minute unless set', () => {
    expect(loadConfiguration({}).share.cardDrawsPerMinute).toBe(30);
    expect(loadConfiguration({ CARD_DRAW_RATE_LIMIT: '5' }).share.cardDrawsPerMinute).toBe(5);
  });

  it.each(['0', '-1', '2.5', 'many'])('rejects %j', (value) => {
    expect(() => loadConfiguration({ CARD_DRAW_RATE_LIMIT: value })).toThrow(
      /CARD_DRAW_RATE_LIMIT must be a positive integer/,
    );
  });
});

describe('SHRINK_CARDS', () => {
  it.each([
    [undefined, true],
    ['true', true],
    ['false', false],
  ])('reads %j as %j', (value, expected) => {
    const env = value === undefined ? {} : { SHRINK_CARDS: value };
    expect(loadConfiguration(env).share.shrinkCards).toBe(expected);
  });

  it('rejects a value that is not true or false', () => {
    expect(() => loadConfiguration({ SHRINK_CARDS: 'maybe' })).toThrow(/SHRINK_CARDS must be true or false/);
  });
});

describe('SQLITE_SYNCHRONOUS', () => {
  it.each([
    [undefined, 'full'],
    ['full', 'full'],
    ['NORMAL', 'normal'],
  ])('reads %j as %j', (value, expected) => {
    const env = value === undefined ? {} : { SQLITE_SYNCHRONOUS: value };
    expect(loadConfiguration(env).database).toMatchObject({ type: 'sqlite', synchronous: expected });
  });

  it('rejects another mode', () => {
    expect(() => loadConfiguration({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      /SQLITE_SYNCHRONOUS must be full or normal/,
    );
  });
});

describe('SEARCH_THREADS', () => {
  it.each([
    [undefined, 0],
    ['0', 0],
    ['2', 2],
    ['8', 8],
  ])('reads %j as %j threads', (value, expected) => {
    const env = value === undefined ? {} : { SEARCH_THREADS: value };
    expect(loadConfiguration(env).database).toMatchObject({ type: 'sqlite', searchThreads: expected });
  });

  it.each(['-1', '9', '1.5', 'two'])('rejects %j', (value) => {
    expect(() => loadConfiguration({ SEARCH_THREADS: value })).toThrow(
      /SEARCH_THREADS must be an integer from 0 to 8/,
    );
  });
});

describe('loadConfiguration', () => {
  it('has defaults that make `npm start` work offline', () => {
    const config = loadConfiguration({});
    expect(config.server).toEqual({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      trustProxy: false,
      timeouts: { requestMs: 30_000 },
    });
    expect(config.database).toEqual({
      type: 'sqlite',
      path: join(repoRoot(), 'data', 'friends.sqlite'),
      embedded: true,
      seedDemo: undefined,
      synchronous: 'full',
      searchThreads: 0,
    });
    expect(config.auth).toMatchObject({
      adminPassword: DEMO_ADMIN_PASSWORD,
      demoPassword: true,
      loginLimitPerMinute: 5,
    });
    // Unset: generated once and kept in the database (SessionService).
    expect(config.auth.sessionSecret).toBe('');
    expect(config.remotes).toEqual({
      publicUrl: '/remotes/public/mf-manifest.json',
      adminUrl: '/remotes/admin/mf-manifest.json',
    });
    expect(config.static.bundlesDir).toBe(repoRoot());
  });

  it('reads every variable', () => {
    const config = loadConfiguration({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'mysql://u:p@db:3306/friends',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 's3cret',
      SESSION_SECRET: 'a-long-enough-secret',
      PUBLIC_REMOTE_URL: 'https://cdn.example.com/public/mf-manifest.json',
      ADMIN_REMOTE_URL: 'http://localhost:3102/mf-manifest.json',
      YOUTUBE_API_KEY: 'key',
    });
    expect(config.server).toMatchObject({ port: 8080, host: '0.0.0.0' });
    expect(config.database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/friends', seedDemo: false });
    expect(config.auth).toMatchObject({
      adminPassword: 's3cret',
      demoPassword: false,
      sessionSecret: 'a-long-enough-secret',
    });
    expect(config.remotes.publicUrl).toBe('https://cdn.example.com/public/mf-manifest.json');
    expect(config.youtube.apiKey).toBe('key');
  });

  it.each([
    ['sqlite:/tmp/a.sqlite', '/tmp/a.sqlite'],
    ['sqlite:///tmp/b.sqlite', '/tmp/b.sqlite'],
    ['sqlite:data/c.sqlite', join(repoRoot(), 'data/c.sqlite')],
    ['sqlite::memory:', ':memory:'],
  ])('reads %s as a SQLite file', (url, path) => {
    expect(loadConfiguration({ DATABASE_URL: url }).database).toMatchObject({
      type: 'sqlite',
      path,
      embedded: false,
    });
  });

  it('lists every problem in one readable error', () => {
    let error: unknown;
    try {
      loadConfiguration({
        PORT: 'eighty',
        DATABASE_URL: 'postgres://x',
        SEED_DEMO: 'maybe',
        PUBLIC_REMOTE_URL: 'ftp://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'PUBLIC_REMOTE_URL'])
      expect(message).toContain(`  - ${name}`);
    expect((error as ConfigurationError).problems).toHaveLength(4);
  });
});
