/**
 * `npm run explain -w @friends/bench`: the MariaDB query plans of the name and title searches, as
 * docs/architecture.md quotes them. Loads the bench's data set (10,000 creators / 100,000 videos by
 * default; the flags of run.ts) into a throwaway MariaDB, turns on its general log, asks the API for a
 * creator and a video search with a short and a longer term, then EXPLAINs every SELECT those requests
 * ran that reads a search index.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { API_ROUTES, pagedListUrl } from '@friends/shared';
import { startMariadb, stopMariadb } from '../../api/test/support/mariadb-server';
import { ensureBuilt } from './build';
import { DEFAULT_SIZE, generate, loadMariadb, type Size } from './generate';
import { startApi } from './server';
import { arg, log } from './util';

const SEARCHES = [
  ['creator, substring ("kar")', pagedListUrl(API_ROUTES.creatorsSearch, { q: 'kar', limit: 24 })],
  ['creator, short ("k")', pagedListUrl(API_ROUTES.creatorsSearch, { q: 'k', limit: 24 })],
  ['video, substring ("cook")', pagedListUrl(API_ROUTES.videosSearch, { q: 'cook', limit: 50 })],
  ['video, short ("k")', pagedListUrl(API_ROUTES.videosSearch, { q: 'k', limit: 50 })],
] as const;

/** The statements of the general log written after `from` bytes, one per query. */
function loggedQueries(file: string, from: number): string[] {
  const text = readFileSync(file, 'utf8').slice(from);
  return (
    text
      // Each entry starts a line: '[YYMMDD HH:MM:SS]<tab> <thread id> <command><tab><argument>'.
      .split(/\n(?=(?:\d{6}\s+\d{1,2}:\d{2}:\d{2})?\s+\d+\s+(?:Query|Connect|Quit|Prepare|Execute))/)
      .map((entry) => /\d+\s+Query\s+([\s\S]*)$/.exec(entry)?.[1]?.trim() ?? '')
      .filter((sql) => /^SELECT/i.test(sql) && /_(grams|shorts|keys)\b|search/i.test(sql))
  );
}

async function main(): Promise<void> {
  const size: Size = {
    creators: Number(arg('creators', String(DEFAULT_SIZE.creators))),
    videos: Number(arg('videos', String(DEFAULT_SIZE.videos))),
    seed: Number(arg('seed', String(DEFAULT_SIZE.seed))),
  };
  const buildDir = ensureBuilt();
  const server = await startMariadb();
  try {
    log(`loading ${size.creators} creators / ${size.videos} videos into MariaDB`);
    const url = await loadMariadb(server.url, 'friends_explain', generate(size));
    const db = await createConnection(url);
    const logFile = join(server.dir, 'general.log');
    await db.query(`SET GLOBAL general_log_file = ?`, [logFile]);
    await db.query('SET GLOBAL general_log = 1');
    const api = await startApi({ buildDir, databaseUrl: url });
    try {
      for (const [name, path] of SEARCHES) {
        const from = readFileSync(logFile, 'utf8').length;
        const response = await fetch(api.url + path);
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        console.log(`\n${name}: GET ${path}`);
        for (const sql of loggedQueries(logFile, from)) {
          const [plan] = (await db.query(`EXPLAIN ${sql}`)) as unknown as [Record<string, unknown>[]];
          console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
          for (const row of plan)
            console.log(
              `    ${String(row.select_type)} ${String(row.table)} type=${String(row.type)} key=${String(row.key)} ` +
                `rows=${String(row.rows)} ${String(row.Extra ?? '')}`,
            );
        }
      }
    } finally {
      await api.stop();
      await db.end();
    }
  } finally {
    stopMariadb(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
