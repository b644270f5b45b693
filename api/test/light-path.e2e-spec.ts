import { get as httpGet, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_ROUTES, PAGING, type CreatorProfile, type SavedCreator } from '@friends/shared';
import { CachedAnswers } from '../src/common/cached-answers';
import { createCreator, createVideo, freshWindow } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * The light path of the public searches, the profile, the leaderboard and analytics
 * (src/common/cached-answers.ts): the HTTP server answers a plain request itself, and its answer must be
 * the one the full stack (Fastify and Nest, asked here through `inject`, which never takes the light
 * path) gives the same request: status, headers and bytes (a compressed body as what it decodes to:
 * a kept answer's brotli form is made quickly first, then again smaller, so two sends may differ).
 */
interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Headers of one response rather than of the answer: compared apart (RateLimit) or not at all. */
const OWN = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'ratelimit'];

/** Listens on a port of its own (Fastify's close does not close a server it was not asked to listen on). */
async function listen(t: TestContext): Promise<string> {
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(t: TestContext): Promise<void> {
  const server = t.app.getHttpServer() as Server;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
}

function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpGet(`${base}${url}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function fullStack(t: TestContext, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

function comparable({ status, headers, body }: Answer) {
  const encoding = headers['content-encoding'];
  const kept = Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !OWN.includes(name) && !(encoding && name === 'content-length'))
      .map(([name, value]) => [name, String(value)]),
  );
  const bytes =
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return { status, headers: kept, body: bytes.toString('base64') };
}

/** The light answer and the full stack's for the same request are the same, up to the per-response headers. */
function expectSame(light: Answer, full: Answer): void {
  expect(comparable(light)).toEqual(comparable(full));
  for (const answer of [light, full]) {
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['ratelimit']).toMatch(/^"[^"]+";r=\d+;t=\d+$/);
  }
}

const counts = (t: TestContext) => ({ ...CachedAnswers.of(t.app.getHttpServer())!.answered });

/**
 * Asks `url` again until a replay answers (at most ~3 s): a brotli answer goes out in a quick form
 * first and is replayed only once its smaller form, made in the background, replaced it.
 */
async function untilReplayed(t: TestContext, base: string, url: string, headers: Record<string, string>) {
  const replayed = counts(t).replayed;
  let again = await get(base, url, headers);
  for (let tries = 0; counts(t).replayed === replayed && tries < 300; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    again = await get(base, url, headers);
  }
  expect(counts(t).replayed).toBe(replayed + 1);
  return again;
}
/** The searches, whose answers are kept (and replayed) only once asked for again. */
const keptWhenAskedAgain = (url: string) =>
  url.startsWith(API_ROUTES.creatorsSearch) || url.startsWith(API_ROUTES.videosSearch);
const BR = { 'Accept-Encoding': 'br, gzip' };
const GZIP = { 'Accept-Encoding': 'gzip' };

describe('the light path', () => {
  let t: TestContext;
  let base: string;
  const creators: SavedCreator[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    base = await listen(t);
    for (let i = 1; i <= 30; i += 1) creators.push(await createCreator(t, `Light Walker ${i}`));
    for (let i = 1; i <= 12; i += 1) {
      await createVideo(t, {
        title: `Lantern walk ${i}`,
        authorIds: [creators[i]!.id, creators[i + 1]!.id],
      });
    }
    // The full stack answers each route and encoding once before the light path may (its headers
    // are kept): here with a large answer, so the light path's small ones (not compressed) go out with
    // the headers learned from a compressed one.
    const first = [
      `${API_ROUTES.creatorsSearch}?q=walk`,
      `${API_ROUTES.videosSearch}?q=walk`,
      API_ROUTES.creatorProfile(creators[2]!.id),
      `${API_ROUTES.leaderboard}?period=year`,
      `${API_ROUTES.stats}?limit=20`,
    ];
    for (const url of first) {
      for (const headers of [{}, BR, GZIP]) expect((await get(base, url, headers)).status).toBe(200);
    }
  });
  afterAll(() => close(t));

  const cases: [string, Record<string, string>][] = [
    [`${API_ROUTES.creatorsSearch}?q=light`, {}],
    [`${API_ROUTES.creatorsSearch}?q=Light+Walker&limit=3&offset=2`, {}],
    [`${API_ROUTES.creatorsSearch}?q=walker&scope=names`, BR],
    [`${API_ROUTES.creatorsSearch}?q=alker%201`, GZIP],
    [`${API_ROUTES.creatorsSearch}?q=w`, GZIP],
    [`${API_ROUTES.creatorsSearch}?q=${encodeURIComponent('with:"Light Walker 3"')}`, {}],
    [`${API_ROUTES.creatorsSearch}?q=${encodeURIComponent('with:"Nobody"')}`, BR],
    [`${API_ROUTES.creatorsSearch}?offset=5`, BR],
    [`${API_ROUTES.videosSearch}?q=lantern`, {}],
    [`${API_ROUTES.videosSearch}?q=lantern`, BR],
    [`${API_ROUTES.videosSearch}?q=Walker+7&limit=2`, GZIP],
    [`${API_ROUTES.videosSearch}?q=an&youtube=false&offset=1`, BR],
    [`${API_ROUTES.videosSearch}?q=zzz`, GZIP],
    [`${API_ROUTES.videosSearch}?limit=${PAGING.maxLimit}`, {}],
    [API_ROUTES.leaderboard, {}],
    [API_ROUTES.leaderboard, BR],
    [`${API_ROUTES.leaderboard}?period=month&count=events`, GZIP],
    [`${API_ROUTES.leaderboard}?period=all&count=videos`, BR],
    [API_ROUTES.stats, BR],
    [`${API_ROUTES.stats}?offset=5&limit=3`, {}],
  ];

  it.each(cases)('answers %s (%j) as the full stack does, and keeps it for replay', async (url, headers) => {
    if (keptWhenAskedAgain(url)) await fullStack(t, url, headers); // its first ask
    const before = counts(t);
    const light = await get(base, url, headers);
    expect(counts(t).light).toBe(before.light + 1);
    expect(light.status).toBe(200);
    expectSame(light, await fullStack(t, url, headers));
    const replay = await untilReplayed(t, base, url, headers);
    if (headers === BR) expect(comparable(replay)).toEqual(comparable(light));
    else expect(replay.body).toEqual(light.body);
  });

  it.each([
    [3, {}],
    [4, BR],
    [5, GZIP],
  ])(
    "answers creator %i's profile (%j) as the full stack does, and again after a write",
    async (at, headers) => {
      const url = API_ROUTES.creatorProfile(creators[at]!.id);
      for (const round of [1, 2]) {
        const before = counts(t);
        const light = await get(base, url, headers);
        expect(counts(t).light).toBe(before.light + 1);
        expectSame(light, await fullStack(t, url, headers));
        const profile = JSON.parse((await fullStack(t, url)).body.toString()) as CreatorProfile;
        expect(profile.creator.id).toBe(creators[at]!.id);
        expect(profile.videos.map((video) => video.title)).toContain(
          round === 1 ? `Lantern walk ${at}` : `Lantern encore ${at}`,
        );
        if (round === 1)
          await createVideo(t, { title: `Lantern encore ${at}`, authorIds: [creators[at]!.id] });
      }
    },
  );

  it('serves a search asked for the first time without keeping it, and keeps it once asked again', async () => {
    const url = `${API_ROUTES.videosSearch}?q=lantern+walk+2`;
    const before = counts(t);
    const first = await get(base, url, BR);
    const second = await get(base, url, BR);
    expect(counts(t)).toEqual({ ...before, light: before.light + 2 });
    expect(second.body).toEqual(first.body);
    expect(Number(second.headers['answer-computation'])).toBeGreaterThan(
      Number(first.headers['answer-computation']),
    );
    const third = await untilReplayed(t, base, url, BR);
    expect(counts(t).replayed).toBe(before.replayed + 1);
    expect(third.headers['answer-computation']).toBe(second.headers['answer-computation']);
  });

  it('leaves a path with one segment more than the profile to the full stack: its 404', async () => {
    const before = counts(t);
    expect((await get(base, `${API_ROUTES.creatorProfile(creators[3]!.id)}/more`)).status).toBe(404);
    expect(counts(t)).toEqual(before);
  });

  it('leaves a conditional request to the full stack: the same 304', async () => {
    const url = `${API_ROUTES.videosSearch}?q=lantern+walk+1`;
    const { headers } = await get(base, url);
    const conditional = { ...GZIP, 'If-None-Match': String(headers.etag) };
    const before = counts(t);
    const light = await get(base, url, conditional);
    expect(light.status).toBe(304);
    expect(counts(t)).toEqual(before);
    expectSame(light, await fullStack(t, url, conditional));
  });

  it.each([
    ['a q too long', `${API_ROUTES.creatorsSearch}?limit=1&q=${'x'.repeat(PAGING.maxTerm + 1)}`, 400],
    ['limit 0', `${API_ROUTES.creatorsSearch}?q=a&limit=0`, 400],
    ['a negative offset', `${API_ROUTES.creatorsSearch}?q=a&offset=-1`, 400],
    ['an unknown scope', `${API_ROUTES.creatorsSearch}?q=a&scope=everything`, 400],
    ['an unclosed with: term', `${API_ROUTES.creatorsSearch}?q=${encodeURIComponent('with:"unclosed')}`, 400],
    ['youtube=maybe', `${API_ROUTES.videosSearch}?q=a&youtube=maybe`, 400],
    ['a limit over the maximum', `${API_ROUTES.videosSearch}?q=a&limit=${PAGING.maxLimit + 1}`, 400],
    ['q twice', `${API_ROUTES.videosSearch}?q=a&q=b`, 400],
    ['a value that does not decode', `${API_ROUTES.videosSearch}?q=%E0%A4%A`, 200],
    ['an unknown parameter', `${API_ROUTES.videosSearch}?q=a&sort=title`, 200],
    ['a profile of no creator', API_ROUTES.creatorProfile(987654), 404],
    ['a profile id that is not one', `${API_ROUTES.creators}/1e3/profile`, 400],
    ['a profile with a query', `${API_ROUTES.creatorProfile(1)}?x=1`, 200],
    ['an unknown period', `${API_ROUTES.leaderboard}?period=decade`, 400],
    ['a group that is no id', `${API_ROUTES.leaderboard}?group=abc`, 400],
    ['analytics with limit 0', `${API_ROUTES.stats}?limit=0`, 400],
  ])('leaves %s (%s) to the full stack, which answers %d', async (_label, url, status) => {
    if (status === 200 && keptWhenAskedAgain(url)) await fullStack(t, url); // its first ask
    const before = counts(t);
    const light = await get(base, url);
    expect(counts(t).light).toBe(before.light);
    expect(light.status).toBe(status);
    expectSame(light, await fullStack(t, url));
    if (status === 400) expect(JSON.parse(light.body.toString())).toEqual({ error: expect.any(String) });
  });
});

describe('the light path past the read limit', () => {
  const LIMIT = 8;
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_READ_RATE_LIMIT: String(LIMIT) });
    base = await listen(t);
  });
  afterAll(() => close(t));

  it('counts its reads with the full stack and refuses the next one as the full stack does', async () => {
    // The limit counts per minute: the check starts with 10 s of its minute left at least, and should the
    // minute still turn mid-way, it runs again.
    for (let attempt = 0; ; attempt += 1) {
      await freshWindow();
      const before = counts(t);
      const answers: Answer[] = [];
      for (let i = 0; answers.length === 0 || answers.at(-1)!.status === 200; i += 1) {
        if (i > LIMIT + 1) throw new Error('the read limit was never reached');
        answers.push(await get(base, `${API_ROUTES.videosSearch}?q=try${attempt}x${i}`));
      }
      const light = answers.at(-1)!;
      const full = await fullStack(t, `${API_ROUTES.videosSearch}?q=other${attempt}`);
      if (full.status !== 429 && attempt < 2) continue;
      expect(light.status).toBe(429);
      expect(light.headers['retry-after']).toMatch(/^\d+$/);
      expect(full.status).toBe(429);
      // The first of each form went through the full stack; then every allowed read was light.
      if (answers.length === LIMIT + 1 && attempt === 0)
        expect(counts(t).light).toBe(before.light + LIMIT - 1);
      expectSame(light, full);
      return;
    }
  });
});
