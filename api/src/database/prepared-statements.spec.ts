import { PreparedStatements, type SqliteConnection } from './prepared-statements';

const Database = require('better-sqlite3') as new (path: string) => SqliteConnection & {
  exec(sql: string): void;
  close(): void;
};

describe('PreparedStatements', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, flag INTEGER NOT NULL)');
  afterAll(() => db.close());

  it('answers rows for a reader and the new rowid otherwise, booleans bound as 0 and 1', () => {
    const statements = new PreparedStatements(() => db, 10);
    expect(statements.run('INSERT INTO t (flag) VALUES (?)', [true])).toBe(1);
    expect(statements.run('INSERT INTO t (flag) VALUES (?)', [false])).toBe(2);
    expect(statements.run('SELECT id, flag FROM t ORDER BY id')).toEqual([
      { id: 1, flag: 1 },
      { id: 2, flag: 0 },
    ]);
  });

  it('answers the first column alone, and rows again after', () => {
    const statements = new PreparedStatements(() => db, 10);
    const sql = 'SELECT id, flag FROM t WHERE flag = ? ORDER BY id';
    expect(statements.column(sql, [true])).toEqual([1]);
    expect(statements.run(sql, [true])).toEqual([{ id: 1, flag: 1 }]);
  });

  it('prepares a statement once while it is used, and again once it was the least recently used past the limit', () => {
    const prepare = jest.spyOn(db, 'prepare');
    const statements = new PreparedStatements(() => db, 2);
    const sql = (n: number) => `SELECT ${n} AS n`;
    statements.run(sql(1));
    statements.run(sql(2));
    statements.run(sql(1)); // used again: sql(2) is now the oldest
    statements.run(sql(3)); // past the limit of 2: sql(2) goes
    statements.run(sql(1));
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([sql(1), sql(2), sql(3)]);
    statements.run(sql(2));
    expect(prepare).toHaveBeenCalledTimes(4);
    prepare.mockRestore();
  });
});
