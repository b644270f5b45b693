/**
 * Every endpoint of the router, fed hostile input by fast-check: random and malformed JSON, wrong
 * content types and value types, huge strings, unicode, SQL and HTML meta-characters, ids that do not
 * exist, negative, non-integer and '1e3' ids, odd query strings, cookies and bearer keys. Whatever
 * arrives: never a 5xx, every 4xx is JSON `{ error }`, and a rejected request (or any read) leaves the
 * database exactly as it was. The table below must match the router both ways: a route missing from it
 * fails the suite, so a new endpoint cannot go unfuzzed, and an entry for a route the router does not
 * serve fails too, so an entry cannot pass without fuzzing anything. Bounded: FUZZ_RUNS (default 50)
 * per endpoint, seed FUZZ_SEED.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { API_ROUTES, GROUP_ROUTES, HISTORY_ROUTES, SHARE_ROUTES, YOUTUBE_ROUTES } from '@friends/shared';
import { admin, createCreator, createVideo, snapshot } from './support/helpers';
import { fakeYouTubeEnv, FakeYouTube, MAIN_CHANNEL_HANDLE, startFakeYouTube } from './support/fake-youtube';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 20260107);

let fake: FakeYouTube;
let t: TestContext;
/** Built bundles to serve, so `/` and the static files answer as in production rather than 404. */
const bundles = mkdtempSync(join(tmpdir(), 'friends-fuzz-bundles-'));
const ids = {
  creators: [] as number[],
  video: 0,
  videos: [] as number[],
  suggestion: 0,
  fakeVideo: '',
  /** Kept whole: read, renamed and given members by the fuzzer. */
  group: 0,
  member: 0,
  /** Deleted by the fuzzer (its DELETE entry names it), so the others keep their rows. */
  doomedGroup: 0,
  doomedMember: 0,
  event: 0,
  doomedEvent: 0,
  key: '',
  doomedKey: 0,
};

async function created<T>(response: Promise<{ status: number; text: string; body: unknown }>): Promise<T> {
  const answer = await response;
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`setup: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body as T;
}

beforeAll(async () => {
  mkdirSync(join(bundles, 'host/dist'), { recursive: true });
  writeFileSync(
    join(bundles, 'host/dist/index.html'),
    readFileSync(join(__dirname, '../../host/src/index.html'), 'utf8'),
  );
  writeFileSync(join(bundles, 'host/dist/main.0123abcd.js'), 'console.log("host");\n');
  for (const remote of ['public-remote', 'admin-remote']) {
    mkdirSync(join(bundles, remote, 'dist'), { recursive: true });
    writeFileSync(join(bundles, remote, 'dist/mf-manifest.json'), '{"id":"remote"}\n');
    writeFileSync(join(bundles, remote, 'dist/remoteEntry.js'), 'var remote = {};\n');
  }
  fake = await startFakeYouTube();
  t = await startTestApp({
    ...fakeYouTubeEnv(fake),
    BUNDLES_DIR: bundles,
    // The limits have their own tests; here they would only hide what lies behind them.
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_BACKOFF_AFTER: '100000',
    SUGGESTION_RATE_LIMIT: '100000',
  });
  for (const name of ['Fuzz Alpha', 'Fuzz Beta', 'Fuzz Gamma']) {
    ids.creators.push((await createCreator(t, { name, socialLinks: [{ url: 'https://x.com/fuzz' }] })).id);
  }
  ids.video = (
    await createVideo(t, {
      title: 'Fuzz video',
      url: 'https://youtu.be/FUZZFUZZ001',
      date: '2024-03-01',
      authorIds: ids.creators,
    })
  ).id;
  ids.videos.push(ids.video);
  for (const [i, date] of ['2024-03-02', '2024-05-01', '2024-05-02', '2024-06-01'].entries()) {
    ids.videos.push(
      (await createVideo(t, { title: `Fuzz video ${i + 2}`, date, authorIds: ids.creators.slice(0, 2) })).id,
    );
  }
  ids.suggestion = (
    (await t.http().post(API_ROUTES.suggestions).send({ url: 'https://youtu.be/FUZZFUZZ002' }).expect(201))
      .body as { id: number }
  ).id;
  ids.fakeVideo = fake.data.videos[0]!.id;

  ids.group = (
    await created<{ id: number }>(
      admin(t).post(GROUP_ROUTES.groups).send({ name: 'Fuzz Crew', kind: 'group' }),
    )
  ).id;
  ids.doomedGroup = (
    await created<{ id: number }>(
      admin(t).post(GROUP_ROUTES.groups).send({ name: 'Fuzz Agency', kind: 'agency' }),
    )
  ).id;
  const member = (body: object) =>
    created<{ id: number }>(admin(t).post(GROUP_ROUTES.members(ids.group)).send(body));
  ids.member = (await member({ creatorId: ids.creators[0], from: '2020-01-01', to: '2022-12-31' })).id;
  ids.doomedMember = (await member({ creatorId: ids.creators[1], from: '2021-06-01', to: null })).id;
  await member({ creatorId: ids.creators[0], from: '2023-06-01' });

  ids.event = (
    await created<{ id: number }>(
      admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: [ids.videos[0], ids.videos[1]] }),
    )
  ).id;
  ids.doomedEvent = (
    await created<{ id: number }>(
      admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: [ids.videos[2], ids.videos[3]] }),
    )
  ).id;

  ids.key = (await created<{ key: string }>(admin(t).post(SHARE_ROUTES.keys).send({ name: 'Fuzz bot' }))).key;
  ids.doomedKey = (
    await created<{ id: number }>(admin(t).post(SHARE_ROUTES.keys).send({ name: 'Fuzz doomed bot' }))
  ).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(bundles, { recursive: true, force: true });
});

// ---------------------------------------------------------------- arbitraries

const META = [
  "' OR '1'='1",
  "'; DROP TABLE creators; --",
  '" OR ""="',
  '1; SELECT SLEEP(5)',
  '\\',
  '%',
  '_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '\u0000',
  'a\u0007b\u001b[31mc\u007f\u0085', // C0, DEL, C1
  '\u202e\u202d',
  '\u2066isolated\u2069',
  'tab\tand\nnewline',
  '\ud83d', // a lone surrogate
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙂‍↔️ ١٢٣',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '   ',
  '',
];

/** Control characters, bidirectional controls and surrogate halves, which no text field accepts. */
const unsafeChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0x202a, max: 0x202e }),
    fc.integer({ min: 0x2066, max: 0x2069 }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** Text an attacker may send anywhere. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), unsafeChar, fc.string({ maxLength: 10 }))
      .map((p) => p.join('')),
  },
  { weight: 3, arbitrary: fc.constantFrom(...META) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '🙂', "'", '<'), fc.integer({ min: 300, max: 40_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
  { weight: 1, arbitrary: fc.webUrl().map((u) => `${u}/${"'<>".repeat(3)}`) },
);

/** What may stand where an id is expected, as text. */
const idText = (existing: () => number[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '-1',
      '0',
      '1e3',
      '1.5',
      '1.0',
      '0x10',
      ' 5',
      '5 ',
      '+5',
      '2147483648',
      '99999999999999999999',
      'NaN',
      'Infinity',
      'null',
      '١',
      '１',
      '1 OR 1=1',
      "1'--",
    ),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
    fc.integer({ min: 100_000, max: 2_147_483_647 }).map(String), // well formed, unknown
    fc.double().map(String),
    fc.constant(null).map(() => String(existing()[0] ?? 1)),
    hostileText,
  );
const creatorIdText = idText(() => ids.creators);
const videoIdText = idText(() => [ids.video]);

/** A JSON value of any shape, hostile strings included. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.array(hostileText, { maxLength: 4 }),
);
/** A value for a field: right-looking, wrong type or hostile. */
const field = (right: fc.Arbitrary<unknown>) => fc.oneof(right, hostileText, anyJson);
const idField = fc.oneof(
  fc.constantFrom(...[1, 2, 3]).map((i) => ids.creators[i - 1] ?? i),
  fc.integer(),
  fc.double(),
  creatorIdText,
  anyJson,
);

type Body = { json: unknown } | { raw: string; type: string };
const shaped = (shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Body> =>
  fc.record(shape, { requiredKeys: [] }).map((json) => ({ json }));
const malformed: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom('{', '{"name":', '{"name": "x"}}', '[1, 2', 'nul', '{"a": 1,}', "{'a': 1}", '\u0000', '')
    .map((raw) => ({ raw, type: 'application/json' })),
  hostileText.map((s) => ({ raw: `{"x": ${s}`, type: 'application/json' })),
  // Nested deeper than any real body (the parser refuses past 32 levels), arrays and objects.
  fc.tuple(fc.integer({ min: 20, max: 6_000 }), fc.boolean()).map(([depth, arrays]) => ({
    raw: `{"name":${arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`}}`,
    type: 'application/json',
  })),
  fc.record({
    raw: hostileText,
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      'application/json-patch+json',
    ),
  }),
);
const bodyOf = (shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 3, arbitrary: shaped(shape) },
    { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 1, arbitrary: malformed },
  );

const linkShape = fc.array(fc.record({ platform: field(fc.constant('youtube')), url: field(fc.webUrl()) }), {
  maxLength: 25,
});
const otherNamesShape = fc.array(
  fc.record(
    {
      name: field(fc.string({ maxLength: 30 })),
      lang: field(fc.constantFrom('ja', 'ja-Latn', 'en-GB', 'zh-Hant-TW', 'x', 'ja_JP', '123', '')),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 25 },
);
const creatorShape = {
  id: idField,
  name: field(fc.string({ maxLength: 30 })),
  channel: field(fc.webUrl()),
  photo: field(fc.webUrl()),
  socialLinks: field(linkShape),
  otherNames: field(otherNamesShape),
  extra: anyJson,
};
const videoRef = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 4).map((i) => ids.videos[i] ?? i),
  idField,
);
const videoShape = {
  id: field(fc.constant(null).map(() => ids.video)),
  title: field(fc.string({ maxLength: 60 })),
  url: field(fc.webUrl()),
  date: field(fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '24-1-1', '')),
  authorIds: field(fc.array(idField, { maxLength: 6 })),
  authors: field(
    fc.array(
      fc.record(
        {
          id: idField,
          role: field(fc.constantFrom('host', 'featured', 'guest', 'crew', 'HOST', '')),
          creditedAs: field(fc.option(fc.string({ maxLength: 30 }))),
          name: field(fc.string({ maxLength: 30 })),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 6 },
    ),
  ),
  eventId: field(fc.constant(null).map(() => ids.event)),
  crew: field(fc.array(anyJson, { maxLength: 4 })),
};
/** Dates as a membership or `?asOf=` may carry them: real days, impossible ones, other formats. */
const dateText = fc.oneof(
  fc.constantFrom(
    '2021-04-01',
    '2024-02-29',
    '2023-02-29',
    '2021-13-01',
    '2021-04-31',
    '0000-01-01',
    '9999-12-31',
    '2021-4-1',
    '01-04-2021',
    '2021-04-01T00:00:00Z',
    '20210401',
    '',
  ),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  hostileText,
);
const groupShape = {
  name: field(fc.string({ maxLength: 40 })),
  kind: field(fc.constantFrom('agency', 'group', 'team', 'Group', 'band', '')),
};
const membershipShape = {
  creatorId: idField,
  from: field(dateText),
  to: field(fc.oneof(fc.constant(null), dateText)),
};
const youtubeUrl = fc.oneof(
  fc.constant(null).map(() => `https://youtu.be/${ids.fakeVideo}`),
  fc.constant(`https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`),
  fc.constantFrom(
    'https://www.youtube.com/watch?v=',
    'https://youtube.com/playlist?list=',
    'https://youtu.be/',
  ),
  fc.webUrl(),
);

const enc = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?')); // lone surrogates
  }
};
/** A path segment: encoded, or now and then raw bytes the router must cope with. */
const segment = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 5, arbitrary: text.map(enc) },
    fc.constantFrom('%zz', '%', '%00', '..', '%2e%2e', '%2F'),
  );
const query = (entries: [string, fc.Arbitrary<string>][]) =>
  fc
    .tuple(
      ...entries.map(([name, value]) =>
        fc.oneof(
          value.map((v) => `${name}=${enc(v)}`),
          fc.constant(''), // missing
          fc.tuple(value, value).map(([a, b]) => `${name}=${enc(a)}&${name}=${enc(b)}`), // repeated
        ),
      ),
      fc.option(
        fc.tuple(hostileText, hostileText).map(([k, v]) => `${enc(k)}=${enc(v)}`),
        { nil: '' },
      ),
    )
    .map((parts) => parts.filter(Boolean).join('&'));
/** The fixed path plus a random, possibly hostile, query string. */
const noisyQuery = (path: string) => query([]).map((q) => (q ? `${path}?${q}` : path));

/** Cookies that are not the admin's session: forged, tampered, malformed. */
const strangeCookie = fc.oneof(
  fc.constant(''),
  hostileText.map((v) => `friends_session=${enc(v)}`),
  hostileText.map((v) => `__Host-friends_session=${enc(v)}`),
  hostileText.map((v) => enc(v)),
  fc.constant(null).map(() => `${t.cookie}x`),
  fc.constant(null).map(() => t.cookie.replace(/\.[^.]*$/, '.AAAA')),
);
const anyCookie = fc.oneof(
  fc.constant(null).map(() => t.cookie),
  strangeCookie,
);
/** An Authorization header on a public read: none, the real key, a revoked, forged or malformed one. */
const anyBearer: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc.constant(null).map(() => ({ Authorization: `Bearer ${ids.key}` })),
  fc.constant(null).map(() => ({ Authorization: `Bearer ${ids.key.slice(0, -2)}xx` })),
  hostileText.map((v) => ({ Authorization: `Bearer ${enc(v)}` })),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer  x', 'Token abc').map((v) => ({
    Authorization: v,
  })),
);

/** A search text: plain, hostile, or with `with:"Name"` terms, well formed or not. */
const searchText = fc.oneof(
  hostileText,
  fc.constantFrom(
    'with:"Fuzz Alpha"',
    'with:"fuzz alpha" with:"FUZZ BETA"',
    'video with:"Fuzz Gamma"',
    'with:"Nobody At All"',
    'with:"',
    'with:""',
    'with:Fuzz',
    'with:"a" with:"b" with:"c" with:"d" with:"e" with:"f" with:"g" with:"h" with:"i"',
    `with:"${"'; DROP TABLE creators; --"}"`,
  ),
);
const offsetText = fc.oneof(fc.constantFrom('0', '1', '50', '-1', '1e2', '1.5', '9999999999'), hostileText);
const limitText = fc.oneof(fc.constantFrom('1', '24', '50', '0', '201', '1001', '+5', '05'), hostileText);
const groupIdText = idText(() => [ids.group]);
/** `<a>-<b>` as a pair parameter carries it: the real pair, odd ids, odd separators. */
const pairText: fc.Arbitrary<string> = fc.oneof(
  fc.constant(null).map(() => `${ids.creators[0]}-${ids.creators[1]}`),
  fc.constant(null).map(() => `${ids.creators[0]}-${ids.creators[0]}`),
  fc.tuple(creatorIdText, creatorIdText).map(([a, b]) => `${a}-${b}`),
  fc.constantFrom('1-', '-1', '1--2', '1-2-3', '0-1', '01-2', '1_2', '1,2', '2147483648-1', '1-2147483647'),
  hostileText,
);
/** A feed's or card's file name: `<id><suffix>` or something like it. */
const fileText = (ids: fc.Arbitrary<string>, suffix: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: ids.map((id) => `${id}${suffix}`) },
    fc
      .tuple(
        ids,
        fc.constantFrom(
          '',
          '.',
          '.ATOM',
          '.PNG',
          '.atom',
          '.png',
          '.atom.atom',
          '.png.png',
          '.xml',
          '\u0000',
        ),
      )
      .map(([id, other]) => `${id}${other}`),
    hostileText,
  );
/** Paths only the static files and the app's page answer: files, traversal, odd encodings. */
const staticPath = fc.oneof(
  fc.constantFrom(
    '/index.html',
    '/main.0123abcd.js',
    '/main.ffffffff.js',
    '/remotes/public/mf-manifest.json',
    '/remotes/admin/remoteEntry.js',
    '/remotes/public/',
    '/remotes/',
    '/creators/12',
    '/favicon.ico',
    '/.env',
    '/.git/config',
    '/../package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fpackage.json',
    '/remotes/public/..%2f..%2f..%2f..%2fpackage.json',
    '/index.html%00.js',
    '/%00',
    '/%zz',
    '/%',
    '/api',
    '/api/',
    '/api/nope',
    '/api/creators/1/nope',
    '/remotes.json/x',
    `/${'a'.repeat(5000)}`,
  ),
  fc.array(segment(hostileText), { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
);

// ---------------------------------------------------------------- every route

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Endpoint {
  method: Method;
  /** As Fastify's router prints it. */
  route: string;
  url: fc.Arbitrary<string>;
  body?: fc.Arbitrary<Body | undefined>;
  /** The Cookie header to send; the admin's session by default. */
  cookie?: fc.Arbitrary<string>;
  /** Other request headers. */
  headers?: fc.Arbitrary<Record<string, string>>;
}

const pathWithId = (template: (id: string) => string, id = creatorIdText) => segment(id).map(template);

const ENDPOINTS: Endpoint[] = [
  // Reads
  { method: 'get', route: '/api/creators', url: noisyQuery(API_ROUTES.creators) },
  {
    method: 'get',
    route: '/api/creators/search',
    url: query([
      ['q', searchText],
      ['scope', fc.oneof(fc.constantFrom('all', 'names', 'x'), hostileText)],
      ['offset', fc.oneof(fc.constantFrom('0', '24', '-1', '1e2'), hostileText)],
      ['limit', fc.oneof(fc.constantFrom('24', '0', '201'), hostileText)],
    ]).map((q) => `${API_ROUTES.creatorsSearch}?${q}`),
  },
  {
    method: 'get',
    route: '/api/creators/search',
    url: query([
      ['ids', fc.oneof(fc.constantFrom('1', '1,2', '0', '', '1,,2'), hostileText)],
      ['offset', fc.oneof(fc.constantFrom('0', '-1'), hostileText)],
      ['limit', fc.oneof(fc.constantFrom('24', '201'), hostileText)],
    ]).map((q) => `${API_ROUTES.creatorsSearch}?${q}`),
  },
  {
    method: 'get',
    route: '/api/creators/search/ids',
    url: query([
      ['q', searchText],
      ['scope', fc.oneof(fc.constantFrom('all', 'names', 'x'), hostileText)],
    ]).map((q) => `${API_ROUTES.creatorsSearchIds}?${q}`),
  },
  {
    method: 'get',
    route: '/api/creators/duplicates',
    url: query([
      ['offset', fc.oneof(fc.constantFrom('0', '20', '-1', '1e2'), hostileText)],
      ['limit', fc.oneof(fc.constantFrom('20', '0', '201'), hostileText)],
    ]).map((q) => `${API_ROUTES.creatorsDuplicates}?${q}`),
  },
  { method: 'get', route: '/api/videos', url: noisyQuery(API_ROUTES.videos) },
  {
    method: 'get',
    route: '/api/videos/search',
    url: query([
      ['q', searchText],
      ['youtube', fc.oneof(fc.constantFrom('true', 'false'), hostileText)],
      ['offset', fc.oneof(fc.constantFrom('0', '50', '-1'), hostileText)],
      ['limit', fc.oneof(fc.constantFrom('50', '0', '201'), hostileText)],
    ]).map((q) => `${API_ROUTES.videosSearch}?${q}`),
  },
  {
    method: 'get',
    route: '/api/videos/search/ids',
    url: query([
      ['q', searchText],
      ['youtube', fc.oneof(fc.constantFrom('true', 'false'), hostileText)],
    ]).map((q) => `${API_ROUTES.videosSearchIds}?${q}`),
    cookie: anyCookie,
  },
  {
    method: 'get',
    route: '/api/leaderboard',
    url: fc.oneof(
      noisyQuery(API_ROUTES.leaderboard),
      query([
        ['period', fc.oneof(fc.constantFrom('week', 'month', 'year', 'all', 'day'), hostileText)],
        ['count', fc.oneof(fc.constantFrom('videos', 'events', 'Events', 'collaborations', ''), hostileText)],
        [
          'group',
          fc.oneof(
            groupIdText,
            fc.constant(null).map(() => String(ids.group)),
          ),
        ],
        ['asOf', dateText],
      ]).map((q) => `${API_ROUTES.leaderboard}?${q}`),
    ),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/stats',
    url: query([
      ['offset', fc.oneof(fc.constantFrom('0', '50', '-1', '1e2', '9999999999'), hostileText)],
      ['limit', fc.oneof(fc.constantFrom('50', '0', '501', '1.5'), hostileText)],
    ]).map((q) => (q ? `${API_ROUTES.stats}?${q}` : API_ROUTES.stats)),
  },
  { method: 'get', route: '/api/stats/activity', url: noisyQuery('/api/stats/activity') },
  { method: 'get', route: '/api/suggestions', url: noisyQuery(API_ROUTES.suggestions) },
  { method: 'get', route: '/api/health', url: noisyQuery(API_ROUTES.health) },
  { method: 'get', route: '/api/ready', url: noisyQuery(API_ROUTES.ready) },
  { method: 'get', route: '/version.json', url: noisyQuery(API_ROUTES.version) },
  { method: 'get', route: '/remotes.json', url: noisyQuery('/remotes.json') },
  { method: 'get', route: '/api/auth/session', url: noisyQuery(API_ROUTES.session), cookie: anyCookie },
  {
    method: 'get',
    route: '/api/avatar',
    url: query([['name', hostileText]]).map((q) => `${API_ROUTES.avatar}?${q}`),
  },
  {
    method: 'get',
    route: '/api/instagram',
    url: query([['username', hostileText]]).map((q) => `/api/instagram?${q}`),
  },
  {
    method: 'get',
    route: '/api/creators/:id/profile',
    url: pathWithId((id) => `/api/creators/${id}/profile`),
  },
  {
    method: 'get',
    route: '/api/creators/:id/videos',
    url: fc
      .tuple(
        segment(creatorIdText),
        query([
          ['offset', offsetText],
          ['limit', limitText],
        ]),
      )
      .map(([id, q]) => (q ? `/api/creators/${id}/videos?${q}` : `/api/creators/${id}/videos`)),
  },
  {
    method: 'get',
    route: '/api/creators/:id/network',
    url: fc
      .tuple(
        segment(creatorIdText),
        query([
          ['hops', fc.oneof(fc.constantFrom('1', '2', '3', '0', '-1', '1e0'), hostileText)],
          ['weight', fc.oneof(fc.constantFrom('videos', 'events', 'Events', ''), hostileText)],
        ]),
      )
      .map(([id, q]) => `/api/creators/${id}/network?${q}`),
  },
  {
    method: 'get',
    route: '/api/creators/:id/activity',
    url: pathWithId((id) => `/api/creators/${id}/activity`),
  },
  {
    method: 'get',
    route: '/api/network/communities',
    url: query([
      ['limit', fc.oneof(fc.constantFrom('1', '8', '1000', '0', '1001', '1e1'), hostileText)],
      ['members', fc.oneof(fc.constantFrom('0', '6', '1000', '-1', '1001'), hostileText)],
    ]).map((q) => (q ? `/api/network/communities?${q}` : '/api/network/communities')),
  },
  {
    method: 'get',
    route: '/api/network/communities/of',
    url: query([
      [
        'ids',
        fc.oneof(
          fc.array(fc.oneof(creatorIdText, hostileText), { maxLength: 6 }).map((ids) => ids.join(',')),
          hostileText,
        ),
      ],
    ]).map((q) => `/api/network/communities/of?${q}`),
  },
  {
    method: 'get',
    route: '/api/network/bridges',
    url: query([['limit', fc.oneof(fc.constantFrom('1', '10', '100', '0', '101', '1e1'), hostileText)]]).map(
      (q) => `/api/network/bridges?${q}`,
    ),
  },
  {
    method: 'get',
    route: '/api/creators/:id/suggested',
    url: pathWithId((id) => `/api/creators/${id}/suggested`),
  },
  {
    method: 'get',
    route: '/api/pairs/:a/:b',
    url: fc.tuple(segment(creatorIdText), segment(creatorIdText)).map(([a, b]) => `/api/pairs/${a}/${b}`),
  },
  {
    method: 'get',
    route: '/api/path',
    url: query([
      ['from', creatorIdText],
      ['to', creatorIdText],
    ]).map((q) => `/api/path?${q}`),
  },
  { method: 'get', route: '/api/backup', url: noisyQuery('/api/backup') },
  { method: 'get', route: '/api/backup/videos.csv', url: noisyQuery('/api/backup/videos.csv') },
  { method: 'get', route: '/api/backup/creators.csv', url: noisyQuery('/api/backup/creators.csv') },
  // The app's page and static files
  {
    method: 'get',
    route: '/',
    url: query([
      ['creator', creatorIdText],
      ['pair', pairText],
      ['group', groupIdText],
      ['view', fc.oneof(fc.constantFrom('leaderboard', 'creator', 'pair', ''), hostileText)],
    ]).map((q) => (q ? `/?${q}` : '/')),
    cookie: anyCookie,
  },
  {
    method: 'get',
    route: '/*',
    url: fc.tuple(staticPath, query([])).map(([path, q]) => (q ? `${path}?${q}` : path)),
    cookie: anyCookie,
  },
  // Following and sharing
  {
    method: 'get',
    route: '/api/feeds/creators/:file',
    url: segment(fileText(creatorIdText, '.atom')).map((file) => `/api/feeds/creators/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/feeds/pairs/:file',
    url: segment(fileText(pairText, '.atom')).map((file) => `/api/feeds/pairs/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/cards/creators/:file',
    url: segment(fileText(creatorIdText, '.png')).map((file) => `/api/cards/creators/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/cards/pairs/:file',
    url: segment(fileText(pairText, '.png')).map((file) => `/api/cards/pairs/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/feeds/groups/:file',
    url: segment(fileText(groupIdText, '.atom')).map((file) => `/api/feeds/groups/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/cards/groups/:file',
    url: segment(fileText(groupIdText, '.png')).map((file) => `/api/cards/groups/${file}`),
    headers: anyBearer,
  },
  {
    method: 'get',
    route: '/api/cards/leaderboard.png',
    url: noisyQuery(SHARE_ROUTES.leaderboardCard),
    headers: anyBearer,
  },
  // Groups and events (reads)
  {
    method: 'get',
    route: '/api/groups',
    url: query([
      ['q', hostileText],
      ['offset', offsetText],
      ['limit', limitText],
    ]).map((q) => (q ? `${GROUP_ROUTES.groups}?${q}` : GROUP_ROUTES.groups)),
  },
  {
    method: 'get',
    route: '/api/groups/:id',
    url: pathWithId((id) => `/api/groups/${id}`, groupIdText),
  },
  {
    method: 'get',
    route: '/api/groups/of',
    url: query([
      [
        'ids',
        fc.oneof(
          fc.array(fc.oneof(creatorIdText, hostileText), { maxLength: 6 }).map((ids) => ids.join(',')),
          hostileText,
        ),
      ],
    ]).map((q) => `${GROUP_ROUTES.of}?${q}`),
  },
  {
    method: 'get',
    route: '/api/groups/:id/stats',
    url: pathWithId((id) => `/api/groups/${id}/stats`, groupIdText),
  },
  {
    method: 'get',
    route: '/api/events/:id',
    url: pathWithId(
      (id) => `/api/events/${id}`,
      idText(() => [ids.event]),
    ),
  },
  // Writes
  {
    method: 'post',
    route: '/api/creators',
    url: fc.constant(API_ROUTES.creators),
    body: bodyOf(creatorShape),
  },
  {
    method: 'put',
    route: '/api/creators',
    url: fc.constant(API_ROUTES.creators),
    body: bodyOf(creatorShape),
  },
  {
    method: 'patch',
    route: '/api/creators',
    url: fc.constant(API_ROUTES.creators),
    body: bodyOf({ primaryId: idField, mergeIds: field(fc.array(idField, { maxLength: 5 })) }),
  },
  {
    method: 'delete',
    route: '/api/creators',
    url: query([['id', creatorIdText]]).map((q) => `${API_ROUTES.creators}?${q}`),
  },
  { method: 'delete', route: '/api/creators/:id', url: pathWithId((id) => `/api/creators/${id}`) },
  { method: 'post', route: '/api/videos', url: fc.constant(API_ROUTES.videos), body: bodyOf(videoShape) },
  { method: 'put', route: '/api/videos', url: fc.constant(API_ROUTES.videos), body: bodyOf(videoShape) },
  {
    method: 'delete',
    route: '/api/videos',
    url: query([['id', videoIdText]]).map((q) => `${API_ROUTES.videos}?${q}`),
  },
  { method: 'delete', route: '/api/videos/:id', url: pathWithId((id) => `/api/videos/${id}`, videoIdText) },
  {
    method: 'post',
    route: '/api/videos/bulk-delete',
    url: fc.constant(HISTORY_ROUTES.videosBulkDelete),
    body: bodyOf({ ids: field(fc.array(idField, { maxLength: 6 })) }),
  },
  {
    method: 'post',
    route: '/api/creators/bulk-delete',
    url: fc.constant(HISTORY_ROUTES.creatorsBulkDelete),
    body: bodyOf({ ids: field(fc.array(idField, { maxLength: 6 })) }),
  },
  {
    method: 'get',
    route: '/api/history',
    url: query([
      ['limit', fc.oneof(fc.integer().map(String), hostileText)],
      ['before', creatorIdText],
      ['creator', creatorIdText],
      ['video', videoIdText],
    ]).map((q) => (q ? `${HISTORY_ROUTES.history}?${q}` : HISTORY_ROUTES.history)),
  },
  {
    method: 'get',
    route: '/api/history/:id',
    url: pathWithId(
      (id) => `/api/history/${id}`,
      idText(() => [1, 2, 3]),
    ),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/history/:id/undo',
    url: pathWithId(
      HISTORY_ROUTES.undo as (id: unknown) => string,
      idText(() => [1, 2, 3]),
    ),
  },
  {
    method: 'post',
    route: '/api/suggestions',
    url: fc.constant(API_ROUTES.suggestions),
    body: bodyOf({ url: field(fc.webUrl()) }),
  },
  {
    method: 'delete',
    route: '/api/suggestions/:id',
    url: pathWithId(
      (id) => `/api/suggestions/${id}`,
      idText(() => [ids.suggestion]),
    ),
  },
  {
    method: 'post',
    route: '/api/auth/login',
    url: fc.constant(API_ROUTES.login),
    body: bodyOf({ password: field(fc.string()) }),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/auth/logout',
    url: fc.constant(API_ROUTES.logout),
    body: bodyOf({}),
    cookie: strangeCookie, // not the admin's: that would end the session the other runs use
  },
  {
    method: 'get',
    route: '/api/creators/channel-owner',
    url: query([
      ['url', fc.oneof(youtubeUrl, hostileText)],
      ['exclude', fc.oneof(creatorIdText, hostileText)],
    ]).map((q) => `${API_ROUTES.creatorsChannelOwner}?${q}`),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/auth/logout-everywhere',
    url: fc.constant(API_ROUTES.logoutEverywhere),
    body: bodyOf({}),
    cookie: strangeCookie, // the admin's would end every session the other runs use
  },
  {
    method: 'get',
    route: '/api/youtube/status',
    url: noisyQuery(YOUTUBE_ROUTES.status),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/youtube/video-info',
    url: fc.constant(YOUTUBE_ROUTES.videoInfo),
    body: bodyOf({ url: field(youtubeUrl) }),
  },
  {
    method: 'post',
    route: '/api/youtube/creator-info',
    url: fc.constant(YOUTUBE_ROUTES.creatorInfo),
    body: bodyOf({ urls: field(fc.array(field(youtubeUrl), { maxLength: 25 })) }),
  },
  {
    method: 'post',
    route: '/api/youtube/playlist',
    url: fc.constant(YOUTUBE_ROUTES.playlist),
    body: bodyOf({ url: field(youtubeUrl) }),
  },
  {
    method: 'post',
    route: '/api/youtube/import',
    url: fc.constant(YOUTUBE_ROUTES.import),
    body: bodyOf({
      items: field(
        fc.array(
          fc.record({
            id: field(
              fc.oneof(
                fc.constant(null).map(() => ids.fakeVideo),
                fc.stringMatching(/^[A-Za-z0-9_-]{11}$/),
              ),
            ),
          }),
          { maxLength: 60 },
        ),
      ),
    }),
  },
  {
    method: 'post',
    route: '/api/youtube/rescan',
    url: fc.constant(YOUTUBE_ROUTES.rescan),
    body: bodyOf({ videoIds: field(fc.array(idField, { maxLength: 60 })) }),
  },
  {
    method: 'post',
    route: '/api/youtube/rescan/:id',
    url: pathWithId((id) => `/api/youtube/rescan/${id}`, videoIdText),
  },
  {
    method: 'get',
    route: '/api/videos/:id/evidence',
    url: pathWithId((id) => `/api/videos/${id}/evidence`, videoIdText),
    cookie: anyCookie,
  },
  {
    method: 'get',
    route: '/api/review',
    url: query([
      ['offset', fc.oneof(fc.nat().map(String), hostileText)],
      ['limit', fc.oneof(fc.nat(300).map(String), hostileText)],
    ]).map((q) => (q ? `/api/review?${q}` : '/api/review')),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/review/:id/accept',
    url: pathWithId((id) => `/api/review/${id}/accept`, videoIdText),
    body: fc.option(bodyOf({}), { nil: undefined }),
  },
  {
    method: 'post',
    route: '/api/review/:id/reject',
    url: pathWithId((id) => `/api/review/${id}/reject`, videoIdText),
    body: fc.option(bodyOf({}), { nil: undefined }),
  },
  {
    method: 'get',
    route: '/api/review/events',
    url: query([
      ['offset', fc.oneof(fc.nat().map(String), hostileText)],
      ['limit', fc.oneof(fc.nat(300).map(String), hostileText)],
    ]).map((q) => (q ? `/api/review/events?${q}` : '/api/review/events')),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/review/events/:id/accept',
    url: pathWithId(
      (id) => `/api/review/events/${id}/accept`,
      idText(() => [1, 2]),
    ),
    body: fc.option(bodyOf({}), { nil: undefined }),
  },
  {
    method: 'post',
    route: '/api/review/events/:id/reject',
    url: pathWithId(
      (id) => `/api/review/events/${id}/reject`,
      idText(() => [1, 2]),
    ),
    body: fc.option(bodyOf({}), { nil: undefined }),
  },
  {
    method: 'post',
    route: '/api/review/accept',
    url: fc.constant('/api/review/accept'),
    body: bodyOf({ ids: field(fc.array(idField, { maxLength: 210 })) }),
  },
  {
    method: 'post',
    route: '/api/review/reject',
    url: fc.constant('/api/review/reject'),
    body: bodyOf({ ids: field(fc.array(idField, { maxLength: 210 })) }),
  },
  {
    method: 'post',
    route: '/api/youtube/refresh-photos',
    url: fc.constant(YOUTUBE_ROUTES.refreshPhotos),
    body: fc.option(bodyOf({}), { nil: undefined }),
  },
  {
    method: 'post',
    route: '/api/backup',
    url: fc.constant('/api/backup'),
    body: bodyOf({ version: field(fc.integer()), creators: anyJson, videos: anyJson }),
  },
  // Groups, memberships and events (writes)
  {
    method: 'post',
    route: '/api/groups',
    url: fc.constant(GROUP_ROUTES.groups),
    body: bodyOf(groupShape),
  },
  {
    method: 'put',
    route: '/api/groups/:id',
    url: pathWithId((id) => `/api/groups/${id}`, groupIdText),
    body: bodyOf(groupShape),
  },
  {
    method: 'post',
    route: '/api/groups/:id/members',
    url: pathWithId((id) => `/api/groups/${id}/members`, groupIdText),
    body: bodyOf(membershipShape),
  },
  {
    method: 'put',
    route: '/api/groups/:id/members/:memberId',
    url: fc
      .tuple(segment(groupIdText), segment(idText(() => [ids.member])))
      .map(([id, member]) => `/api/groups/${id}/members/${member}`),
    body: bodyOf(membershipShape),
  },
  {
    method: 'delete',
    route: '/api/groups/:id/members/:memberId',
    url: fc
      .tuple(segment(groupIdText), segment(idText(() => [ids.doomedMember])))
      .map(([id, member]) => `/api/groups/${id}/members/${member}`),
  },
  {
    method: 'delete',
    route: '/api/groups/:id',
    url: pathWithId(
      (id) => `/api/groups/${id}`,
      idText(() => [ids.doomedGroup]),
    ),
  },
  {
    method: 'post',
    route: '/api/events',
    url: fc.constant(API_ROUTES.events),
    body: bodyOf({ videoIds: field(fc.array(videoRef, { maxLength: 60 })) }),
  },
  {
    method: 'delete',
    route: '/api/events/:id',
    url: pathWithId(
      (id) => `/api/events/${id}`,
      idText(() => [ids.doomedEvent]),
    ),
  },
  // API keys (admin only)
  {
    method: 'get',
    route: '/api/keys',
    url: noisyQuery(SHARE_ROUTES.keys),
    cookie: anyCookie,
  },
  {
    method: 'post',
    route: '/api/keys',
    url: fc.constant(SHARE_ROUTES.keys),
    body: bodyOf({ name: field(fc.string({ maxLength: 120 })) }),
    cookie: anyCookie,
  },
  {
    method: 'delete',
    route: '/api/keys/:id',
    url: pathWithId(
      (id) => `/api/keys/${id}`,
      idText(() => [ids.doomedKey]),
    ),
    cookie: anyCookie,
  },
];

/** Every (method, route) the router serves, from Fastify's own route tree; HEAD mirrors GET. */
function routerRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*?)([^\s│├└─].*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method && method !== 'HEAD' && path !== '*') routes.push(`${method.toLowerCase()} ${path}`);
  }
  return routes;
}

// ---------------------------------------------------------------- the property

/** Every table but the bookkeeping that reads and refused logins move (see snapshot). */
const state = (): Promise<unknown> => snapshot(t);

describe(`every endpoint under hostile input (${TEST_DB}, ${RUNS} runs each)`, () => {
  it('the table below covers every route of the router', () => {
    const served = routerRoutes(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(30);
    const fuzzed = new Set(ENDPOINTS.map((e) => `${e.method} ${e.route}`));
    // The Swagger UI's own files take no input.
    const unfuzzed = served.filter((route) => !fuzzed.has(route) && !route.startsWith('get /api/docs'));
    expect(unfuzzed).toEqual([]);
    // An entry for a route that is not served would pass without fuzzing anything.
    expect([...fuzzed].filter((route) => !served.includes(route))).toEqual([]);
  });

  // The snapshot reads a table again only when it may have changed: a write it missed would let every
  // property below pass.
  it('a snapshot sees a row written beside the API, and the row written back', async () => {
    const id = ids.creators[0];
    const [row] = await t.query<{ name: string }>('SELECT name FROM creators WHERE id = ?', [id]);
    const before = await state();
    await t.query('UPDATE creators SET name = ? WHERE id = ?', [`${row!.name} (changed)`, id]);
    const changed = await state();
    await t.query('UPDATE creators SET name = ? WHERE id = ?', [row!.name, id]);
    expect(isDeepStrictEqual(changed, before)).toBe(false);
    expect(await state()).toEqual(before);
  });

  it.each(ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.route}`, e] as const))(
    '%s: never 5xx, every 4xx JSON { error }, a rejected request changes nothing',
    async (_, endpoint) => {
      const served = routerRoutes(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }));
      expect(served).toContain(`${endpoint.method} ${endpoint.route}`);
      let before = await state();
      await fc.assert(
        fc.asyncProperty(
          endpoint.url,
          endpoint.body ?? fc.constant(undefined),
          endpoint.cookie ?? fc.constant(null).map(() => t.cookie),
          endpoint.headers ?? fc.constant({}),
          async (url, body, cookie, headers) => {
            let call = t.http()[endpoint.method](url).set(headers);
            if (cookie) call = call.set('Cookie', cookie);
            if (body && 'raw' in body) call = call.set('Content-Type', body.type).send(body.raw);
            else if (body)
              call = call.set('Content-Type', 'application/json').send(JSON.stringify(body.json));
            const response = await call;
            const what = `${endpoint.method.toUpperCase()} ${url.slice(0, 200)} → ${response.status}`;
            if (response.status >= 500) throw new Error(`${what}: ${response.text.slice(0, 300)}`);
            const after = await state();
            if (response.status >= 400) {
              const error = (response.body as { error?: unknown } | undefined)?.error;
              const json = /^application\/json/.test(String(response.headers['content-type']));
              const only = JSON.stringify(Object.keys((response.body as object) ?? {})) === '["error"]';
              if (!json || !only || typeof error !== 'string' || !error)
                throw new Error(`${what}: not JSON { error }: ${response.text.slice(0, 300)}`);
            }
            if ((response.status >= 400 || endpoint.method === 'get') && !isDeepStrictEqual(after, before)) {
              // Strictly equal snapshots are equal to toEqual too; only a difference pays for its
              // verdict and diff (toEqual on every table after each of ~5,000 requests took minutes).
              try {
                expect(after).toEqual(before);
              } catch (failure) {
                throw new Error(`${what} changed the database\n${String(failure)}`, { cause: failure });
              }
            }
            before = after;
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // The API still answers its reads afterwards.
      await admin(t).get(API_ROUTES.creators).expect(200);
    },
    // A snapshot of every table after each request: on a busy machine a run of writes takes a while.
    180_000,
  );
});

describe('ids in paths and queries', () => {
  const BAD = ['-1', '0', '1e3', '1.5', '1.0', '0x10', '%205', 'abc', '2147483648', '1%20OR%201%3D1'];
  const routes: [Method, (id: string) => string][] = [
    ['get', (id) => `/api/creators/${id}/profile`],
    ['get', (id) => `/api/creators/${id}/network`],
    ['get', (id) => `/api/creators/${id}/activity`],
    ['get', (id) => `/api/creators/${id}/suggested`],
    ['get', (id) => `/api/pairs/${id}/1`],
    ['get', (id) => `/api/pairs/1/${id}`],
    ['get', (id) => `/api/path?from=${id}&to=1`],
    ['delete', (id) => `${API_ROUTES.creators}?id=${id}`],
    ['delete', (id) => `/api/creators/${id}`],
    ['delete', (id) => `${API_ROUTES.videos}?id=${id}`],
    ['delete', (id) => `/api/videos/${id}`],
    ['delete', (id) => `/api/suggestions/${id}`],
    ['post', (id) => `/api/youtube/rescan/${id}`],
  ];

  it.each(routes.map(([method, url]) => [`${method.toUpperCase()} ${url(':id')}`, method, url] as const))(
    '%s: a negative, zero, non-integer, exponent, hex or oversized id answers 400 { error }; an unknown one 404',
    async (_, method, url) => {
      const before = await state();
      for (const id of BAD) {
        const response = await t.http()[method](url(id)).set('Cookie', t.cookie);
        expect({ id, status: response.status, body: response.body as unknown }).toEqual({
          id,
          status: 400,
          body: { error: expect.any(String) },
        });
      }
      const unknown = await t.http()[method](url('2147483000')).set('Cookie', t.cookie);
      expect({ status: unknown.status, body: unknown.body as unknown }).toEqual({
        status: 404,
        body: { error: expect.any(String) },
      });
      expect(await state()).toEqual(before);
    },
  );
});
