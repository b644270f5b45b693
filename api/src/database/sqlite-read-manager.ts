import { DataSource, EntityManager, type ObjectLiteral } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { PreparedStatements, type SqliteConnection } from './prepared-statements';

/** Statements the reads keep prepared, beside TypeORM's own cache (the writes' statements). */
const READ_STATEMENTS_KEPT = 500;

/**
 * The manager SQLite reads run with (TransactionRunner.read, one at a time on the one connection):
 * its raw `query` runs a kept prepared statement directly. TypeORM's own `query` makes a query runner,
 * broadcasts before and after each statement to the subscribers, builds a result object and awaits
 * four times, and the reads are a dozen statements an answer: a write's four cold reads after it took
 * 1–2 ms less a round without that (docs/performance.md "Reads without TypeORM's query path").
 * Repositories and query builders on it work as on the data source's own manager.
 */
export class SqliteReadManager extends EntityManager {
  private readonly statements: PreparedStatements;

  constructor(dataSource: DataSource) {
    super(dataSource);
    const driver = dataSource.driver as BetterSqlite3Driver;
    // The connection is read at each preparation: the driver opens it when the data source starts.
    this.statements = new PreparedStatements(
      (): SqliteConnection => driver.databaseConnection,
      READ_STATEMENTS_KEPT,
    );
  }

  override async query<T = unknown>(sql: string, parameters?: unknown[] | ObjectLiteral): Promise<T> {
    // Named parameters: TypeORM's path refuses them with its own error.
    if (parameters !== undefined && !Array.isArray(parameters)) return super.query<T>(sql, parameters);
    return this.statements.run(sql, parameters) as T;
  }

  /** The first column of each row (see `idColumn` in sql.ts). */
  async column(sql: string, parameters: unknown[] = []): Promise<unknown[]> {
    return this.statements.column(sql, parameters);
  }
}
