/**
 * Two API processes on one database (issue 15; docs/architecture.md "Architecture rules"): on MariaDB,
 * or on one SQLite file (TEST_DB=sqlite). A write through one is visible through the other within a
 * second, at once through the writer, whatever either had cached; two replicas writing the same
 * creator at once lose nothing and duplicate nothing.
 */
import {
  API_ROUTES,
  decodeCompactCreators,
  type Analytics,
  type CompactCreators,
  type CreatorListItem,
  type CreatorPage,
  type CreatorProfile,
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
/** What the visitor's search finds for "replica" (the paged search, with its total), and the compact list. */
const searchNames = async (api: ApiProcess) => {
  const page = await get<CreatorPage>(api, `${API_ROUTES.creatorsSearch}?q=replica`);
  expect(page.total).toBe(page.items.length);
  return page.items.map((c) => c.name);
};
const compactNames = async (api: ApiProcess) =>
  decodeCompactCreators(await get<CompactCreators>(api, API_ROUTES.creatorsCompact)).map((c) => c.name);

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
      expect(await compactNames(api)).toEqual([]);
    }
    const created = await send(a, 'POST', API_ROUTES.creators, { name: 'Replica Rowan' });
    const written = performance.now();
    expect(created.status).toBe(201);

    // The writer: the very next read.
    expect((await stats(a)).totalCreators).toBe(1);
    expect(await searchNames(a)).toEqual(['Replica Rowan']);
    expect(await compactNames(a)).toEqual(['Replica Rowan']);

    const [statsMs, searchMs, compactMs] = await Promise.all([
      staleUntil(async () => (await stats(b)).totalCreators === 1, written),
      staleUntil(async () => (await searchNames(b)).includes('Replica Rowan'), written),
      staleUntil(async () => (await compactNames(b)).includes('Replica Rowan'), written),
    ]);
    expect({ statsMs, searchMs, compactMs }).toEqual({
      statsMs: expect.any(Number) as number,
      searchMs: expect.any(Number) as number,
      compactMs: expect.any(Number) as number,
    });
    expect(Math.max(statsMs, searchMs, compactMs)).toBeLessThan(VISIBLE_WITHIN_MS);

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
    const [hostId, guestId] = [Number(host.body.id), Number(guest.body.id)];
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

  it('the suggestion limit holds for both together: two each, then 429 from either', async () => {
    const suggest = (api: ApiProcess, i: number) =>
      fetch(`${api.url}${API_ROUTES.suggestions}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: api.url },
        body: JSON.stringify({ url: `https://youtu.be/REPLICA000${i}` }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (const [i, api] of [a, b, a, b, a, b].entries()) statuses.push(await suggest(api, i));
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
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
