/**
 * `npm run test:soak` (CI runs it after `npm test`): the production server
 * (`node api/dist/main.js`, built by the script first) under a mixed read/write load of 50 connections
 * for 30 s, on SQLite and on MariaDB: no connection error, no 5xx, and afterwards the database holds
 * exactly what the answers said. Then MariaDB is stopped for 5 s under the same load: meanwhile the API
 * answers 503 `{ error }` (and /api/ready 503), never anything worse, and within 5 s of the database's
 * return it answers again by itself, without a restart. Figures go to the console and to
 * node_modules/.cache/friends-soak.json for the README.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_ROUTES, BACKUP_ROUTES, type BackupData } from '@friends/shared';
import { createConnection } from 'mysql2/promise';
import { startApiProcess, sleep, type ApiProcess } from '../support/api-process';
import { launchMariadbd, startMariadb, stopMariadb, type RunningMariadb } from '../support/mariadb-server';
import { mixedLoad, type LoadReport, type RequestResult, type WriteLog } from './mixed-load';

const REPO = resolve(__dirname, '../../..');
const MAIN = join(REPO, 'api/dist/main.js');
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const DURATION_MS = Number(process.env.SOAK_SECONDS ?? 30) * 1000;
const FIGURES = join(REPO, 'node_modules/.cache/friends-soak.json');

jest.setTimeout(300_000);

const figures: Record<string, unknown> = {};
let mariadb: RunningMariadb | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  readFileSync(MAIN); // fails with ENOENT when the build is missing: run `npm run test:soak`, which builds
  mariadb = await startMariadb();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (mariadb) stopMariadb(mariadb);
  mkdirSync(join(REPO, 'node_modules/.cache'), { recursive: true });
  writeFileSync(FIGURES, `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
});

async function mariadbDatabase(name: string): Promise<string> {
  const c = await createConnection(mariadb!.url);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await c.end();
  return `${mariadb!.url}/${name}`;
}

async function start(databaseUrl: string): Promise<ApiProcess> {
  const api = await startApiProcess(databaseUrl, { SEED_DEMO: 'true', LOG_LEVEL: 'error' }, MAIN);
  cleanups.push(api.stop);
  return api;
}

async function exportOf(api: ApiProcess): Promise<BackupData> {
  const res = await fetch(`${api.url}${BACKUP_ROUTES.backup}`, { headers: await api.adminHeaders() });
  expect(res.status).toBe(200);
  return (await res.json()) as BackupData;
}

async function standingCreator(api: ApiProcess): Promise<number> {
  const res = await fetch(`${api.url}${API_ROUTES.creators}`, {
    method: 'POST',
    headers: await api.adminHeaders(),
    body: JSON.stringify({ name: 'Soak Standing Creator' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const summary = (r: LoadReport) => ({
  connections: CONNECTIONS,
  seconds: Math.round(r.durationMs / 100) / 10,
  requests: r.requests,
  requestsPerSecond: Math.round(r.requestsPerSecond),
  byStatus: r.byStatus,
  errors: r.errors,
  fiveXx: r.fiveXx,
  latencyMs: Object.fromEntries(Object.entries(r.latency).map(([k, v]) => [k, Math.round(v * 10) / 10])),
  creatorsCreated: r.writes.createdCreators.size,
  creatorsDeleted: r.writes.deletedCreators.size,
  videosCreated: r.writes.createdVideos.size,
  videosDeleted: r.writes.deletedVideos.size,
});

/**
 * The database against the answers: `strict` when every write was answered (each 201 present unless its
 * 200 DELETE came, nothing else new); otherwise writes answered 503 may or may not have happened.
 */
function expectMatches(before: BackupData, after: BackupData, writes: WriteLog, strict: boolean): void {
  const beforeIds = new Set(before.creators.map((c) => c.id));
  const present = new Map(after.creators.map((c) => [c.id, c.name]));
  const created = [...writes.createdCreators.values()];
  const surviving = created.filter((id) => !writes.deletedCreators.has(id));
  for (const id of surviving)
    if (!writes.uncertainDeletes.has(`creator ${id}`))
      expect(present.has(id) ? id : `missing ${id}`).toBe(id);
  for (const id of writes.deletedCreators) expect(present.has(id) ? `still there ${id}` : id).toBe(id);
  const unexplained = after.creators.filter(
    (c) =>
      !beforeIds.has(c.id) &&
      !writes.createdCreators.has(c.name) &&
      !(!strict && writes.uncertainCreators.has(c.name)),
  );
  expect(unexplained).toEqual([]);
  if (strict) {
    expect(after.creators.length).toBe(before.creators.length + created.length - writes.deletedCreators.size);
    expect(after.videos.length).toBe(
      before.videos.length + writes.createdVideos.size - writes.deletedVideos.size,
    );
  }
  const videos = new Map(after.videos.map((v) => [v.id, v]));
  for (const [id, authorIds] of writes.createdVideos) {
    if (writes.deletedVideos.has(id)) {
      expect(videos.has(id) ? `still there ${id}` : id).toBe(id);
      continue;
    }
    if (writes.uncertainDeletes.has(`video ${id}`)) continue;
    const video = videos.get(id);
    // A deleted creator leaves the video, without itself; an uncertain delete may have done so or not.
    const expected = authorIds.filter((a) => !writes.deletedCreators.has(a));
    const possible = [expected, authorIds];
    expect(video && possible.some((p) => JSON.stringify(p) === JSON.stringify(video.authorIds))).toBe(true);
    if (strict) expect(video?.authorIds).toEqual(expected);
  }
  const ids = new Set(after.creators.map((c) => c.id));
  for (const video of after.videos) for (const a of video.authorIds) expect(ids.has(a)).toBe(true);
}

describe.each(['sqlite', 'mariadb'] as const)('load on %s', (engine) => {
  it(`${CONNECTIONS} connections for ${DURATION_MS / 1000} s of mixed reads and writes: no error, no 5xx, the data as answered`, async () => {
    let url: string;
    if (engine === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'friends-soak-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      url = `sqlite:${join(dir, 'soak.sqlite')}`;
    } else url = await mariadbDatabase('friends_soak_load');
    const api = await start(url);
    const standing = await standingCreator(api);
    const before = await exportOf(api);
    const report = await mixedLoad({
      url: api.url,
      headers: await api.adminHeaders(),
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      standingCreatorId: standing,
    });
    figures[`load ${engine}`] = summary(report);
    expect(report.samples).toEqual([]);
    expect({ errors: report.errors, fiveXx: report.fiveXx, non2xx: report.non2xx }).toEqual({
      errors: 0,
      fiveXx: 0,
      non2xx: 0,
    });
    expect(report.writes.createdCreators.size).toBeGreaterThan(100);
    expectMatches(before, await exportOf(api), report.writes, true);
  });
});

describe('MariaDB stopped under load', () => {
  it('answers 503 { error } meanwhile, and by itself again within 5 s of the database coming back', async () => {
    const api = await start(await mariadbDatabase('friends_soak_fault'));
    const standing = await standingCreator(api);
    const before = await exportOf(api);
    const port = Number(new URL(mariadb!.url).port);
    const t0 = Date.now();
    const timeline: RequestResult[] = [];
    const ready: { at: number; status: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const status = await fetch(`${api.url}${API_ROUTES.ready}`).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        ready.push({ at: Date.now(), status });
        await sleep(100);
      }
    })();
    const load = mixedLoad({
      url: api.url,
      headers: await api.adminHeaders(),
      connections: CONNECTIONS,
      durationMs: 20_000,
      standingCreatorId: standing,
      onResult: (r) => timeline.push(r),
    });

    await sleep(5000);
    process.kill(mariadb!.pid, 'SIGTERM');
    for (;;) {
      try {
        process.kill(mariadb!.pid, 0);
        await sleep(50);
      } catch {
        break;
      }
    }
    const down = Date.now();
    await sleep(5000);
    // The API may reach the new server between its first listen and this test's own connection, so a
    // ready answer is held to 503 only until the relaunch starts.
    const relaunched = Date.now();
    const server = launchMariadbd(mariadb!.dir, port);
    mariadb!.pid = server.pid ?? 0;
    for (;;) {
      try {
        const c = await createConnection(mariadb!.url);
        await c.end();
        break;
      } catch {
        await sleep(20);
      }
    }
    const back = Date.now();
    const report = await load;
    polling = false;
    await poller;

    const firstReady = ready.find((r) => r.at > back && r.status === 200);
    const firstWrite = timeline.find((r) => r.at > back && r.kind.startsWith('create') && r.status === 201);
    const during = timeline.filter((r) => r.at > down + 500 && r.at + r.ms < back);
    const readyWhileDown = ready.filter((r) => r.at > down + 500 && r.at < relaunched);
    figures['mariadb stop'] = {
      ...summary(report),
      downMs: back - down,
      stoppedAtMs: down - t0,
      answersWhileDown: during.length,
      statusesWhileDown: during.reduce<Record<string, number>>(
        (acc, r) => ({ ...acc, [r.status || 'error']: (acc[r.status || 'error'] ?? 0) + 1 }),
        {},
      ),
      readyWhileDown: [...new Set(readyWhileDown.map((r) => r.status))],
      readyAgainAfterMs: firstReady ? firstReady.at - back : null,
      firstWriteAgainAfterMs: firstWrite ? firstWrite.at + firstWrite.ms - back : null,
    };

    // Never a connection error or a 500: only successes and 503 { error }.
    expect(report.errors).toBe(0);
    const bad = timeline.filter((r) => !(r.status >= 200 && r.status < 300) && r.status !== 503);
    expect(bad.slice(0, 5)).toEqual([]);
    for (const r of timeline.filter((x) => x.status === 503))
      expect(r.body).toEqual({ error: expect.any(String) });
    expect(during.some((r) => r.status === 503)).toBe(true);
    expect(readyWhileDown.every((r) => r.status === 503)).toBe(true);
    expect(firstReady!.at - back).toBeLessThanOrEqual(5000);
    expect(firstWrite!.at + firstWrite!.ms - back).toBeLessThanOrEqual(5000);
    expectMatches(before, await exportOf(api), report.writes, false);
  });
});
