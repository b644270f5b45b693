/**
 * A search thread (search-threads.service.ts): its own read-only connection to the SQLite file, which
 * runs each search it is sent, whole, in one read transaction (one state of the database, as the main
 * thread's read sees), and answers it. One search at a time; statements prepared once and kept.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { EntityManager } from 'typeorm';
import { PreparedStatements, type SqliteConnection } from '../database/prepared-statements';
import { defineSqliteFunctions, type SqliteFunctionHost } from '../database/sqlite-functions';
import { runSearchJob, type SearchJob } from './search-jobs';

interface Connection extends SqliteFunctionHost, SqliteConnection {
  pragma(source: string): unknown;
  exec(sql: string): unknown;
  close(): void;
}
type Driver = new (path: string, options: { readonly: boolean; fileMustExist: boolean }) => Connection;

/** What the pool hands over (SearchThreads.spawn). */
export interface SearchThreadData {
  driver: string;
  path: string;
  /** SQLite's page cache of this connection, in KiB (the API's RSS budget counts it). */
  cacheKib: number;
  busyTimeoutMs: number;
}

/** What a search thread answers: the search's answer, or why it failed. */
export type SearchThreadReply = { id: number; answer: unknown } | { id: number; error: string };

/** Statements kept prepared (a search runs a handful; IN lists come in a few padded lengths). */
const STATEMENTS_KEPT = 300;

const data = workerData as SearchThreadData;
const Database = require(data.driver) as Driver;
const db = new Database(data.path, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${data.busyTimeoutMs}`);
db.pragma(`cache_size = -${data.cacheKib}`);
defineSqliteFunctions(db);

const statements = new PreparedStatements(() => db, STATEMENTS_KEPT);

/** What the search functions use of an EntityManager: the database's type and `query`. */
const manager = {
  connection: { options: { type: 'better-sqlite3' } },
  query: (sql: string, params: unknown[] = []) => Promise.resolve(statements.run(sql, params)),
} as unknown as EntityManager;

parentPort?.on('message', (message: { id: number; job: SearchJob } | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  const { id, job } = message;
  db.exec('BEGIN');
  runSearchJob(manager, job).then(
    (answer) => {
      db.exec('COMMIT');
      parentPort?.postMessage({ id, answer } satisfies SearchThreadReply);
    },
    (error: unknown) => {
      db.exec('ROLLBACK');
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    },
  );
});
