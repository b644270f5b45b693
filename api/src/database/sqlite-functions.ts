/** What defining a function needs of a better-sqlite3 connection. */
export interface SqliteFunctionHost {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

/**
 * The functions every SQLite connection of the API defines, the search threads' included: SQLite's own
 * lower() folds ASCII only, so the search filters lowercase as JavaScript (and MySQL) do.
 */
export function defineSqliteFunctions(db: SqliteFunctionHost): void {
  db.function('lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
}
