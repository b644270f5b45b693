import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdtempSync, openSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig, DatabaseConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';
import {
  CHECKPOINT_DELAY_MS,
  CHECKPOINT_MAX_DEFER_MS,
  DEFERRED_PAGES_MAX,
  FALLBACK_CHECKPOINT_PAGES,
  WalCheckpoints,
} from './wal-checkpoints';
import { WalIndex } from './wal-index';

const configOf = (database: DatabaseConfig) =>
  ({ get: () => database }) as unknown as ConfigService<AppConfig, true>;

async function open(database: DatabaseConfig): Promise<DataSource> {
  const dataSource = new DataSource({ ...dataSourceOptions(database), entities: [] });
  await dataSource.initialize();
  return dataSource;
}

/** This process's open descriptors of `file`. */
const descriptorsOf = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // the listing's own descriptor, closed by now
    }
  }).length;

/** The rows of `t` in the database file alone, without its write-ahead log (what a checkpoint copied). */
async function rowsInFileAlone(path: string, dir: string): Promise<number> {
  const copy = join(dir, `alone-${Date.now()}.sqlite`);
  copyFileSync(path, copy);
  const alone = await open({ type: 'sqlite', path: copy, embedded: false, seedDemo: false });
  try {
    const [table] = (await alone.query("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 't'")) as {
      n: number;
    }[];
    if (!table?.n) return 0;
    const [row] = (await alone.query('SELECT COUNT(*) AS n FROM t')) as { n: number }[];
    return Number(row?.n);
  } finally {
    await alone.destroy();
  }
}

describe('SQLite synchronous mode', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'friends-sync-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [undefined, 2],
    ['full' as const, 2],
    ['normal' as const, 1],
  ])('SQLITE_SYNCHRONOUS %j runs the connection at synchronous = %j', async (synchronous, level) => {
    const dataSource = await open({
      type: 'sqlite',
      path: join(dir, `${synchronous ?? 'default'}.sqlite`),
      embedded: false,
      seedDemo: false,
      synchronous,
    });
    try {
      const [row] = (await dataSource.query('PRAGMA synchronous')) as { synchronous: number }[];
      expect(row?.synchronous).toBe(level);
      const [mode] = (await dataSource.query('PRAGMA journal_mode')) as { journal_mode: string }[];
      expect(mode?.journal_mode).toBe('wal');
    } finally {
      await dataSource.destroy();
    }
  });
});

describe('WalCheckpoints', () => {
  let dir: string;
  let path: string;
  let dataSource: DataSource;
  let checkpoints: WalCheckpoints;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'friends-wal-'));
    path = join(dir, 'db.sqlite');
    const database: DatabaseConfig = { type: 'sqlite', path, embedded: false, seedDemo: false };
    dataSource = await open(database);
    await dataSource.query('CREATE TABLE t (x TEXT)');
    checkpoints = new WalCheckpoints(dataSource, configOf(database));
    await checkpoints.onApplicationBootstrap();
  });
  afterEach(async () => {
    await checkpoints.onModuleDestroy();
    if (dataSource.isInitialized) await dataSource.destroy();
    checkpoints.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `n` rows of about half a page each, in one commit. */
  const insert = (n: number) =>
    dataSource.query(
      `INSERT INTO t (x) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT hex(randomblob(1000)) FROM n`,
      [n],
    );

  it('leaves the API connection only the fallback checkpoint', async () => {
    const [row] = (await dataSource.query('PRAGMA wal_autocheckpoint')) as { wal_autocheckpoint: number }[];
    expect(row?.wal_autocheckpoint).toBe(FALLBACK_CHECKPOINT_PAGES);
    // Past SQLite's default of 1000 pages, no commit copied the log into the file.
    await insert(3000);
    expect(await rowsInFileAlone(path, dir)).toBe(0);
  });

  it('copies the whole log into the database file on its worker thread', async () => {
    await insert(50);
    const result = await checkpoints.checkpoint();
    expect(result).toMatchObject({ busy: 0 });
    expect(result!.log).toBeGreaterThan(0);
    expect(result!.checkpointed).toBe(result!.log);
    expect(await rowsInFileAlone(path, dir)).toBe(50);
    // A later write and checkpoint reuse the worker.
    await insert(5);
    expect((await checkpoints.checkpoint())!.error).toBeUndefined();
    expect(await rowsInFileAlone(path, dir)).toBe(55);
  });

  it('checkpoints once, a delay after a burst of writes', async () => {
    const asked = jest.spyOn(checkpoints, 'checkpoint');
    jest.useFakeTimers();
    try {
      checkpoints.wrote();
      checkpoints.wrote();
      jest.advanceTimersByTime(CHECKPOINT_DELAY_MS - 1);
      expect(asked).not.toHaveBeenCalled();
      checkpoints.wrote();
      jest.advanceTimersByTime(CHECKPOINT_DELAY_MS - 1);
      expect(asked).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(asked).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(10 * CHECKPOINT_DELAY_MS);
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
    await asked.mock.results[0]!.value;
  });

  it("reads the pages no checkpoint has copied from the log's own index", async () => {
    const index = new WalIndex(path);
    try {
      await checkpoints.checkpoint();
      await insert(1);
      const before = index.uncheckpointedPages()!;
      await insert(50);
      const pages = index.uncheckpointedPages()!;
      expect(pages).toBeGreaterThan(before + 20);
      // The first write after a whole checkpoint started the log again: its pages are all it holds.
      const result = (await checkpoints.checkpoint())!;
      expect(result.log).toBe(pages);
      expect(index.uncheckpointedPages()).toBe(0);
    } finally {
      index.close();
    }
    const none = new WalIndex(join(dir, 'none.sqlite'));
    expect(none.uncheckpointedPages()).toBeUndefined();
    none.close();
  });

  describe("the process's locks on the log's index", () => {
    /** Opens the database in another process, as a replica or the network analysis does, and reads. */
    const openElsewhere = () =>
      execFileSync(process.execPath, [
        '-e',
        `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
         const db = new D(${JSON.stringify(path)}); db.prepare('SELECT COUNT(*) FROM t').get(); db.close();`,
      ]);
    /**
     * A process that finds nobody's lock on the index takes it for abandoned: it truncates and rebuilds
     * it from the log, which resets the checkpoint's progress (the whole log reads as not copied) and,
     * under a live connection's mapping of the index, is a bus error. Unlocked only while none of this
     * process's locks remain.
     */
    async function rebuiltElsewhere(index: WalIndex): Promise<boolean> {
      await insert(20);
      await dataSource.query('PRAGMA wal_checkpoint(PASSIVE)');
      expect(index.uncheckpointedPages()).toBe(0);
      openElsewhere();
      return index.uncheckpointedPages()! > 0;
    }

    it('stay while one of several readers of the index lets go of it', async () => {
      const index = new WalIndex(path);
      const other = new WalIndex(path);
      try {
        other.uncheckpointedPages();
        other.close();
        expect(await rebuiltElsewhere(index)).toBe(false);
      } finally {
        index.close();
      }
    });

    it('are lost when any descriptor of the index closes (why the descriptor is shared)', async () => {
      const index = new WalIndex(path);
      try {
        closeSync(openSync(`${path}-shm`, 'r'));
        expect(await rebuiltElsewhere(index)).toBe(true);
      } finally {
        index.close();
      }
    });

    it('stay until the connection is closed: the service lets go of the index only then', async () => {
      await insert(1);
      checkpoints.wrote(); // the service reads the index
      await checkpoints.onModuleDestroy();
      checkpoints.onApplicationShutdown(); // before TypeORM closed the connection: too early
      const index = new WalIndex(path);
      try {
        expect(await rebuiltElsewhere(index)).toBe(false);
      } finally {
        index.close();
      }
      await dataSource.destroy();
      checkpoints.onApplicationShutdown();
      expect(descriptorsOf(`${path}-shm`)).toBe(0);
    });
  });

  it('checkpoints a run of writes with no pause as soon as its log holds DEFERRED_PAGES_MAX pages', async () => {
    const asked = jest.spyOn(checkpoints, 'checkpoint');
    const index = new WalIndex(path);
    try {
      // About 100 pages a write, one after another: no delay has passed when the pages are reached.
      let pages = 0;
      while (asked.mock.calls.length === 0 && pages < 2 * DEFERRED_PAGES_MAX) {
        await insert(200);
        pages = index.uncheckpointedPages()!;
        checkpoints.wrote();
        if (asked.mock.calls.length === 0) expect(pages).toBeLessThan(DEFERRED_PAGES_MAX);
      }
      expect(asked).toHaveBeenCalledTimes(1);
      expect(pages).toBeGreaterThanOrEqual(DEFERRED_PAGES_MAX);
      expect(await asked.mock.results[0]!.value).toMatchObject({ busy: 0 });
      expect(index.uncheckpointedPages()).toBe(0);
    } finally {
      index.close();
    }
  });

  it('checkpoints a run of small writes at most seconds after its first, and a pause ends a run', async () => {
    const asked = jest.spyOn(checkpoints, 'checkpoint');
    const writeFor = (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 100) {
        checkpoints.wrote();
        jest.advanceTimersByTime(100);
      }
    };
    jest.useFakeTimers();
    try {
      writeFor(CHECKPOINT_MAX_DEFER_MS - 200);
      expect(asked).not.toHaveBeenCalled();
      writeFor(300);
      expect(asked).toHaveBeenCalledTimes(1);
      writeFor(300);
      jest.advanceTimersByTime(CHECKPOINT_DELAY_MS - 101);
      expect(asked).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
    await Promise.all(asked.mock.results.map((result) => result.value as unknown));
  });

  it('does nothing after shutdown, nor for an in-memory database', async () => {
    await checkpoints.onModuleDestroy();
    expect(await checkpoints.checkpoint()).toBeNull();
    const memory: DatabaseConfig = { type: 'sqlite', path: ':memory:', embedded: false, seedDemo: false };
    const inMemory = await open(memory);
    try {
      const none = new WalCheckpoints(inMemory, configOf(memory));
      await none.onApplicationBootstrap();
      none.wrote();
      expect(await none.checkpoint()).toBeNull();
      await none.onModuleDestroy();
    } finally {
      await inMemory.destroy();
    }
  });
});
