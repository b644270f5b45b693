/**
 * The history as a person reads it: an entry's rows named (a creator by its name, a video by its
 * title, an authorship as "Ada on "Picnic Race"") with the fields each changed, and whose history a
 * filtered page shows. Read-only; the rows are those HistoryService recorded.
 */
import {
  HISTORY_LIMITS,
  quoted,
  type HistoryItem,
  type HistoryKind,
  type HistoryPage,
  type HistoryRowChange,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows } from '../database/sql';
import { decodeRow, type Row } from './row-snapshot';

/** Columns no person needs to see: keys derived from others, stored counts, internal positions. */
const HIDDEN = new Set(['id', 'name_key', 'url_key', 'video_count', 'collab_count', 'position']);

interface StoredRow {
  table_name: string;
  before_row: string | null;
  after_row: string | null;
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** Creator and video names: from the entry's own rows first (a deleted one), else as stored now. */
class Names {
  private readonly creators = new Map<number, string>();
  private readonly videos = new Map<number, string>();

  constructor(private readonly manager: EntityManager) {}

  learn(table: string, row: Row | null): void {
    if (!row) return;
    if (table === 'creators' && typeof row.name === 'string') this.creators.set(int(row.id), row.name);
    if (table === 'videos' && typeof row.title === 'string') this.videos.set(int(row.id), row.title);
  }

  async load(creatorIds: Iterable<number>, videoIds: Iterable<number>): Promise<void> {
    const missing = (ids: Iterable<number>, known: Map<number, string>) =>
      [...new Set(ids)].filter((id) => !known.has(id)).slice(0, 500);
    const creators = missing(creatorIds, this.creators);
    const videos = missing(videoIds, this.videos);
    if (creators.length) {
      const found = await rows<{ id: number; name: string }>(
        this.manager,
        `SELECT id, name FROM creators WHERE id IN (${creators.map(() => '?').join(', ')})`,
        creators,
      );
      for (const row of found) this.creators.set(int(row.id), row.name);
    }
    if (videos.length) {
      const found = await rows<{ id: number; title: string }>(
        this.manager,
        `SELECT id, title FROM videos WHERE id IN (${videos.map(() => '?').join(', ')})`,
        videos,
      );
      for (const row of found) this.videos.set(int(row.id), row.title);
    }
  }

  creator = (id: unknown): string => this.creators.get(int(id)) ?? `creator #${int(id)}`;
  video = (id: unknown): string => quoted(this.videos.get(int(id)) ?? `video #${int(id)}`);
}

function describe(table: string, row: Row, names: Names): string {
  switch (table) {
    case 'creators':
      return `Creator ${quoted(String(row.name ?? ''))}`;
    case 'videos':
      return `Video ${quoted(String(row.title ?? ''))}`;
    case 'video_authors':
      return `${names.creator(row.creator_id)} on ${names.video(row.video_id)}`;
    case 'social_links':
      return `Link ${String(row.url ?? '')} of ${names.creator(row.creator_id)}`;
    case 'creator_aliases':
      return `Former name ${quoted(String(row.name ?? ''))} of ${names.creator(row.creator_id)}`;
    case 'review_proposals':
      return `Proposal ${quoted(String(row.name ?? ''))} on ${names.video(row.video_id)}`;
    case 'suggestions':
      return `Suggestion ${String(row.url ?? '')}`;
    default:
      return `${table.replace(/_/g, ' ')} row`;
  }
}

/** The fields that differ between two versions of a row, hidden columns left out. */
function changedFields(before: Row, after: Row): HistoryRowChange['fields'] {
  const fields: HistoryRowChange['fields'] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (HIDDEN.has(field) || text(before[field]) === text(after[field])) continue;
    fields.push({ field, before: text(before[field]), after: text(after[field]) });
  }
  return fields;
}

/** The rows entry `id` changed, named, the first HISTORY_LIMITS.detailRows of them; and how many in all. */
export async function readEntryRows(
  manager: EntityManager,
  id: number,
): Promise<{ rows: HistoryRowChange[]; total: number }> {
  const [count] = await rows<{ n: number }>(
    manager,
    'SELECT COUNT(*) AS n FROM history_rows WHERE history_id = ?',
    [id],
  );
  const stored = await rows<StoredRow>(
    manager,
    `SELECT table_name, before_row, after_row FROM history_rows WHERE history_id = ?
      ORDER BY id LIMIT ${HISTORY_LIMITS.detailRows}`,
    [id],
  );
  const names = new Names(manager);
  const decoded = stored.map((row) => ({
    table: row.table_name,
    before: decodeRow(row.before_row),
    after: decodeRow(row.after_row),
  }));
  const creatorIds: number[] = [];
  const videoIds: number[] = [];
  for (const row of decoded) {
    names.learn(row.table, row.after);
    names.learn(row.table, row.before);
    for (const version of [row.before, row.after]) {
      if (version?.creator_id !== undefined) creatorIds.push(int(version.creator_id));
      if (version?.video_id !== undefined) videoIds.push(int(version.video_id));
    }
  }
  await names.load(creatorIds, videoIds);
  const described = decoded
    .filter((row) => row.before || row.after)
    .map((row): HistoryRowChange => {
      const change = row.before === null ? 'added' : row.after === null ? 'removed' : 'changed';
      return {
        table: row.table,
        change,
        what: describe(row.table, (row.after ?? row.before) as Row, names),
        fields: change === 'changed' ? changedFields(row.before as Row, row.after as Row) : [],
      };
    });
  return { rows: described, total: int(count?.n) };
}

/** The entry as the list shows it, or null. */
export async function readEntry(manager: EntityManager, id: number): Promise<HistoryItem | null> {
  const [row] = await rows<{
    id: number;
    at: number | string;
    actor: string;
    kind: string;
    summary: string;
    undoable: number | string;
    undone_by: number | null;
    undoes: number | null;
  }>(manager, 'SELECT id, at, actor, kind, summary, undoable, undone_by, undoes FROM history WHERE id = ?', [
    id,
  ]);
  if (!row) return null;
  return {
    id: int(row.id),
    at: new Date(int(row.at)).toISOString(),
    actor: row.actor,
    kind: row.kind as HistoryKind,
    summary: row.summary,
    undoable: int(row.undoable) === 1 && row.undone_by === null,
    undoneBy: row.undone_by === null ? null : int(row.undone_by),
    undoes: row.undoes === null ? null : int(row.undoes),
  };
}

/** Whose history a filtered page is: the creator's or video's name now, else the last one recorded. */
export async function readSubject(
  manager: EntityManager,
  kind: 'creator' | 'video',
  id: number,
): Promise<NonNullable<HistoryPage['subject']>> {
  const table = kind === 'creator' ? 'creators' : 'videos';
  const column = kind === 'creator' ? 'name' : 'title';
  const [now] = await rows<{ label: string }>(
    manager,
    `SELECT ${column} AS label FROM ${table} WHERE id = ?`,
    [id],
  );
  if (now) return { kind, id, name: now.label };
  // Deleted: the newest recorded version of its row names it.
  const recorded = await rows<StoredRow>(
    manager,
    `SELECT r.table_name, r.before_row, r.after_row FROM history_entities e
       JOIN history_rows r ON r.history_id = e.history_id AND r.table_name = ?
      WHERE e.entity = ? AND e.entity_id = ? ORDER BY r.id DESC LIMIT 50`,
    [table, kind, id],
  );
  for (const row of recorded) {
    for (const version of [decodeRow(row.after_row), decodeRow(row.before_row)]) {
      if (version && int(version.id) === id && typeof version[column] === 'string')
        return { kind, id, name: version[column] as string };
    }
  }
  return { kind, id, name: `${kind} #${id}` };
}
