import type { BeforeQueryEvent, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';

/**
 * Which tables a write changed, so only the cached answers that read them go stale (docs/architecture.md
 * "Many replicas, one truth").
 *
 * Every write through `TransactionRunner.write` is watched: each INSERT, UPDATE, DELETE or REPLACE it
 * runs names the table it changes, and that table joins the write's change set. A statement this does
 * not understand (DDL, a CTE, a multi-table UPDATE) marks everything changed. A unit of work may also
 * say what it changes (`AnswerInvalidation.touch`, or `tables` on `TransactionRunner.write`); what it
 * says is added to what was seen, never instead of it, so a forgotten declaration cannot leave an answer
 * stale.
 */

/** Marks a change of everything: every cached answer goes. */
export const EVERYTHING = '*';

/**
 * Tables no cached answer reads unless it says so: an answer that declares nothing (`reads` absent) is
 * assumed to read every table but these. Visitors' suggestions, the review queue, the history, the
 * detection statistics and the login and session rows are only ever read uncached by admins.
 */
export const UNCACHED_TABLES: ReadonlySet<string> = new Set([
  'suggestions',
  'review_proposals',
  'review_rejections',
  'event_proposals',
  'event_rejections',
  'channel_name_counts',
  'history',
  'history_rows',
  'history_entities',
  'admin_sessions',
  'login_limits',
  'auth_state',
]);

/** The bookkeeping of invalidation itself, never a change anyone reads. */
const BOOKKEEPING = new Set(['data_version', 'answer_versions', 'migrations']);

/** Statements that change nothing (reads, transaction control, connection settings). */
const NOT_A_CHANGE =
  /^(select|pragma|set|begin|commit|rollback|savepoint|release|start|show|explain|describe)\b/i;

const IDENT = String.raw`[\`"\[]?(\w+)[\`"\]]?`;
/** The changed table of a single-table statement, schema-qualified or not, quoted or not. */
const SINGLE_TABLE = [
  new RegExp(String.raw`^insert(?:\s+or\s+\w+)?(?:\s+ignore)?\s+into\s+(?:${IDENT}\.)?${IDENT}`, 'i'),
  new RegExp(String.raw`^replace\s+into\s+(?:${IDENT}\.)?${IDENT}`, 'i'),
  new RegExp(String.raw`^delete\s+from\s+(?:${IDENT}\.)?${IDENT}(?:\s+(?:as\s+)?\w+)?\s*(?:where\b|$)`, 'i'),
  new RegExp(String.raw`^update(?:\s+or\s+\w+)?\s+(?:${IDENT}\.)?${IDENT}(?:\s+(?:as\s+)?\w+)?\s+set\b`, 'i'),
];

/**
 * The table `sql` changes: null for a statement that changes nothing, EVERYTHING for one whose target
 * cannot be told for sure. Leading comments are skipped.
 */
export function changedTable(sql: string): string | null {
  const text = sql.replace(/^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  if (NOT_A_CHANGE.test(text)) return null;
  for (const pattern of SINGLE_TABLE) {
    const match = pattern.exec(text);
    if (match) return (match[2] ?? match[1])!.toLowerCase();
  }
  return EVERYTHING;
}

/**
 * What a write can say of the rows it changed in tables whose rows each belong to one creator: every
 * such row it changed in `tables` belongs to one of `creators`. An answer that shows certain creators
 * only (AnswerOptions.shows) stays current across the write when none of them is among these.
 */
export interface CreatorScope {
  creators: ReadonlySet<number>;
  tables: ReadonlySet<string>;
}

/** What a write transaction changed: its tables, and the creators its rows belong to when it said so. */
export interface ClosedChangeSet {
  tables: ReadonlySet<string>;
  scope: CreatorScope | null;
}

/** What one write transaction changed so far. */
class ChangeSet {
  readonly tables = new Set<string>();
  scope: { creators: Set<number>; tables: Set<string> } | null = null;

  add(table: string): void {
    if (!BOOKKEEPING.has(table)) this.tables.add(table);
  }

  /** Only the changed tables a scope covers, and only when one was declared. */
  closed(): ClosedChangeSet {
    if (!this.scope) return { tables: this.tables, scope: null };
    const tables = new Set([...this.scope.tables].filter((table) => this.tables.has(table)));
    return { tables: this.tables, scope: tables.size > 0 ? { creators: this.scope.creators, tables } : null };
  }
}

/** The change set of each open write transaction, by the query runner that carries it. */
const open = new WeakMap<QueryRunner, ChangeSet>();

function changeSetOf(manager: EntityManager): ChangeSet {
  const set = manager.queryRunner ? open.get(manager.queryRunner) : undefined;
  if (!set) throw new Error('AnswerInvalidation.touch outside TransactionRunner.write');
  return set;
}

export const AnswerInvalidation = {
  /**
   * Declares, inside a write transaction (the `manager` `TransactionRunner.write` handed over), that it
   * changes `tables`: the answers reading them go stale at its commit, on this replica at once and on
   * the others at their next poll. `'all'` makes every answer go. Statements the write runs are seen
   * without this; declare what a statement cannot show (a table changed by a trigger, say).
   */
  touch(manager: EntityManager, tables: readonly string[] | 'all'): void {
    const set = changeSetOf(manager);
    for (const table of tables === 'all' ? [EVERYTHING] : tables) set.add(table);
  },

  /**
   * Declares, inside a write transaction, that every row it changed in `tables` belongs to one of
   * `creators` (see CreatorScope); only the unit of work says so (changes.service.ts), from the rows it
   * recorded. Declared twice, the creators add up and only the tables both name stay covered.
   */
  scope(manager: EntityManager, creators: Iterable<number>, tables: Iterable<string>): void {
    const set = changeSetOf(manager);
    if (!set.scope) {
      set.scope = { creators: new Set(creators), tables: new Set(tables) };
      return;
    }
    for (const id of creators) set.scope.creators.add(id);
    const both = new Set(tables);
    for (const table of set.scope.tables) if (!both.has(table)) set.scope.tables.delete(table);
  },
};

/**
 * Opens the change set of a write transaction on `runner` (TransactionRunner calls this), and the
 * function that closes it and answers what it holds (the same answer when called again).
 */
export function openChangeSet(runner: QueryRunner): () => ClosedChangeSet {
  const set = new ChangeSet();
  open.set(runner, set);
  let closed: ClosedChangeSet | undefined;
  return () => {
    if (open.get(runner) === set) open.delete(runner);
    return (closed ??= set.closed());
  };
}

/** Sees every statement: those run inside an open change set's transaction add their table to it. */
export class ChangeWatcher implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent): void {
    const set = open.get(event.queryRunner);
    if (!set) return;
    const table = changedTable(event.query);
    if (table !== null) set.add(table);
  }
}
