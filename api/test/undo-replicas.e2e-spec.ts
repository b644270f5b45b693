/**
 * Two API processes on one database (on MariaDB, or on one SQLite file with TEST_DB=sqlite) undoing the
 * same history entry at the same moment: one succeeds, every other answers 409, and the change is taken
 * back exactly once (docs/architecture.md "Architecture rules", history).
 */
import {
  API_ROUTES,
  HISTORY_MESSAGES,
  HISTORY_ROUTES,
  type HistoryItem,
  type HistoryPage,
} from '@friends/shared';
import { startApiProcess, type ApiProcess } from './support/api-process';
import { freshDatabase } from './support/test-app';

jest.setTimeout(120_000);

let a: ApiProcess;
let b: ApiProcess;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  // One after the other: the first applies the migrations.
  a = await startApiProcess(db.url);
  cleanups.push(a.stop);
  b = await startApiProcess(db.url);
  cleanups.push(b.stop);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function send(api: ApiProcess, method: string, path: string, body: unknown = {}) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: await api.adminHeaders(),
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function history(api: ApiProcess): Promise<HistoryItem[]> {
  const res = await send(api, 'GET', `${HISTORY_ROUTES.history}?limit=200`);
  expect(res.status).toBe(200);
  return (res.body as unknown as HistoryPage).items;
}

describe('POST /api/history/:id/undo on two replicas at once', () => {
  it.each([
    ['a creator added', 'Replica Undo One'],
    ['a creator with a video', 'Replica Undo Two'],
    ['a merge', 'Replica Undo Three'],
  ])('of %s: one succeeds, the others get 409, and it is undone once', async (what, name) => {
    const made = await send(a, 'POST', API_ROUTES.creators, { name });
    expect(made.status).toBe(201);
    const id = Number(made.body.id);
    if (what === 'a creator with a video') {
      expect(
        (await send(b, 'POST', API_ROUTES.videos, { title: `${name} video`, authorIds: [id] })).status,
      ).toBe(201);
    } else if (what === 'a merge') {
      const other = await send(b, 'POST', API_ROUTES.creators, { name: `${name} other` });
      expect(other.status).toBe(201);
      const merged = await send(a, 'PATCH', API_ROUTES.creators, {
        primaryId: id,
        mergeIds: [other.body.id],
      });
      expect(merged.status).toBe(200);
    }
    const [entry] = await history(b);
    const before = await send(a, 'GET', API_ROUTES.creators);

    const answers = await Promise.all(
      [a, b, a, b].map((api) => send(api, 'POST', HISTORY_ROUTES.undo(entry!.id))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const loser of answers.filter((r) => r.status === 409))
      expect(loser.body).toEqual({ error: HISTORY_MESSAGES.alreadyUndone });

    const undos = (await history(a)).filter((e) => e.undoes === entry!.id);
    expect(undos).toHaveLength(1);
    const after = await send(b, 'GET', API_ROUTES.creators);
    expect(after.status).toBe(200);
    expect(after.body).not.toEqual(before.body);
  });
});
