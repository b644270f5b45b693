/**
 * Two API processes on one database (docs/architecture.md "Many replicas, one truth"): on MariaDB, or
 * on one SQLite file (TEST_DB=sqlite). A write through one is visible through the other within a
 * second, at once through the writer, whatever either had cached; two replicas writing the same
 * creator at once lose nothing and duplicate nothing; a write no public answer reads (a suggestion, a
 * login, a denied suggestion) leaves every public answer cached on both, which the Answer-Computation
 * header of each answer shows: it names the computation that made it.
 */
import {
  API_ROUTES,
  INSIGHTS_ROUTES,
  type Analytics,
  type CreatorListItem,
  type CreatorPage,
  type CreatorProfile,
  type VideoPage,
} from '@friends/shared';
import { PROCESS_ADMIN_PASSWORD, startApiProcess, sleep, type ApiProcess } from './support/api-process';
import { freshDatabase, TEST_DB } from './support/test-app';

jest.setTimeout(120_000);

/** The promise: a write on any replica is visible on every other within this. */
const VISIBLE_WITHIN_MS = 1000;

/** The account backs off after three failures; the per-IP limit stays out of the way. */
const LOGIN_ENV = { LOGIN_BACKOFF_AFTER: '3', LOGIN_BACKOFF_SECONDS: '30', LOGIN_RATE_LIMIT: '50' };
/** Four suggestions a minute from one client, for both replicas together. */
const REPLICA_ENV = { ...LOGIN_ENV, SUGGESTION_RATE_LIMIT: '4' };

let a: ApiProcess;
let b: ApiProcess;
/** A creator with collaborations, made by the third test. */
let hostId = 0;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  // One after the other: the first applies the migrations.
  a = await startApiProcess(db.url, REPLICA_ENV);
  cleanups.push(a.stop);
  b = await startApiProcess(db.url, REPLICA_ENV);
  cleanups.push(b.stop);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function get<T>(api: ApiProcess, path: string): Promise<T> {
  const res = await fetch(`${api.url}${path}`);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function send(api: ApiProcess, method: string, path: string, body: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: await api.adminHeaders(),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const stats = (api: ApiProcess) => get<Analytics>(api, API_ROUTES.stats);
/** What the visitor's search finds for "replica" (the paged search, with its total), and the full list. */
const searchNames = async (api: ApiProcess) => {
  const page = await get<CreatorPage>(api, `${API_ROUTES.creatorsSearch}?q=replica`);
  expect(page.total).toBe(page.items.length);
  return page.items.map((c) => c.name);
};
const listNames = async (api: ApiProcess) =>
  (await get<CreatorListItem[]>(api, API_ROUTES.creators)).map((c) => c.name);

/**
 * Polls `seen()` (every 20 ms, for at most 5 s) and answers when, after `since`, the last request that
 * did not see the write was sent: the promise is that a request sent a second after the write sees it
 * (how long a request takes to come back on a loaded machine does not count). Infinity if never seen.
 */
async function staleUntil(seen: () => Promise<boolean>, since: number): Promise<number> {
  let lastStale = 0;
  while (performance.now() - since < 5000) {
    const sent = performance.now();
    if (await seen()) return lastStale;
    lastStale = sent - since;
    await sleep(20);
  }
  return Infinity;
}

describe(`two API processes on one database (${TEST_DB})`, () => {
  it('a creator added through one shows in the other’s stats and search within a second, at once in the writer’s', async () => {
    // Both have answered (and cached) the lists before the write.
    for (const api of [a, b]) {
      expect((await stats(api)).totalCreators).toBe(0);
      expect(await searchNames(api)).toEqual([]);
      expect(await listNames(api)).toEqual([]);
    }
    const created = await send(a, 'POST', API_ROUTES.creators, { name: 'Replica Rowan' });
    const written = performance.now();
    expect(created.status).toBe(201);

    // The writer: the very next read.
    expect((await stats(a)).totalCreators).toBe(1);
    expect(await searchNames(a)).toEqual(['Replica Rowan']);
    expect(await listNames(a)).toEqual(['Replica Rowan']);

    const [statsMs, searchMs, listMs] = await Promise.all([
      staleUntil(async () => (await stats(b)).totalCreators === 1, written),
      staleUntil(async () => (await searchNames(b)).includes('Replica Rowan'), written),
      staleUntil(async () => (await listNames(b)).includes('Replica Rowan'), written),
    ]);
    expect({ statsMs, searchMs, listMs }).toEqual({
      statsMs: expect.any(Number) as number,
      searchMs: expect.any(Number) as number,
      listMs: expect.any(Number) as number,
    });
    expect(Math.max(statsMs, searchMs, listMs)).toBeLessThan(VISIBLE_WITHIN_MS);

    // And the other way round, for an update.
    const id = Number(created.body.id);
    const renamed = await send(b, 'PUT', API_ROUTES.creators, { id, name: 'Replica Robin' });
    const renamedAt = performance.now();
    expect(renamed.status).toBe(200);
    expect(await searchNames(b)).toEqual(['Replica Robin']);
    expect(
      await staleUntil(async () => (await searchNames(a)).includes('Replica Robin'), renamedAt),
    ).toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it('two replicas creating the same creator at once make one creator; the other gets 409', async () => {
    const name = 'Concurrent Casey';
    const answers = await Promise.all(
      [a, b, a, b].map((api) => send(api, 'POST', API_ROUTES.creators, { name })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const loser of answers.filter((r) => r.status === 409)) {
      expect(loser.body).toEqual({ error: expect.stringContaining(name) as string });
    }
    const everyone = await get<CreatorListItem[]>(b, API_ROUTES.creators);
    expect(everyone.filter((c) => c.name === name)).toHaveLength(1);
  });

  it('two replicas adding videos to the same creators at once: no video and no count lost', async () => {
    const host = await send(a, 'POST', API_ROUTES.creators, { name: 'Shared Sam' });
    const guest = await send(b, 'POST', API_ROUTES.creators, { name: 'Guest Gale' });
    expect([host.status, guest.status]).toEqual([201, 201]);
    hostId = Number(host.body.id);
    const guestId = Number(guest.body.id);
    for (const api of [a, b]) {
      // Cached on both before the writes.
      expect((await get<CreatorProfile>(api, API_ROUTES.creatorProfile(hostId))).stats.totalVideos).toBe(0);
    }
    const PER_REPLICA = 12;
    const answers = await Promise.all(
      [a, b].flatMap((api, r) =>
        Array.from({ length: PER_REPLICA }, (_, i) =>
          send(api, 'POST', API_ROUTES.videos, {
            title: `Together ${r}-${i}`,
            url: `https://www.youtube.com/watch?v=replica${r}x${String(i).padStart(2, '0')}`,
            authorIds: i % 2 ? [hostId, guestId] : [hostId],
          }),
        ),
      ),
    );
    const written = performance.now();
    expect(answers.filter((r) => r.status !== 201)).toEqual([]);

    const expected = { total: 2 * PER_REPLICA, collaborations: PER_REPLICA, collaborators: 1 };
    for (const api of [a, b]) {
      // The other replica's writes arrive within a second.
      const ms = await staleUntil(async () => {
        const profile = await get<CreatorProfile>(api, API_ROUTES.creatorProfile(hostId));
        return profile.stats.totalVideos === expected.total;
      }, written);
      expect(ms).toBeLessThan(VISIBLE_WITHIN_MS);
      const profile = await get<CreatorProfile>(api, API_ROUTES.creatorProfile(hostId));
      expect({
        total: profile.stats.totalVideos,
        collaborations: profile.stats.collaborations,
        collaborators: profile.stats.collaborators,
      }).toEqual(expected);
      const row = (await stats(api)).creators.find((c) => c.id === hostId);
      expect(row?.stats).toMatchObject({
        totalVideos: expected.total,
        collaborations: expected.collaborations,
        collaborators: expected.collaborators,
      });
    }
  });

  /** The public answers whose computations the next tests follow. */
  const publicAnswers = () => [
    `${API_ROUTES.creatorsSearch}?q=shared`,
    API_ROUTES.creatorProfile(hostId),
    `${API_ROUTES.creators}/${hostId}/network`,
    API_ROUTES.leaderboard,
    INSIGHTS_ROUTES.leaderboard('year'),
    API_ROUTES.stats,
    `${API_ROUTES.videosSearch}?q=together`,
    INSIGHTS_ROUTES.communities,
    INSIGHTS_ROUTES.bridges(),
    INSIGHTS_ROUTES.suggested(hostId),
  ];
  /** Each public answer's Answer-Computation on `api`, by path (each asked for twice: kept, then replayed). */
  async function computations(api: ApiProcess): Promise<Record<string, string | null>> {
    const seen: Record<string, string | null> = {};
    for (const path of publicAnswers()) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${api.url}${path}`, { headers: { 'accept-encoding': 'br' } });
        expect([path, res.status]).toEqual([path, 200]);
        await res.arrayBuffer();
        seen[path] = res.headers.get('answer-computation');
      }
    }
    return seen;
  }
  /** Waits until the analysis of the network has caught up on both (its answers are uncached until then). */
  async function analysed(): Promise<void> {
    for (const api of [a, b]) {
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${api.url}${INSIGHTS_ROUTES.communities}`);
        await res.arrayBuffer();
        if (res.headers.get('answer-computation')) break;
        if (tries > 200) throw new Error('the network analysis never settled');
        await sleep(50);
      }
    }
  }
  /** Longer than a few polls of the other replica, so a change it would act on has been seen. */
  const POLLS = 3 * 250 + 100;

  it('the suggestion limit holds for both together: two each, then 429 from either; no answer is recomputed', async () => {
    await analysed();
    const before = { a: await computations(a), b: await computations(b) };
    for (const seen of [before.a, before.b]) {
      expect(Object.values(seen).filter((value) => !value)).toEqual([]);
    }
    const suggest = (api: ApiProcess, i: number) =>
      fetch(`${api.url}${API_ROUTES.suggestions}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: api.url },
        body: JSON.stringify({ url: `https://youtu.be/REPLICA000${i}` }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (const [i, api] of [a, b, a, b, a, b].entries()) statuses.push(await suggest(api, i));
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    await sleep(POLLS);
    expect({ a: await computations(a), b: await computations(b) }).toEqual(before);
  });

  it('a login and a denied suggestion leave every public answer cached on both; a rename shows on the other within a second', async () => {
    const before = { a: await computations(a), b: await computations(b) };
    const login = await fetch(`${b.url}${API_ROUTES.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: b.url },
      body: JSON.stringify({ password: PROCESS_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const pending = await fetch(`${a.url}${API_ROUTES.suggestions}`, { headers: await a.adminHeaders() });
    const [first] = (await pending.json()) as { id: number }[];
    const { cookie, origin } = await a.adminHeaders();
    const denied = await fetch(`${a.url}${API_ROUTES.suggestion(first!.id)}`, {
      method: 'DELETE',
      headers: { cookie: cookie!, origin: origin! },
    });
    expect(denied.status).toBe(200);
    await sleep(POLLS);
    expect({ a: await computations(a), b: await computations(b) }).toEqual(before);

    const renamed = await send(a, 'PUT', API_ROUTES.creators, { id: hostId, name: 'Shared Sasha' });
    const renamedAt = performance.now();
    expect(renamed.status).toBe(200);
    const profileName = async (api: ApiProcess) =>
      (await get<CreatorProfile>(api, API_ROUTES.creatorProfile(hostId))).creator.name;
    expect(await profileName(a)).toBe('Shared Sasha');
    expect(await staleUntil(async () => (await profileName(b)) === 'Shared Sasha', renamedAt)).toBeLessThan(
      VISIBLE_WITHIN_MS,
    );
    // A new page of the video search on the other, whose videos it has kept since it read them.
    const authorNames = async (api: ApiProcess) =>
      (await get<VideoPage>(api, `${API_ROUTES.videosSearch}?q=together&limit=49`)).items.flatMap((video) =>
        video.authors.map((author) => author.name),
      );
    expect(
      await staleUntil(async () => (await authorNames(b)).includes('Shared Sasha'), renamedAt),
    ).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(await authorNames(b)).not.toContain('Shared Sam');
    const after = await computations(b);
    expect(after[API_ROUTES.creatorProfile(hostId)]).not.toBe(before.b[API_ROUTES.creatorProfile(hostId)]);
  });

  // Last: it leaves the account backing off.
  it('three failed logins on one make the other refuse the right password while the back-off lasts', async () => {
    await a.adminHeaders(); // both logged in before, so the other tests' sessions are not affected
    await b.adminHeaders();
    const login = (api: ApiProcess, password: string) =>
      fetch(`${api.url}${API_ROUTES.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: api.url },
        body: JSON.stringify({ password }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
    for (let i = 0; i < 3; i++) expect((await login(a, `wrong ${i}`)).status).toBe(401);
    expect(await login(b, PROCESS_ADMIN_PASSWORD)).toEqual({
      status: 429,
      body: {
        error: expect.stringMatching(
          /^Too many failed login attempts\. Try again in (29|30) seconds\.$/,
        ) as string,
      },
    });
    expect((await login(a, PROCESS_ADMIN_PASSWORD)).status).toBe(429);
  });
});
