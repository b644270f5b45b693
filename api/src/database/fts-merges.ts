/**
 * Merge steps of SQLite FTS5 indexes as the API keeps them (see SearchIndexMerges), for the API's
 * upkeep worker and for databases filled outside the API (the bench's generated sets).
 */

/**
 * Segments on one level that a step merges (FTS5's `usermerge`, 2 to 16). Two keeps at most about one
 * segment a level: each entry is rewritten about once a level, a logarithmic number of times.
 */
const SEGMENTS_PER_LEVEL = 2;
/**
 * Index pages a step writes at most: 2–4 ms at 1,000,000 titles (25 ms at worst), the longest a write
 * that arrives meanwhile waits for the file's lock.
 */
export const MERGE_STEP_PAGES = 32;

const quoted = (table: string): string => `"${table.replace(/"/g, '""')}"`;

/** The FTS5 tables among `tables` (rows of sqlite_master), whose segments are kept merged. */
export function ftsTables(tables: ReadonlyArray<{ name: string; sql: string | null }>): string[] {
  return tables.filter((table) => /\bUSING\s+fts5\s*\(/i.test(table.sql ?? '')).map((table) => table.name);
}

/** The SQL of a merge step on FTS5 table `table`, and what the connection runs once before. */
export function mergeStep(table: string, pages = MERGE_STEP_PAGES): { prepare: string; step: string } {
  const name = quoted(table);
  // Written only when not set already, so that a pass with nothing to merge writes nothing.
  return {
    prepare: `INSERT INTO ${name} (${name}, rank) SELECT 'usermerge', ${SEGMENTS_PER_LEVEL}
              WHERE NOT EXISTS (SELECT 1 FROM ${quoted(`${table}_config`)}
                                 WHERE k = 'usermerge' AND v = ${SEGMENTS_PER_LEVEL})`,
    step: `INSERT INTO ${name} (${name}, rank) VALUES ('merge', ${pages})`,
  };
}

/** FTS5's merge did work when it changed two rows or more (FTS5 documentation, "merge"). */
export const mergedSomething = (changed: number): boolean => changed >= 2;

/** What `mergeLikeTheApi` needs of a better-sqlite3 connection. */
interface SqliteConnection {
  exec(sql: string): unknown;
  prepare(sql: string): { get(): unknown };
}

/**
 * Merges `table`'s segments on `db` as the API keeps them (for a database filled outside the API, such
 * as the bench's generated sets): steps until one finds nothing to do.
 */
export function mergeLikeTheApi(db: SqliteConnection, table: string): void {
  const { prepare, step } = mergeStep(table, 500);
  db.exec(prepare);
  const total = db.prepare('SELECT total_changes() AS n');
  const changes = () => Number((total.get() as { n: number }).n);
  for (;;) {
    const before = changes();
    db.exec(step);
    if (!mergedSomething(changes() - before)) return;
  }
}
