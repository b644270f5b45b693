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

/** What one write transaction changed so far. */
class ChangeSet {
  readonly tables = new Set<string>();

  add(table: string): void {
    if (!BOOKKEEPING.has(table)) this.tables.add(table);
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
};

/**
 * Opens the change set of a write transaction on `runner` (TransactionRunner calls this), and the
 * function that closes it and answers what it holds.
 */
export function openChangeSet(runner: QueryRunner): () => ReadonlySet<string> {
  const set = new ChangeSet();
  open.set(runner, set);
  return () => {
    if (open.get(runner) === set) open.delete(runner);
    return set.tables;
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
