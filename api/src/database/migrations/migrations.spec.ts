import { MIGRATIONS } from './index';

/**
 * TypeORM runs pending migrations sorted by the timestamp in their names, not in the listed order: a
 * migration whose timestamp is older than an existing one would run before it on a fresh database
 * (and before tables it relies on exist). The list must therefore be in strictly increasing timestamp
 * order, each name ending in its timestamp.
 */
describe('MIGRATIONS', () => {
  const stamps = MIGRATIONS.map((migration) => {
    const match = /(\d{13})$/.exec(migration.name);
    if (!match) throw new Error(`${migration.name} does not end in a 13-digit timestamp`);
    return Number(match[1]);
  });

  it('lists migrations in strictly increasing timestamp order', () => {
    for (let i = 1; i < stamps.length; i++) {
      if (stamps[i]! <= stamps[i - 1]!)
        throw new Error(`${MIGRATIONS[i]!.name} must have a timestamp after ${MIGRATIONS[i - 1]!.name}`);
    }
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  });
});
