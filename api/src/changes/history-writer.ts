/**
 * How a change is written into the history: one `history` row, its changed rows whole (before and
 * after, as JSON) in `history_rows`, and the creators and videos it touched in `history_entities`.
 * Only the unit of work (ChangesService) writes entries; the history module reads them and undoes.
 */
import type { HistoryKind } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, insertedId, int, lockFor, placeholders, rows } from '../database/sql';
import { currentActor } from '../history/actor-context';
import {
  HISTORY_TABLES,
  decodeRow,
  encodeRow,
  sameRow,
  type Row,
  type TableName,
} from '../history/row-snapshot';

/** One row a change touched: null before = inserted, null after = deleted. */
export interface RowChange {
  table: TableName;
  key: string;
  before: Row | null;
  after: Row | null;
}

/** How many rows of each table the entry inserted (over all its parts, for a grouped entry). */
export type InsertedCounts = (table: TableName) => number;

/**
 * Several transactions that are one user action (the batches of one import): they append to one entry
 * while it is open. `key` names the action; `final` closes the entry with this part, and an entry
 * nobody appended to for GROUP_IDLE_MS closes by itself, so a key used again later starts a new one.
 */
export interface EntryGroup {
  key: string;
  final: boolean;
}

export interface EntryInput {
  kind: HistoryKind;
  /** A text, or (for a grouped entry) counted from every row the entry inserted so far. */
  summary: string | ((inserted: InsertedCounts) => string);
  /** False for changes that cannot be reverted row by row (a backup restore). */
  undoable?: boolean;
  group?: EntryGroup;
  undoes?: number;
  /** Writes the entry even when no row changed (a restore, whose rows are not recorded). */
  always?: boolean;
}

/** An import left without a next batch for this long is finished: its key starts a new entry. */
export const GROUP_IDLE_MS = 60 * 60 * 1000;

/** Writes one entry with its rows (or appends to its group's open entry); null when nothing changed. */
export async function writeEntry(
  manager: EntityManager,
  entry: EntryInput,
  changes: RowChange[],
): Promise<number | null> {
  if (changes.length === 0 && !entry.always) {
    if (entry.group?.final) await closeGroup(manager, entry.group.key);
    return null;
  }
  const now = Date.now();
  const openUntil = entry.group && !entry.group.final ? now + GROUP_IDLE_MS : null;
  const groupKey = entry.group && !entry.group.final ? entry.group.key : null;
  let id = entry.group ? await openEntry(manager, entry.group.key, now) : null;
  const appending = id !== null;
  if (id !== null) {
    await manager.query('UPDATE history SET group_key = ?, group_open_until = ? WHERE id = ?', [
      groupKey,
      openUntil,
      id,
    ]);
  } else {
    const result = (await manager.query(
      `INSERT INTO history (at, actor, kind, summary, undoable, undoes, group_key, group_open_until)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        now,
        currentActor(),
        entry.kind,
        typeof entry.summary === 'string' ? entry.summary.slice(0, 512) : '',
        entry.undoable === false ? 0 : 1,
        entry.undoes ?? null,
        groupKey,
        openUntil,
      ],
    )) as unknown;
    id = insertedId(result);
  }
  for (const part of chunks(changes, 100)) {
    await manager.query(
      `INSERT INTO history_rows (history_id, table_name, row_key, before_row, after_row)
       VALUES ${part.map(() => placeholders(5)).join(', ')}`,
      part.flatMap((c) => [id, c.table, c.key, encodeRow(c.before), encodeRow(c.after)]),
    );
  }
  await writeEntities(manager, id, changes, appending);
  if (entry.undoes !== undefined)
    await manager.query('UPDATE history SET undone_by = ? WHERE id = ?', [id, entry.undoes]);
  if (typeof entry.summary === 'function') {
    const counts = await rows<{ table_name: string; n: number | string }>(
      manager,
      `SELECT table_name, COUNT(*) AS n FROM history_rows
        WHERE history_id = ? AND before_row IS NULL GROUP BY table_name`,
      [id],
    );
    const inserted = (table: TableName) => int(counts.find((c) => c.table_name === table)?.n);
    await manager.query('UPDATE history SET summary = ? WHERE id = ?', [
      entry.summary(inserted).slice(0, 512),
      id,
    ]);
  }
  return id;
}

/** The open entry of a group (locked), or null; an entry past its time or undone is closed first. */
async function openEntry(manager: EntityManager, key: string, now: number): Promise<number | null> {
  const [open] = await rows<{
    id: number;
    group_open_until: number | string | null;
    undone_by: number | null;
  }>(
    manager,
    `SELECT id, group_open_until, undone_by FROM history WHERE group_key = ?${lockFor(manager, 'update')}`,
    [key],
  );
  if (!open) return null;
  if (open.undone_by === null && int(open.group_open_until) > now) return int(open.id);
  await manager.query('UPDATE history SET group_key = NULL, group_open_until = NULL WHERE id = ?', [open.id]);
  return null;
}

/** Closes a group's open entry, so its key starts a new entry next time. */
export async function closeGroup(manager: EntityManager, key: string): Promise<void> {
  await manager.query('UPDATE history SET group_key = NULL, group_open_until = NULL WHERE group_key = ?', [
    key,
  ]);
}

/** The creators and videos an entry touched, each once. */
async function writeEntities(
  manager: EntityManager,
  id: number,
  changes: readonly RowChange[],
  appending: boolean,
): Promise<void> {
  const entities = new Set<string>();
  for (const change of changes) {
    for (const row of [change.before, change.after]) {
      if (!row) continue;
      for (const [entity, entityId] of HISTORY_TABLES[change.table].entities(row)) {
        if (entityId !== null && entityId !== undefined) entities.add(`${entity}:${int(entityId)}`);
      }
    }
  }
  if (appending) {
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
}

/** The rows of an entry, one change per row (a grouped entry may touch a row twice: first before, last after). */
export async function entryChanges(manager: EntityManager, id: number): Promise<RowChange[]> {
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
