import { API_ROUTES, INSIGHTS_ROUTES, type Bridge, type Communities, type Creator } from '@friends/shared';
import { releaseLease, takeLease } from '../src/database/leases';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { ensureApiBuild, startApiProcess, type ApiProcess } from './support/api-process';
import { admin } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * The network analysis with two replicas on one database (docs/architecture.md "Insights"): the lease
 * lets one of them at a time compute, each change is analysed once, and both serve the stored result.
 */
jest.setTimeout(90_000);

/** Replica `a` runs in this process (its database is queried directly), `b` as its own process. */
let a: TestContext;
let b: ApiProcess;

beforeAll(async () => {
  ensureApiBuild(); // compiles the API for `b` unless up to date, before the app in this process starts
  a = await startTestApp();
  b = await startApiProcess(a.databaseUrl);
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await a?.close();
});

/** The replicas as HTTP clients. */
interface Replica {
  get<T>(path: string): Promise<T>;
  send(method: 'post' | 'put', path: string, body: object): Promise<{ status: number; body: unknown }>;
}
const onA: Replica = {
  get: async <T>(path: string) => (await a.http().get(path).expect(200)).body as T,
  send: async (method, path, body) => {
    const response = await admin(a)[method](path).send(body);
    return { status: response.status, body: response.body as unknown };
  },
};
const onB: Replica = {
  get: async <T>(path: string) => {
    const response = await fetch(`${b.url}${path}`);
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  },
  send: async (method, path, body) => {
    const response = await fetch(`${b.url}${path}`, {
      method: method.toUpperCase(),
      headers: await b.adminHeaders(),
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  },
};

/** Polls until `check` passes. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 40_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the lease', () => {
  // On SQLite the writes of one replica run one at a time (TransactionRunner), on MariaDB side by side
  // in the pool: either way, one UPDATE decides.
  const lease = (work: Parameters<TransactionRunner['write']>[0]) =>
    a.app.get(TransactionRunner).write(work, { affectsAnswers: false });

  it('goes to one of many racing holders, is renewed by it, and freed by release or expiry', async () => {
    await a.query("INSERT INTO leases (name, holder, expires_at) VALUES ('test-lease', '', 0)");
    const holders = Array.from({ length: 8 }, (_, i) => `holder-${i}`);
    const taken = await Promise.all(
      holders.map((holder) => lease((manager) => takeLease(manager, 'test-lease', holder, 60_000))),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = holders[taken.indexOf(true)]!;
    const loser = holders.find((holder) => holder !== winner)!;
    const [row] = await a.query<{ holder: string }>("SELECT holder FROM leases WHERE name = 'test-lease'");
    expect(row!.holder).toBe(winner);

    expect(await lease((manager) => takeLease(manager, 'test-lease', winner, 60_000))).toBe(true);
    expect(await lease((manager) => takeLease(manager, 'test-lease', loser, 60_000))).toBe(false);
    // A minute and a half later the renewed lease has expired: anyone may take it.
    const later = Date.now() + 90_000;
    expect(await lease((manager) => takeLease(manager, 'test-lease', loser, 60_000, later))).toBe(true);
    expect(await lease((manager) => takeLease(manager, 'test-lease', winner, 60_000, later))).toBe(false);

    await lease((manager) => releaseLease(manager, 'test-lease', winner)); // not the holder: no effect
    expect(await lease((manager) => takeLease(manager, 'test-lease', winner, 60_000))).toBe(false);
    await lease((manager) => releaseLease(manager, 'test-lease', loser));
    expect(await lease((manager) => takeLease(manager, 'test-lease', winner, 60_000))).toBe(true);
  });
});

describe('communities and bridges on two replicas', () => {
  it('are computed once per change, by one replica, and served alike by both', async () => {
    const people: Record<string, Creator> = {};
    for (const [index, name] of ['Ada', 'Abe', 'Amy', 'Bea', 'Ben', 'Bix', 'Xen'].entries()) {
      const created = await (index % 2 ? onB : onA).send('post', API_ROUTES.creators, { name });
      expect(created.status).toBe(201);
      people[name] = created.body as Creator;
    }
    const together = async (replica: Replica, ...names: string[]) => {
      const created = await replica.send('post', API_ROUTES.videos, {
        title: names.join(' & '),
        authorIds: names.map((name) => people[name]!.id),
      });
      expect(created.status).toBe(201);
    };
    await together(onA, 'Ada', 'Abe');
    await together(onB, 'Abe', 'Amy');
    await together(onA, 'Ada', 'Amy');
    await together(onB, 'Bea', 'Ben');
    await together(onA, 'Ben', 'Bix');
    await together(onB, 'Bea', 'Bix');
    await together(onA, 'Amy', 'Xen');
    await together(onB, 'Xen', 'Bea');

    // Xen joins the two circles once the last video is analysed; both replicas then serve that run.
    const bridgesOn = (replica: Replica) => replica.get<Bridge[]>(INSIGHTS_ROUTES.bridges(1));
    const settled = (replica: Replica) =>
      eventually(
        () => bridgesOn(replica),
        (answer) => answer[0]?.id === people.Xen!.id,
      );
    const [bridgesA, bridgesB] = await Promise.all([settled(onA), settled(onB)]);
    expect(bridgesA).toEqual([{ id: people.Xen!.id, name: 'Xen', score: 0.6 }]); // 9 of the 15 pairs
    expect(bridgesB).toEqual(bridgesA);
    const fromA = await onA.get<Communities>(INSIGHTS_ROUTES.communities);
    expect(fromA.communities.flatMap((community) => community.members.map((m) => m.id)).sort()).toEqual(
      Object.values(people)
        .map((creator) => creator.id)
        .sort(),
    );
    expect(await onB.get<Communities>(INSIGHTS_ROUTES.communities)).toEqual(fromA);

    // Both replicas saw every change; the lease let one analyse each state of the data, never both.
    const runs = await a.query<{ inputs: string; holder: string; finished_at: unknown }>(
      'SELECT inputs, holder, finished_at FROM network_runs ORDER BY id',
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.finished_at !== null)).toBe(true);
    expect(new Set(runs.map((run) => run.inputs)).size).toBe(runs.length);
  });

  it('shows a rename made on one replica on the other after the next analysis', async () => {
    const [xen] = await a.query<{ id: number }>("SELECT id FROM creators WHERE name = 'Xen'");
    const response = await onB.send('put', API_ROUTES.creators, { id: Number(xen!.id), name: 'Xena' });
    expect(response.status).toBe(200);
    const bridges = await eventually(
      () => onA.get<Bridge[]>(INSIGHTS_ROUTES.bridges(1)),
      (answer) => answer[0]?.name === 'Xena',
    );
    expect(bridges[0]).toMatchObject({ id: Number(xen!.id), name: 'Xena' });
  });
});
