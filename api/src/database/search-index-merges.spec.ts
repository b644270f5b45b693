import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig, DatabaseConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';
import { ftsTables, mergeStep } from './fts-merges';
import { SearchIndexMerges } from './search-index-merges';
import { CHECKPOINT_DELAY_MS, WalCheckpoints } from './wal-checkpoints';

const configOf = (database: DatabaseConfig) =>
  ({ get: () => database }) as unknown as ConfigService<AppConfig, true>;

describe('ftsTables', () => {
  it('names the FTS5 tables of a schema, not other virtual tables', () => {
    expect(
      ftsTables([
        { name: 'titles', sql: "CREATE VIRTUAL TABLE titles USING fts5(key, tokenize = 'trigram')" },
        { name: 'pieces', sql: 'create virtual table pieces using FTS5 (p, detail = none)' },
        { name: 'vocab', sql: "CREATE VIRTUAL TABLE vocab USING fts5vocab('titles', 'row')" },
        { name: 'titles_data', sql: 'CREATE TABLE titles_data(id INTEGER PRIMARY KEY, block BLOB)' },
        { name: 'sqlite_sequence', sql: null },
      ]),
    ).toEqual(['titles', 'pieces']);
  });
});

describe('SearchIndexMerges', () => {
  let dir: string;
  let dataSource: DataSource;
  let upkeep: WalCheckpoints;
  let merges: SearchIndexMerges;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'friends-fts-'));
    const database: DatabaseConfig = {
      type: 'sqlite',
      path: join(dir, 'db.sqlite'),
      embedded: false,
      seedDemo: false,
    };
    dataSource = new DataSource({ ...dataSourceOptions(database), entities: [] });
    await dataSource.initialize();
    await dataSource.query("CREATE VIRTUAL TABLE titles USING fts5(key, tokenize = 'trigram')");
    // Write transactions as the API's: each leaves a segment (here a title and 60 others, ~100 KB of
    // index in all, so that a pass takes several steps).
    for (let i = 1; i <= 60; i++) {
      await dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO titles (rowid, key) VALUES (?, ?)', [i, `collab stream ${i}`]);
        await manager.query(
          `INSERT INTO titles (rowid, key) WITH RECURSIVE n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < 60)
           SELECT 1000 * ? + j, lower(hex(randomblob(20))) FROM n`,
          [i],
        );
      });
    }
    upkeep = new WalCheckpoints(dataSource, configOf(database));
    merges = new SearchIndexMerges(dataSource, upkeep);
    await upkeep.onApplicationBootstrap();
    await merges.onApplicationBootstrap();
  });
  afterEach(async () => {
    await upkeep.onModuleDestroy();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const segments = async () =>
    Number(
      ((await dataSource.query('SELECT COUNT(DISTINCT segid) AS n FROM titles_idx')) as { n: number }[])[0]
        ?.n,
    );
  const found = async (term: string) =>
    (
      (await dataSource.query('SELECT rowid AS id FROM titles WHERE titles MATCH ? ORDER BY rowid', [
        `"${term}"`,
      ])) as { id: number }[]
    ).map((row) => row.id);

  it('merges the segments many writes left, finding the same rows', async () => {
    const before = await segments();
    expect(before).toBeGreaterThan(4);
    const ids = await found('stream 1');
    expect(ids).toHaveLength(11); // 1, 10–19

    expect(await merges.pass()).toBeGreaterThan(0);

    expect(await segments()).toBeLessThanOrEqual(2);
    expect(await found('stream 1')).toEqual(ids);
    await dataSource.query("INSERT INTO titles (titles, rank) VALUES ('integrity-check', 1)");
    // Merged as far as it goes: another pass has nothing to do.
    expect(await merges.pass()).toBe(0);
  });

  it('sets the merge policy once: a connection that finds it set writes nothing', async () => {
    const { prepare } = mergeStep('titles');
    const changes = async () =>
      Number(((await dataSource.query('SELECT total_changes() AS n')) as { n: number }[])[0]?.n);
    let before = await changes();
    await dataSource.query(prepare);
    expect((await changes()) - before).toBeGreaterThan(0);
    before = await changes();
    await dataSource.query(prepare);
    expect((await changes()) - before).toBe(0);
  });

  it('stops at the first write, leaving the rest to the next pause', async () => {
    const step = upkeep.step.bind(upkeep);
    jest.spyOn(upkeep, 'step').mockImplementationOnce(async (job) => {
      const changed = await step(job);
      upkeep.wrote();
      return changed;
    });
    expect(await merges.pass()).toBe(1);
    const left = await segments();
    expect(left).toBeGreaterThan(2);
    // The next pass goes on from there.
    expect(await merges.pass()).toBeGreaterThan(0);
    expect(await segments()).toBeLessThan(left);
  });

  it('fails a pass, not the process, when the worker cannot start', async () => {
    jest.spyOn(upkeep as unknown as { started(): never }, 'started').mockImplementation(() => {
      throw new Error('no memory for a thread');
    });
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    expect(await merges.pass()).toBe(0);
    expect(await upkeep.checkpoint()).toMatchObject({ log: -1, error: 'Error: no memory for a thread' });
    expect(warned).toHaveBeenCalled();
    expect(await segments()).toBeGreaterThan(4);
  });

  it('runs a pass once writes have paused', async () => {
    const pass = jest.spyOn(merges, 'pass');
    upkeep.wrote();
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_DELAY_MS + 500));
    expect(pass).toHaveBeenCalled();
    await pass.mock.results[0]!.value;
    expect(await segments()).toBeLessThanOrEqual(2);
  });
});
