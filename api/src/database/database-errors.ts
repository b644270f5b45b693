/** Classifies errors of both drivers (better-sqlite3, mysql2), whether or not TypeORM wrapped them. */

interface DriverError {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
}

function causes(error: unknown): DriverError[] {
  const list: DriverError[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    list.push(current as DriverError);
    current = (current as DriverError).driverError ?? (current as { cause?: unknown }).cause;
  }
  return list;
}

const codeOf = (error: DriverError): string => (typeof error.code === 'string' ? error.code : '');

/** A unique index (or primary key) rejected the row. */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = codeOf(e);
    return (
      code === 'ER_DUP_ENTRY' ||
      code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    );
  });
}

/** A foreign key rejected the row: what it refers to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return causes(error).some((e) =>
    [
      'ER_NO_REFERENCED_ROW_2',
      'ER_NO_REFERENCED_ROW',
      'ER_ROW_IS_REFERENCED_2',
      'SQLITE_CONSTRAINT_FOREIGNKEY',
    ].includes(codeOf(e)),
  );
}

/** A transaction lost a lock fight (MySQL/MariaDB) and may simply be retried. */
export function isRetryableConflict(error: unknown): boolean {
  return causes(error).some((e) => ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'].includes(codeOf(e)));
}

/** The SQLite file (or its disk) is full: the answer is 507 until there is room again. */
export function isDatabaseFull(error: unknown): boolean {
  return causes(error).some((e) => codeOf(e) === 'SQLITE_FULL' || codeOf(e) === 'ER_RECORD_FILE_FULL');
}

/** The SQLite file cannot be written (read-only file, disk or connection). */
export function isDatabaseReadOnly(error: unknown): boolean {
  return causes(error).some((e) => codeOf(e).startsWith('SQLITE_READONLY'));
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_FULL',
]);

const UNAVAILABLE_NAMES = new Set([
  'CannotExecuteNotConnectedError',
  'ConnectionIsNotSetError',
  'ConnectionNotFoundError',
  'QueryRunnerAlreadyReleasedError',
]);

/** The database cannot be reached or used right now: the answer is 503, not the client's fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = codeOf(e);
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_BUSY'))
      return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    if (e.fatal === true) return true; // mysql2: the connection is gone
    return (
      typeof e.message === 'string' &&
      /database connection is not open|pool is closed|connection is not established/i.test(e.message)
    );
  });
}
