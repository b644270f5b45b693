import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { AggregateCache } from './aggregate-cache.service';
import { AnswerInvalidation } from './answer-invalidation';
import { dataSourceOptions } from './data-source-options';
import { readAnswerVersions } from './data-version';
import { ENTITIES } from './entities';
import { TransactionRunner } from './transaction-runner.service';

/** A second connection to the file, as another process has one (better-sqlite3 ships no types). */
interface OtherConnection {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = require('better-sqlite3') as new (
  path: string,
  options: { timeout: number },
) => OtherConnection;

/** docs/architecture.md "Known traps": better-sqlite3 under TypeORM has one connection. */
describe('TransactionRunner on SQLite', () => {
  let dir: string;
  let dataSource: DataSource;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'friends-runner-'));
    const options = dataSourceOptions({
      type: 'sqlite',
      path: join(dir, 'db.sqlite'),
      embedded: false,
      seedDemo: false,
    });
    dataSource = new DataSource({ ...options, entities: ENTITIES, migrationsRun: true });
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (manager: import('typeorm').EntityManager, i: number) =>
    manager
      .query('INSERT INTO suggestions (url, submitted_at) VALUES (?, ?)', [`https://e.com/${i}`, 'now'])
      .then(() => new Promise((resolve) => setTimeout(resolve, 1)))
      .then(() =>
        manager.query('INSERT INTO suggestions (url, submitted_at) VALUES (?, ?)', [
          `https://e.com/${i}b`,
          'now',
        ]),
      );

  it('runs 20 concurrent write transactions one after another: all commit, none half-written', async () => {
    const runner = new TransactionRunner(dataSource, new AggregateCache());
    await Promise.all(Array.from({ length: 20 }, (_, i) => runner.write((manager) => write(manager, i))));
    const [row] = (await dataSource.query('SELECT COUNT(*) AS n FROM suggestions')) as { n: number }[];
    expect(Number(row?.n)).toBe(40);
  });

  it.each([[{}], [{ affectsAnswers: false }]])(
    'holds the write lock from its first statement (%j): another process cannot commit in between',
    async (options) => {
      const runner = new TransactionRunner(dataSource, new AggregateCache());
      const other = new Database(join(dir, 'db.sqlite'), { timeout: 0 });
      try {
        const url = `https://e.com/race-${JSON.stringify(options)}`;
        await runner.write(async (manager) => {
          await manager.query('SELECT COUNT(*) AS n FROM suggestions');
          // Another process's write now finds the file locked rather than moving ours past its read.
          expect(() =>
            other
              .prepare('INSERT INTO suggestions (url, submitted_at) VALUES (?, ?)')
              .run(`${url}-other`, 'now'),
          ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
          await manager.query('INSERT INTO suggestions (url, submitted_at) VALUES (?, ?)', [url, 'now']);
        }, options);
        const found = (await dataSource.query('SELECT url FROM suggestions WHERE url LIKE ?', [
          `${url}%`,
        ])) as {
          url: string;
        }[];
        expect(found.map((row) => row.url)).toEqual([url]);
      } finally {
        other.close();
      }
    },
  );

  it('rolls a failed transaction back entirely and keeps going', async () => {
    const runner = new TransactionRunner(dataSource, new AggregateCache());
    const count = async () =>
      Number(((await dataSource.query('SELECT COUNT(*) AS n FROM suggestions')) as { n: number }[])[0]?.n);
    const before = await count();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        runner.write(async (manager) => {
          await write(manager, 100 + i);
          if (i % 2) throw new Error('abort');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
    expect((await count()) - before).toBe(10); // 5 committed transactions of 2 rows each
  });

  it('stamps the tables a committed write changed, not a rolled-back one, and drops only their answers', async () => {
    const cache = new AggregateCache();
    const runner = new TransactionRunner(dataSource, cache);
    const versions = async () => new Map(await readAnswerVersions(dataSource.manager));
    cache.observe(await versions()); // as the first poll does
    let computed = 0;
    const catalogue = () => cache.json('catalogue', async () => ++computed); // reads no suggestion
    const queue = () => cache.json('queue', async () => ++computed, { reads: ['suggestions'] });
    await catalogue();
    await queue();
    const before = (await versions()).get('suggestions') ?? 0;
    await runner.write((manager) => write(manager, 300));
    const after = (await versions()).get('suggestions');
    expect(after).toBeGreaterThan(before);
    expect(String(await catalogue())).toBe('1'); // kept
    expect(String(await queue())).toBe('3'); // dropped at the commit
    await expect(
      runner.write(async (manager) => {
        await write(manager, 302);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await versions()).get('suggestions')).toBe(after);
    await runner.write((manager) => write(manager, 303), { affectsAnswers: false }); // a session, say
    expect((await versions()).get('suggestions')).toBe(after);
    cache.observe(await versions()); // what a poll would read now: nothing new since the last write
    expect(String(await queue())).toBe('4'); // (the failed write's outcome was not trusted)
    cache.observe(await versions());
    expect(String(await queue())).toBe('4');
    expect(String(await catalogue())).toBe('1');

    // A declared table joins what the statements show; 'all' drops everything.
    await runner.write((manager) => write(manager, 304), { tables: ['creators'] });
    expect(String(await catalogue())).toBe('5');
    await runner.write(async (manager) => {
      await write(manager, 305);
      AnswerInvalidation.touch(manager, 'all');
    });
    expect((await versions()).get('*')).toBeGreaterThan(after!);
    expect(String(await catalogue())).toBe('6');
  });

  it('tells who listens when a write transaction opens and when the last one ends, failed or not', async () => {
    const runner = new TransactionRunner(dataSource, new AggregateCache());
    const seen: string[] = [];
    const stop = runner.onWriting((writing) => seen.push(writing ? 'open' : 'idle'));
    await Promise.allSettled([
      runner.write(async (manager) => {
        seen.push('work 1');
        await write(manager, 400);
      }),
      runner.write(async () => {
        seen.push('work 2');
        throw new Error('abort');
      }),
      runner.write(async () => seen.push('work 3'), { affectsAnswers: false }),
    ]);
    // SQLite runs them one after another: each opens and ends on its own.
    expect(seen).toEqual(['open', 'work 1', 'idle', 'open', 'work 2', 'idle', 'open', 'work 3', 'idle']);
    stop();
    await runner.write((manager) => write(manager, 401));
    expect(seen).toHaveLength(9);
  });

  it('refuses a declaration outside a write transaction', () => {
    expect(() => AnswerInvalidation.touch(dataSource.manager, ['creators'])).toThrow(
      'AnswerInvalidation.touch outside TransactionRunner.write',
    );
  });

  it('reads with raw statements kept prepared, the rows TypeORM answers, and after any open write', async () => {
    const runner = new TransactionRunner(dataSource, new AggregateCache());
    const sql = 'SELECT url, ? AS flag FROM suggestions WHERE url LIKE ? ORDER BY url';
    const params = [true, 'https://e.com/30%'];
    const expected = await dataSource.query(sql, [1, params[1]]);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected[0].flag).toBe(1);
    const connection: { prepare(sql: string): unknown } = (dataSource.driver as BetterSqlite3Driver)
      .databaseConnection;
    const prepare = jest.spyOn(connection, 'prepare');
    const first = await runner.read((manager) => manager.query(sql, params));
    const again = await runner.read((manager) => manager.query(sql, params));
    expect(first).toEqual(expected);
    expect(again).toEqual(expected);
    expect(prepare.mock.calls.filter(([text]) => text === sql)).toHaveLength(1);
    prepare.mockRestore();
    // Repositories and query builders on the read manager take TypeORM's own path.
    const counted = await runner.read((manager) =>
      manager
        .createQueryBuilder()
        .select('COUNT(*)', 'n')
        .from('suggestions', 's')
        .getRawOne<{ n: number }>(),
    );
    expect(Number(counted?.n)).toBe((await dataSource.query('SELECT COUNT(*) AS n FROM suggestions'))[0].n);
    // A read asked while a write is open waits for its commit, and sees all of it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const writing = runner
      .write(async (manager) => {
        await write(manager, 9000);
        await held;
      })
      .then(() => order.push('write'));
    const read = runner
      .read((manager) =>
        manager.query<{ url: string }[]>("SELECT url FROM suggestions WHERE url LIKE 'https://e.com/9000%'"),
      )
      .then((rows) => (order.push('read'), rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    release();
    await writing;
    expect((await read).map((row) => row.url)).toEqual(['https://e.com/9000', 'https://e.com/9000b']);
    expect(order).toEqual(['write', 'read']);
  });

  it('shows the trap it avoids: unserialised transactions on the one connection fail', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => dataSource.transaction((manager) => write(manager, 200 + i))),
    );
    expect(outcomes.some((o) => o.status === 'rejected')).toBe(true);
  });
});
