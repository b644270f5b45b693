import { trimToLimit } from '../common/oldest-first';

/** What a kept statement needs of better-sqlite3's Statement. */
export interface SqliteStatement {
  /** True when the statement returns rows (a SELECT, most PRAGMAs). */
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  /** Whether `all` answers each row's first column alone. */
  pluck(toggle: boolean): unknown;
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}

/** What preparing needs of a better-sqlite3 connection. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

const bound = (params: readonly unknown[]): unknown[] =>
  params.map((value) => (typeof value === 'boolean' ? Number(value) : value));

/**
 * Statements of one SQLite connection, each prepared once and kept (least recently used dropped past
 * `limit`), and run as TypeORM's `query` runs them: rows for a reader, the last rowid otherwise,
 * booleans bound as 0 and 1 (better-sqlite3 binds no booleans). Preparing costs more than running
 * most of the app's reads.
 */
export class PreparedStatements {
  private readonly kept = new Map<string, SqliteStatement>();

  constructor(
    private readonly connection: () => SqliteConnection,
    private readonly limit: number,
  ) {}

  run(sql: string, params: readonly unknown[] = []): unknown {
    const statement = this.statement(sql);
    const values = bound(params);
    return statement.reader ? statement.all(...values) : statement.run(...values).lastInsertRowid;
  }

  /** The first column of each row of a reading statement, as plain values (no object per row). */
  column(sql: string, params: readonly unknown[] = []): unknown[] {
    const statement = this.statement(sql);
    statement.pluck(true);
    try {
      return statement.all(...bound(params));
    } finally {
      statement.pluck(false);
    }
  }

  private statement(sql: string): SqliteStatement {
    let found = this.kept.get(sql);
    if (found) {
      this.kept.delete(sql); // a hit moves to the end: the least recently used goes first
    } else {
      found = this.connection().prepare(sql);
    }
    this.kept.set(sql, found);
    trimToLimit(this.kept, this.limit);
    return found;
  }
}
