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
import { CountsService, type CountTargets } from '../database/counts.service';
import { isForeignKeyViolation, isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { currentActor } from './actor-context';
import {
  HISTORY_TABLES,
  TABLE_NAMES,
  decodeRow,
  deleteRow,
  encodeRow,
  insertRow,
  isAdditive,
  normaliseRow,
  quote,
  readKeys,
  readScopes,
  sameRow,
  updateRow,
  type Row,
  type RowSet,
  type Scope,
  type TableInfo,
  type TableName,
} from './row-snapshot';

/** One row a change touched: null before = inserted, null after = deleted. */
export interface RowChange {
  table: TableName;
  key: string;
  before: Row | null;
  after: Row | null;
}

export interface HistoryEntry {
  kind: HistoryKind;
  summary: string;
  /** False for changes that cannot be reverted row by row (a backup restore). */
  undoable?: boolean;
  /** Appends to this entry instead of starting one (an import or rescan: one entry per batch). */
  batch?: number;
  undoes?: number;
}

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
    { table: 'review_proposals', column: 'creator_id' },
    { table: 'group_members', column: 'creator_id' },
  ],
  creator_groups: [{ table: 'group_members', column: 'group_id' }],
  videos: [
    { table: 'video_authors', column: 'video_id' },
    { table: 'review_proposals', column: 'video_id' },
  ],
};

/** A change being made: the rows it may touch as they were before, to diff against after. */
export class TrackedChange {
  constructor(
    private readonly history: HistoryService,
    private readonly manager: EntityManager,
    private readonly scopes: Scope[],
    private readonly before: RowSet,
  ) {}

  /**
   * Reads the rows again and records what changed. `created` names rows made by this change that
   * were not in the scopes (their ids were not known before); `counted` are counter rows the change
   * moved (see TableInfo.additive). Returns the entry id, or null when nothing changed.
   */
  async record(
    entry: HistoryEntry,
    created: Scope[] = [],
    counted: RowChange[] = [],
  ): Promise<number | null> {
    const after = await readScopes(this.manager, [...this.scopes, ...created]);
    const changes: RowChange[] = [...counted];
    for (const id of new Set([...this.before.keys(), ...after.keys()])) {
      const was = this.before.get(id);
      const now = after.get(id);
      const table = (was ?? now)!.table;
      const key = (was ?? now)!.key;
      if (!sameRow(was?.row ?? null, now?.row ?? null))
        changes.push({ table, key, before: was?.row ?? null, after: now?.row ?? null });
    }
    return this.history.record(this.manager, entry, changes);
  }
}

/** Thrown inside an undo's transaction (rolling it back) when later changes touched these rows. */
class LaterChange extends Error {
  constructor(readonly rows: { table: TableName; key: string }[]) {
    super('A later change depends on this one');
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One history entry for a run of transactions (an import or a rescan: one per video). The entry is
 * made by the first transaction that changes something and grows with each later one; its summary is
 * counted from its own rows, so a rolled-back transaction leaves neither rows nor a wrong count.
 */
export class HistoryBatch {
  private id: number | undefined;

  constructor(private readonly kind: 'import' | 'rescan') {}

  async record(
    manager: EntityManager,
    change: TrackedChange,
    created: Scope[],
    counted: RowChange[] = [],
  ): Promise<void> {
    if (this.id !== undefined) {
      const [entry] = await rows(manager, 'SELECT id FROM history WHERE id = ?', [this.id]);
      if (!entry) this.id = undefined; // the transaction that made it was rolled back
    }
    const id = await change.record({ kind: this.kind, summary: '', batch: this.id }, created, counted);
    if (id === null) return;
    this.id = id;
    const counts = await rows<{ table_name: string; n: number | string }>(
      manager,
      `SELECT table_name, COUNT(*) AS n FROM history_rows
        WHERE history_id = ? AND before_row IS NULL GROUP BY table_name`,
      [id],
    );
    const count = (table: string) => int(counts.find((c) => c.table_name === table)?.n);
    const creators = count('creators') ? ` (${plural(count('creators'), 'new creator')})` : '';
    const summary =
      this.kind === 'import'
        ? `Imported ${plural(count('videos'), 'video')}${creators}`
        : `Rescan added ${plural(count('video_authors'), 'author')}${creators}`;
    await manager.query('UPDATE history SET summary = ? WHERE id = ?', [summary, id]);
  }
}

/**
 * The append-only change history and undo. Every write path calls `track` then `record` inside its
 * own transaction, so a change and its history commit together or not at all.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly counts: CountsService,
  ) {}

  /** Reads (and on MySQL locks) the rows a change may touch, before it touches them. */
  async track(manager: EntityManager, scopes: Scope[]): Promise<TrackedChange> {
    return new TrackedChange(this, manager, scopes, await readScopes(manager, scopes));
  }

  /** Writes one entry with its rows; null (nothing written) when there is nothing to record. */
  async record(manager: EntityManager, entry: HistoryEntry, changes: RowChange[]): Promise<number | null> {
    if (changes.length === 0 && entry.kind !== 'backup.restore') return entry.batch ?? null;
    let id: number;
    if (entry.batch !== undefined) {
      id = entry.batch;
      await manager.query('UPDATE history SET summary = ? WHERE id = ?', [entry.summary, id]);
    } else {
      const result = (await manager.query(
        'INSERT INTO history (at, actor, kind, summary, undoable, undoes) VALUES (?, ?, ?, ?, ?, ?)',
        [
          Date.now(),
          currentActor(),
          entry.kind,
          entry.summary.slice(0, 512),
          entry.undoable === false ? 0 : 1,
          entry.undoes ?? null,
        ],
      )) as unknown;
      id = this.insertedId(result);
    }
    for (const part of chunks(changes, 100)) {
      await manager.query(
        `INSERT INTO history_rows (history_id, table_name, row_key, before_row, after_row)
         VALUES ${part.map(() => placeholders(5)).join(', ')}`,
        part.flatMap((c) => [id, c.table, c.key, encodeRow(c.before), encodeRow(c.after)]),
      );
    }
    const entities = new Set<string>();
    for (const change of changes) {
      for (const row of [change.before, change.after]) {
        if (!row) continue;
        for (const [entity, entityId] of HISTORY_TABLES[change.table].entities(row)) {
          if (entityId !== null && entityId !== undefined) entities.add(`${entity}:${int(entityId)}`);
        }
      }
    }
    if (entry.batch !== undefined) {
      const known = await rows<{ entity: string; entity_id: number }>(
        manager,
        'SELECT entity, entity_id FROM history_entities WHERE history_id = ?',
        [id],
      );
      for (const row of known) entities.delete(`${row.entity}:${int(row.entity_id)}`);
    }
    for (const part of chunks([...entities], 150)) {
      await manager.query(
        `INSERT INTO history_entities (history_id, entity, entity_id) VALUES ${part.map(() => placeholders(3)).join(', ')}`,
        part.flatMap((e) => {
          const [entity, entityId] = e.split(':');
          return [id, entity, Number(entityId)];
        }),
      );
    }
    return id;
  }

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
      return await this.tx.write(async (manager) => {
        const [entry] = await rows<EntryRow>(
          manager,
          `SELECT ${ENTRY_COLUMNS} FROM history WHERE id = ?${lockFor(manager, 'update')}`,
          [id],
        );
        if (!entry) throw new NotFoundException(HISTORY_MESSAGES.notFound);
        if (entry.undone_by !== null) throw new ConflictException(HISTORY_MESSAGES.alreadyUndone);
        if (int(entry.undoable) !== 1) throw new ConflictException(HISTORY_MESSAGES.notUndoable);

        const stored = await this.changesOf(manager, id);
        const counters = stored.filter((c) => isAdditive(c.table));
        let changes = stored.filter((c) => !isAdditive(c.table));
        const current = await readKeys(manager, changes);
        const now = (c: RowChange) => current.get(`${c.table}:${c.key}`)?.row ?? null;

        if (entry.kind === 'import') changes = await this.keepUsedCreators(manager, changes, now);
        const stale = changes.filter((c) => !sameRow(now(c), c.after));
        if (stale.length > 0) throw new LaterChange(stale);
        await this.checkNotReferenced(manager, changes);

        const touched = await this.counts.touching(manager, countTargets(changes));
        await this.apply(manager, changes);
        const counted = await this.subtract(manager, counters);
        await this.counts.refresh(manager, touched, countTargets(changes));
        const summary = `Undid #${id}: ${entry.summary}`;
        const undoId = (await this.record(manager, { kind: 'undo', summary, undoes: id }, [
          ...changes.map((c) => ({ table: c.table, key: c.key, before: c.after, after: c.before })),
          ...counted,
        ])) as number;
        await manager.query('UPDATE history SET undone_by = ? WHERE id = ?', [undoId, id]);
        const [written] = await rows<EntryRow>(manager, `SELECT ${ENTRY_COLUMNS} FROM history WHERE id = ?`, [
          undoId,
        ]);
        return { undone: id, entry: toItem(written as EntryRow) };
      });
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

  /** The rows of an entry, one change per row (a batch may touch a row twice: first before, last after). */
  private async changesOf(manager: EntityManager, id: number): Promise<RowChange[]> {
    const stored = await rows<{
      table_name: string;
      row_key: string;
      before_row: string | null;
      after_row: string | null;
    }>(
      manager,
      'SELECT table_name, row_key, before_row, after_row FROM history_rows WHERE history_id = ? ORDER BY id',
      [id],
    );
    const byRow = new Map<string, RowChange>();
    for (const row of stored) {
      const name = `${row.table_name}:${row.row_key}`;
      const seen = byRow.get(name);
      if (seen) seen.after = decodeRow(row.after_row);
      else
        byRow.set(name, {
          table: row.table_name as TableName,
          key: row.row_key,
          before: decodeRow(row.before_row),
          after: decodeRow(row.after_row),
        });
    }
    return [...byRow.values()].filter((c) => !sameRow(c.before, c.after));
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
   * A creator or video the undo deletes must not be referred to by rows outside this change (they
   * would go with it); the later change that added them is named.
   */
  private async checkNotReferenced(manager: EntityManager, changes: RowChange[]): Promise<void> {
    const leaving = new Set(changes.filter((c) => c.before === null).map((c) => `${c.table}:${c.key}`));
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

  /** Deletes children, inserts parents, updates, inserts children, deletes parents. */
  private async apply(manager: EntityManager, changes: RowChange[]): Promise<void> {
    const of = (tables: TableName[], test: (c: RowChange) => boolean) =>
      tables.flatMap((t) => changes.filter((c) => c.table === t && test(c)));
    const inserted = (c: RowChange) => c.after === null && c.before !== null;
    const deleted = (c: RowChange) => c.before === null && c.after !== null;
    const updated = (c: RowChange) => c.before !== null && c.after !== null;
    for (const c of of([...CHILDREN].reverse(), deleted)) await deleteRow(manager, c.table, c.after as Row);
    for (const c of of(PARENTS, inserted)) await insertRow(manager, c.table, c.before as Row);
    for (const c of of([...PARENTS, ...CHILDREN], updated))
      await updateRow(manager, c.table, c.before as Row);
    for (const c of of(CHILDREN, inserted)) await insertRow(manager, c.table, c.before as Row);
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
    const keys = touched.length > 0 ? touched : await this.changesOf(manager, id);
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

  /** better-sqlite3 answers an INSERT with the new rowid, mysql2 with a header carrying insertId. */
  private insertedId(result: unknown): number {
    if (typeof result === 'number' || typeof result === 'bigint') return Number(result);
    return int((result as { insertId?: number } | undefined)?.insertId);
  }
}

/** The creators and videos whose stored counts an undo of `changes` may move (see CountsService). */
function countTargets(changes: readonly RowChange[]): CountTargets {
  const creatorIds = new Set<number>();
  const videoIds = new Set<number>();
  for (const change of changes) {
    for (const row of [change.before, change.after]) {
      if (!row) continue;
      if (change.table === 'creators') creatorIds.add(int(row.id));
      else if (change.table === 'videos') videoIds.add(int(row.id));
      else if (change.table === 'video_authors') {
        creatorIds.add(int(row.creator_id));
        videoIds.add(int(row.video_id));
      }
    }
  }
  return { creatorIds, videoIds };
}
