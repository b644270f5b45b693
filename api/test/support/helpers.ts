import {
  API_ROUTES,
  HISTORY_ROUTES,
  type CreatorInput,
  type SavedCreator,
  type Video,
  type VideoInput,
} from '@friends/shared';
import { DataSource } from 'typeorm';
import type { TestContext } from './test-app';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Requests carrying the admin session cookie. */
export function admin(t: TestContext) {
  const call = (method: Method) => (url: string) => t.http()[method](url).set('Cookie', t.cookie);
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
  };
}

export async function createCreator(t: TestContext, input: CreatorInput | string): Promise<SavedCreator> {
  const body = typeof input === 'string' ? { name: input } : input;
  const response = await admin(t).post(API_ROUTES.creators).send(body);
  if (response.status !== 201) throw new Error(`create creator: ${response.status} ${response.text}`);
  return response.body as SavedCreator;
}

/** Undoes the newest history entry as the admin (expects 200). */
export async function undoLatest(t: TestContext): Promise<void> {
  const history = await admin(t).get(HISTORY_ROUTES.history).query({ limit: 1 }).expect(200);
  await admin(t)
    .post(HISTORY_ROUTES.undo((history.body.items[0] as { id: number }).id))
    .expect(200);
}

export async function createVideo(
  t: TestContext,
  input: Partial<VideoInput> & { authorIds: number[] },
): Promise<Video> {
  const response = await admin(t)
    .post(API_ROUTES.videos)
    .send({ title: 'A video', ...input });
  if (response.status !== 201) throw new Error(`create video: ${response.status} ${response.text}`);
  return response.body as Video;
}

/**
 * Tables a request may change without changing what the database says, left out of snapshots:
 * - login_limits: the login and suggestion limits count attempts, refused ones on purpose;
 * - read_limits: the public read limit counts every read, per address or API key;
 * - leases: a read of the network analysis may take (and release) the analysis lease;
 * - network_runs, network_communities, network_members: the analysis's stored results, derived from
 *   the catalogue and written by its child process at its own time, after whichever read asked first;
 * - FTS5's own pages (FTS5_PAGES): the search indexes' storage, laid out anew by the merges the API
 *   runs in pauses (their content is the keys tables', which are read).
 */
const BOOKKEEPING = new Set([
  'login_limits',
  'read_limits',
  'leases',
  'network_runs',
  'network_communities',
  'network_members',
]);

/** SQLite's FTS5 shadow tables (`<index>_data`, `_idx`, `_docsize`, `_config`, `_content`). */
const FTS5_PAGES = /^(creator_search_docs|video_title_fts|video_title_shorts)_[a-z]+$/;

/** Columns that move on reads: a session's expiry slides each time the admin uses it. */
const SLIDING: Record<string, string[]> = { admin_sessions: ['expires_at'] };

/** The tables a snapshot reads, found once per database: the schema is migrated before any test. */
const tablesOf = new WeakMap<DataSource, Promise<string[]>>();

function tableNames(t: TestContext): Promise<string[]> {
  const dataSource = t.app.get(DataSource);
  let names = tablesOf.get(dataSource);
  if (!names) {
    names = findTableNames(t, dataSource);
    tablesOf.set(dataSource, names);
  }
  return names;
}

async function findTableNames(t: TestContext, dataSource: DataSource): Promise<string[]> {
  const found =
    // By the app's own database: some suites run SQLite whatever TEST_DB says.
    dataSource.options.type === 'better-sqlite3'
      ? await t.query<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'",
        )
      : await t.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
        );
  return found
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.has(name) && !FTS5_PAGES.test(name))
    .sort();
}

const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value);
const sortKey = (row: Record<string, unknown>): string =>
  JSON.stringify(row, (_, value: unknown) => plain(value));

/**
 * A row as a snapshot holds it: without its sliding columns, bigints as numbers. Most rows have
 * neither and are kept as they came (with their plain JSON as the sort key): the hostile-input suite
 * takes a snapshot after each of ~5,000 requests, and copying every row cost it a minute.
 */
function snapshotRow(table: string, row: Record<string, unknown>): [string, Record<string, unknown>] {
  const sliding = SLIDING[table];
  if (!sliding && !Object.values(row).some((value) => typeof value === 'bigint'))
    return [JSON.stringify(row), row];
  const copy = Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !sliding?.includes(column))
      .map(([column, value]) => [column, plain(value)]),
  );
  return [sortKey(copy), copy];
}

async function readTables(t: TestContext, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    result[table] = (await t.query(`SELECT * FROM ${table}`))
      // SQLite's AUTOINCREMENT counters: the bookkeeping tables' move with them.
      .filter((row) => table !== 'sqlite_sequence' || !BOOKKEEPING.has(String(row.name)))
      .map((row) => snapshotRow(table, row))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
  return result;
}

/**
 * What tells a snapshot whether its watched tables may have changed since their last full read: a mark
 * that moves whenever they might have. The other tables (sliding columns, SQLite's virtual tables and
 * counters) are read every time.
 */
interface ChangeWatch {
  watched: readonly string[];
  /** The snapshot's other tables. */
  unwatched: readonly string[];
  mark: () => Promise<string>;
}

const watchOf = (tables: readonly string[], watched: readonly string[], mark: ChangeWatch['mark']) => ({
  watched,
  unwatched: tables.filter((table) => !watched.includes(table)),
  mark,
});

const watches = new WeakMap<DataSource, Promise<ChangeWatch | null>>();
/** The last full read of each database's watched tables, with the mark it was read under. */
const lastRead = new WeakMap<DataSource, { mark: string; rows: Record<string, unknown[]> }>();

/**
 * MySQL/MariaDB: one CHECKSUM TABLE over the tables without sliding columns (a read moves those).
 */
function checksumWatch(t: TestContext, tables: readonly string[]): ChangeWatch {
  const watched = tables.filter((table) => !SLIDING[table]);
  return watchOf(tables, watched, async () =>
    (await t.query<{ Table: string; Checksum: unknown }>(`CHECKSUM TABLE ${watched.join(', ')}`))
      .map((row) => `${row.Table}=${String(row.Checksum)}`)
      .join(' '),
  );
}

/** The temporary table SQLite's triggers count writes in (on the API's connection only). */
const WRITES = 'snapshot_writes';

/**
 * SQLite: the tests share the API's one connection, so temporary triggers on it (which nothing else
 * sees) count every row it inserts, updates or deletes in a watched table (a rolled-back write takes
 * its count back with it), and `PRAGMA data_version` moves when any other connection commits. Virtual
 * tables take no triggers and `sqlite_sequence` is SQLite's own, so both are read every time. Without
 * the triggers (a connection refusing writes), every table is read every time.
 */
async function triggerWatch(t: TestContext, tables: readonly string[]): Promise<ChangeWatch | null> {
  const virtual = new Set(
    (
      await t.query<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
      )
    ).map((row) => row.name),
  );
  const watched = tables.filter(
    (table) => !SLIDING[table] && !virtual.has(table) && table !== 'sqlite_sequence',
  );
  try {
    await t.query(`CREATE TEMP TABLE IF NOT EXISTS ${WRITES} (n INTEGER NOT NULL)`);
    await t.query(`INSERT INTO temp.${WRITES} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.${WRITES})`);
    for (const table of watched)
      for (const kind of ['INSERT', 'UPDATE', 'DELETE'])
        await t.query(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${WRITES}_${table}_${kind.toLowerCase()} AFTER ${kind} ` +
            `ON main.${table} BEGIN UPDATE ${WRITES} SET n = n + 1; END`,
        );
  } catch {
    return null;
  }
  return watchOf(tables, watched, async () => {
    const [row] = await t.query<{ n: number; version: number }>(
      `SELECT n, (SELECT data_version FROM pragma_data_version) AS version FROM temp.${WRITES}`,
    );
    return `${row?.n}/${row?.version}`;
  });
}

/**
 * Everything the database holds, to assert that a rejected request changed nothing: every table the
 * schema has (found at run time, so a new table is covered without a change here) except the
 * bookkeeping above, each table's rows in a fixed order.
 *
 * The hostile-input suite takes a snapshot after each of ~5,000 requests: reading every table each
 * time cost minutes of CPU. So the tables a change watch covers are read in full only when its mark has
 * moved since their last full read.
 */
export async function snapshot(t: TestContext): Promise<Record<string, unknown[]>> {
  const dataSource = t.app.get(DataSource);
  const tables = await tableNames(t);
  let watch = watches.get(dataSource);
  if (!watch) {
    watch =
      dataSource.options.type === 'better-sqlite3'
        ? triggerWatch(t, tables)
        : Promise.resolve(checksumWatch(t, tables));
    watches.set(dataSource, watch);
  }
  const change = await watch;
  if (!change) return readTables(t, tables);
  const mark = await change.mark().catch(() => null);
  const last = lastRead.get(dataSource);
  const rows = mark !== null && last?.mark === mark ? last.rows : await readTables(t, change.watched);
  if (mark === null) lastRead.delete(dataSource);
  else lastRead.set(dataSource, { mark, rows });
  return { ...rows, ...(await readTables(t, change.unwatched)) };
}

/**
 * The data of a snapshot: what a change and its Undo leave as they found it. Without the tables that
 * record the change itself (the history, where the Undo is an entry too; the write sequence and the
 * table versions, which only move forward) and SQLite's AUTOINCREMENT counters (an id is never
 * reused). The name-search keys are derived from the names and written anew, so their row ids differ.
 */
/** The name-search index's row ids: written anew from the names, so they differ after an Undo. */
const DERIVED_IDS: Record<string, readonly string[]> = {
  creator_search_keys: ['id'],
  creator_search_grams: ['key_id'],
};

export function dataOf(rows: Record<string, unknown[]>): Record<string, unknown[]> {
  const records = new Set([
    'history',
    'history_rows',
    'history_entities',
    'data_version',
    'answer_versions',
    'sqlite_sequence',
  ]);
  const without = (list: unknown[], columns: readonly string[]) =>
    list
      .map((row) =>
        Object.fromEntries(Object.entries(row as object).filter(([column]) => !columns.includes(column))),
      )
      .map((row) => [sortKey(row), row] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([table]) => !records.has(table))
      .map(([table, list]) => [table, DERIVED_IDS[table] ? without(list, DERIVED_IDS[table]) : list]),
  );
}

/** Every answer that is an error must be JSON `{ error: string }` and nothing else. */
export function expectErrorBody(body: unknown): void {
  expect(body).toEqual({ error: expect.any(String) });
  expect((body as { error: string }).error.length).toBeGreaterThan(0);
}

/** Waits for the next minute when the current one ends within `needMs` (rate limits count per minute). */
export async function freshWindow(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
