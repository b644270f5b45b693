import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  HISTORY_MESSAGES,
  laterChangeMessage,
  type HistoryItem,
  type HistoryKind,
  type HistoryPage,
  type HistoryUndoResult,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { ChangesService } from '../changes/changes.service';
import { entryChanges, type RowChange } from '../changes/history-writer';
import { isForeignKeyViolation, isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import {
  HISTORY_TABLES,
  TABLE_NAMES,
  deleteRow,
  insertRow,
  isAdditive,
  normaliseRow,
  quote,
  readKeys,
  readScopes,
  rowKey,
  sameRow,
  uniqueSets,
  updateRow,
  type Row,
  type TableInfo,
  type TableName,
} from './row-snapshot';

interface EntryRow {
  id: number;
  at: number | string;
  actor: string;
  kind: string;
  summary: string;
  undoable: number | string;
  undone_by: number | null;
  undoes: number | null;
}

const ENTRY_COLUMNS = 'id, at, actor, kind, summary, undoable, undone_by, undoes';

const toItem = (row: EntryRow): HistoryItem => ({
  id: int(row.id),
  at: new Date(int(row.at)).toISOString(),
  actor: row.actor,
  kind: row.kind as HistoryKind,
  summary: row.summary,
  undoable: int(row.undoable) === 1 && row.undone_by === null,
  undoneBy: row.undone_by === null ? null : int(row.undone_by),
  undoes: row.undoes === null ? null : int(row.undoes),
});

/** Children are deleted before and inserted after their parents. */
const PARENTS = TABLE_NAMES.filter((t) => HISTORY_TABLES[t].parent);
const CHILDREN = TABLE_NAMES.filter((t) => !HISTORY_TABLES[t].parent);
/** What refers to a creator or video: what must go first, or keeps it alive. */
const REFERENCES: Partial<Record<TableName, { table: TableName; column: string }[]>> = {
  creators: [
    { table: 'video_authors', column: 'creator_id' },
    { table: 'social_links', column: 'creator_id' },
    { table: 'creator_aliases', column: 'creator_id' },
    { table: 'creator_other_names', column: 'creator_id' },
    { table: 'review_proposals', column: 'creator_id' },
    { table: 'group_members', column: 'creator_id' },
    { table: 'video_crew', column: 'creator_id' },
  ],
  events: [{ table: 'videos', column: 'event_id' }],
  creator_groups: [{ table: 'group_members', column: 'group_id' }],
  videos: [
    { table: 'video_authors', column: 'video_id' },
    { table: 'review_proposals', column: 'video_id' },
    { table: 'video_crew', column: 'video_id' },
    { table: 'event_proposals', column: 'video_a' },
    { table: 'event_proposals', column: 'video_b' },
  ],
};

/** Thrown inside an undo's transaction (rolling it back) when later changes touched these rows. */
class LaterChange extends Error {
  constructor(readonly rows: { table: TableName; key: string }[]) {
    super('A later change depends on this one');
  }
}

/**
 * The append-only change history and undo. Entries are written by the unit of work
 * (ChangesService) in the transaction of their change; an undo is itself a change made through it.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly changes: ChangesService,
  ) {}

  /** Newest first, `limit` per page, before the entry id `before`; only one creator's or video's. */
  list(query: { limit: number; before?: number; creator?: number; video?: number }): Promise<HistoryPage> {
    return this.tx.read(async (manager) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.before !== undefined) {
        where.push('h.id < ?');
        params.push(query.before);
      }
      let from = 'history h';
      const entity =
        query.creator !== undefined
          ? ['creator', query.creator]
          : query.video !== undefined
            ? ['video', query.video]
            : null;
      if (entity) {
        from = 'history_entities e JOIN history h ON h.id = e.history_id';
        where.push('e.entity = ? AND e.entity_id = ?');
        params.push(...entity);
      }
      const found = await rows<EntryRow>(
        manager,
        `SELECT ${ENTRY_COLUMNS.split(', ')
          .map((c) => `h.${c}`)
          .join(', ')} FROM ${from}
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY h.id DESC LIMIT ${Math.trunc(query.limit) + 1}`,
        params,
      );
      const items = found.slice(0, query.limit).map(toItem);
      return {
        items,
        nextBefore: found.length > query.limit ? (items[items.length - 1]?.id ?? null) : null,
      };
    });
  }

  /**
   * Reverts one change exactly, as a new change. Every row it touched must still be as it left it;
   * otherwise a later change depends on it and the answer is 409 naming that change. An import is
   * the exception for the creators it made: those that something else uses since are kept.
   */
  async undo(id: number): Promise<HistoryUndoResult> {
    try {
      const { outcome } = await this.changes.runWithOutcome(
        { kind: 'undo', summary: '', undoes: id, always: true },
        async (change) => {
          const { manager } = change;
          const [entry] = await rows<EntryRow>(
            manager,
            `SELECT ${ENTRY_COLUMNS} FROM history WHERE id = ?${lockFor(manager, 'update')}`,
            [id],
          );
          if (!entry) throw new NotFoundException(HISTORY_MESSAGES.notFound);
          if (entry.undone_by !== null) throw new ConflictException(HISTORY_MESSAGES.alreadyUndone);
          if (int(entry.undoable) !== 1) throw new ConflictException(HISTORY_MESSAGES.notUndoable);
          change.summary = `Undid #${id}: ${entry.summary}`;

          const stored = await entryChanges(manager, id);
          const counters = stored.filter((c) => isAdditive(c.table));
          let changes = stored.filter((c) => !isAdditive(c.table));
          const current = await readKeys(manager, changes);
          const now = (c: RowChange) => current.get(`${c.table}:${c.key}`)?.row ?? null;

          if (entry.kind === 'import') changes = await this.keepUsedCreators(manager, changes, now);
          const stale = changes.filter((c) => !sameRow(now(c), c.after));
          if (stale.length > 0) throw new LaterChange(stale);
          await this.checkNotReferenced(manager, changes);
          await this.checkUnique(manager, changes);

          await this.apply(manager, changes);
          change.changed(
            ...changes.map((c) => ({ table: c.table, key: c.key, before: c.after, after: c.before })),
            ...(await this.subtract(manager, counters)),
          );
        },
      );
      const undoId = outcome.entry as number;
      const [written] = await this.tx.read((manager) =>
        rows<EntryRow>(manager, `SELECT ${ENTRY_COLUMNS} FROM history WHERE id = ?`, [undoId]),
      );
      return { undone: id, entry: toItem(written as EntryRow) };
    } catch (error) {
      // Rows changed since, or a name or URL taken again, or a parent gone: a later change is in the
      // way. It is looked up afresh: on MySQL the undo's snapshot may predate it.
      if (error instanceof LaterChange || isUniqueViolation(error) || isForeignKeyViolation(error)) {
        const rowsTouched = error instanceof LaterChange ? error.rows : [];
        throw new ConflictException(
          await this.tx.read((manager) => this.laterChange(manager, id, rowsTouched)),
        );
      }
      throw error;
    }
  }

  /**
   * Undoing an import leaves out the creators it made that were changed or are used by anything
   * outside the import since (and their links): removing them would take others' data with them.
   */
  private async keepUsedCreators(
    manager: EntityManager,
    changes: RowChange[],
    now: (c: RowChange) => Row | null,
  ): Promise<RowChange[]> {
    const made = changes.filter((c) => c.table === 'creators' && c.before === null);
    const keep = new Set<number>();
    for (const creator of made) {
      if (!sameRow(now(creator), creator.after)) keep.add(int(creator.after?.id));
    }
    for (const change of changes) {
      if (change.table === 'social_links' && change.before === null && !sameRow(now(change), change.after))
        keep.add(int(change.after?.creator_id));
    }
    const leaving = new Set(changes.filter((c) => c.before === null).map((c) => `${c.table}:${c.key}`));
    const ids = made.map((c) => int(c.after?.id)).filter((id) => !keep.has(id));
    for (const ref of REFERENCES.creators ?? []) {
      const found = await readScopes(manager, [{ table: ref.table, column: ref.column, ids }]);
      for (const row of found.values()) {
        if (!leaving.has(`${row.table}:${row.key}`)) keep.add(int(row.row.creator_id));
      }
    }
    return changes.filter((c) => {
      if (c.table === 'creators' && c.before === null) return !keep.has(int(c.after?.id));
      if (c.table === 'social_links' && c.before === null) return !keep.has(int(c.after?.creator_id));
      return true;
    });
  }

  /**
   * A creator, video or event the undo deletes must not be referred to by rows outside this change
   * (they would go with it, or lose the reference); the later change that added them is named. Rows the
   * undo itself deletes or puts back (a video taken out of the event again) are not outside.
   */
  private async checkNotReferenced(manager: EntityManager, changes: RowChange[]): Promise<void> {
    const leaving = new Set(changes.map((c) => `${c.table}:${c.key}`));
    for (const parent of PARENTS) {
      const ids = changes.filter((c) => c.table === parent && c.before === null).map((c) => int(c.after?.id));
      for (const ref of REFERENCES[parent] ?? []) {
        for (const part of chunks(ids)) {
          const found = await readScopes(manager, [{ table: ref.table, column: ref.column, ids: part }]);
          const outside = [...found.values()].filter((r) => !leaving.has(`${r.table}:${r.key}`));
          if (outside.length > 0) throw new LaterChange(outside);
        }
      }
    }
  }

  /**
   * A row the undo puts back must not take a unique value (a name, a URL, an author's place in a
   * video) that another row holds now, unless the undo moves that row too: the later change that
   * gave it that value is in the way, and is named rather than left to the index to refuse.
   */
  private async checkUnique(manager: EntityManager, changes: RowChange[]): Promise<void> {
    const moving = new Set(changes.map((c) => `${c.table}:${c.key}`));
    for (const c of changes) {
      if (!c.before) continue;
      for (const columns of uniqueSets(c.table)) {
        const values = columns.map((column) => c.before?.[column]);
        if (values.some((v) => v === null || v === undefined)) continue;
        if (
          c.after &&
          columns.every((column) => sameRow({ v: c.after?.[column] }, { v: c.before?.[column] }))
        )
          continue;
        const found = await rows<Row>(
          manager,
          `SELECT * FROM ${c.table} WHERE ${columns.map((k) => `${quote(manager, k)} = ?`).join(' AND ')}${lockFor(manager, 'update')}`,
          values,
        );
        const inWay = found
          .map((raw) => ({ table: c.table, key: rowKey(c.table, normaliseRow(raw)) }))
          .filter((r) => r.key !== c.key && !moving.has(`${r.table}:${r.key}`));
        if (inWay.length > 0) throw new LaterChange(inWay);
      }
    }
  }

  /** Deletes children, inserts parents, updates, inserts children, deletes parents. */
  private async apply(manager: EntityManager, changes: RowChange[]): Promise<void> {
    const of = (tables: TableName[], test: (c: RowChange) => boolean) =>
      tables.flatMap((t) => changes.filter((c) => c.table === t && test(c)));
    const inserted = (c: RowChange) => c.after === null && c.before !== null;
    const deleted = (c: RowChange) => c.before === null && c.after !== null;
    const updated = (c: RowChange) => c.before !== null && c.after !== null;
    // A child with a unique column set (an author's position) is put back as a delete and an insert:
    // updated one at a time, two rows trading places would meet on one value halfway.
    const replaced = (c: RowChange) =>
      updated(c) && !HISTORY_TABLES[c.table].parent && uniqueSets(c.table).length > 0;
    const inPlace = (c: RowChange) => updated(c) && !replaced(c);
    for (const c of of([...CHILDREN].reverse(), (c) => deleted(c) || replaced(c)))
      await deleteRow(manager, c.table, c.after as Row);
    for (const c of of(PARENTS, inserted)) await insertRow(manager, c.table, c.before as Row);
    for (const c of of([...PARENTS, ...CHILDREN], inPlace))
      await updateRow(manager, c.table, c.before as Row);
    for (const c of of(CHILDREN, (c) => inserted(c) || replaced(c)))
      await insertRow(manager, c.table, c.before as Row);
    for (const c of of([...PARENTS].reverse(), deleted)) await deleteRow(manager, c.table, c.after as Row);
  }

  /**
   * Counter rows take back what the change added (a row at zero goes), whatever later changes added
   * since; the rows as moved, for the undo's own entry.
   */
  private async subtract(manager: EntityManager, counters: RowChange[]): Promise<RowChange[]> {
    const moved: RowChange[] = [];
    for (const c of counters) {
      const info: TableInfo = HISTORY_TABLES[c.table];
      const keyRow = (c.after ?? c.before) as Row;
      const [raw] = await rows<Row>(
        manager,
        `SELECT * FROM ${c.table} WHERE ${info.key.map((k) => `${quote(manager, k)} = ?`).join(' AND ')}${lockFor(manager, 'update')}`,
        info.key.map((k) => keyRow[k]),
      );
      const now = raw ? normaliseRow(raw) : null;
      const next: Row = { ...(now ?? keyRow) };
      let empty = true;
      for (const column of info.additive ?? []) {
        const value = int(now?.[column]) + int(c.before?.[column]) - int(c.after?.[column]);
        next[column] = Math.max(0, value);
        if (value > 0) empty = false;
      }
      const after = empty ? null : next;
      if (sameRow(now, after)) continue;
      if (!after) await deleteRow(manager, c.table, now as Row);
      else if (!now) await insertRow(manager, c.table, after);
      else await updateRow(manager, c.table, after);
      moved.push({ table: c.table, key: c.key, before: now, after });
    }
    return moved;
  }

  /** The latest change after `id`, not itself undone, that touched one of `touched` (or any of id's rows). */
  private async laterChange(
    manager: EntityManager,
    id: number,
    touched: { table: TableName; key: string }[],
  ): Promise<string> {
    const keys = touched.length > 0 ? touched : await entryChanges(manager, id);
    let found: { id: number; summary: string } | null = null;
    for (const table of TABLE_NAMES) {
      const ofTable = [...new Set(keys.filter((k) => k.table === table).map((k) => k.key))];
      for (const part of chunks(ofTable)) {
        const [row] = await rows<{ id: number; summary: string }>(
          manager,
          `SELECT h.id, h.summary FROM history_rows r JOIN history h ON h.id = r.history_id
            WHERE r.table_name = ? AND r.row_key IN ${placeholders(part.length)} AND h.id > ? AND h.undone_by IS NULL
            ORDER BY h.id DESC LIMIT 1`,
          [table, ...part, id],
        );
        if (row && (!found || int(row.id) > found.id)) found = { id: int(row.id), summary: row.summary };
      }
    }
    return laterChangeMessage(found);
  }
}
