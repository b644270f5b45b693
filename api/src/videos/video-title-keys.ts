/**
 * The video-title search index (docs/architecture.md "Video title search"): every title folded by the
 * shared foldText into `video_title_keys`; its one- and two-character pieces into `video_title_shorts`
 * (short queries: on SQLite an FTS5 table holding each piece as one ASCII token, pieceToken; on
 * MySQL/MariaDB rows (gram, video_id)); its trigrams into SQLite's FTS5 table `video_title_fts`
 * (contentless, its rowid the negated video id so the newest come first, kept by triggers on the keys)
 * or MySQL/MariaDB's `video_title_grams`. Derived data owned by the videos module, like the creators'
 * name-search index: written in the transaction of the change that moved a title
 * (CountsService.refresh calls `refreshVideoTitleKeys` for the videos a change names), and rebuilt from
 * `videos` by `rebuildVideoTitleKeys` (the migration, a restore, seeding, generated data).
 */
import { setImmediate } from 'node:timers/promises';
import { titleSearchKey } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { shortGrams, trigrams } from '../creators/creator-search-keys';
import { chunks, int, mergeFtsSegments, placeholders, rows } from '../database/sql';

const isMysql = (manager: EntityManager) => manager.connection.options.type === 'mysql';

/** The tables holding the title-search index, as writes are recorded under (a migration stamps them). */
export const videoTitleTables = (manager: EntityManager): string[] =>
  isMysql(manager)
    ? ['video_title_keys', 'video_title_shorts', 'video_title_grams']
    : ['video_title_keys', 'video_title_shorts'];

/** One video's rows of the index, from its title alone (the bench generator and e2e fixtures reuse it). */
export function videoTitleIndexRows(title: string): { key: string; shorts: string[]; grams: string[] } {
  const key = titleSearchKey(title);
  return { key, shorts: shortGrams(key), grams: trigrams(key) };
}

/**
 * A one- or two-character piece as SQLite's short-piece index stores it: one token of ASCII letters and
 * digits ('g' then each code point in hex, 'x' between), so FTS5's tokenizer neither splits, folds nor
 * drops it (emoji and punctuation included), and a token is a piece, never part of one.
 */
export const pieceToken = (piece: string): string =>
  `g${[...piece].map((char) => (char.codePointAt(0) ?? 0).toString(16)).join('x')}`;

/**
 * Rows per multi-row INSERT: 2 columns × 500 stays far below SQLite's parameter limit. MySQL formats
 * the parameters into the statement on the client (no limit but the packet size, 64 MB): 5,000 rows of
 * pieces and trigrams per statement, since a restore's rebuild writes some 60 of them per title and one
 * round trip per 500 made a 100,000-title rebuild take minutes.
 */
const INSERT_ROWS = 500;
const MYSQL_INSERT_ROWS = 5000;

async function insertMany(
  manager: EntityManager,
  table: string,
  columns: string,
  values: readonly (readonly unknown[])[],
): Promise<void> {
  for (const part of chunks(values, isMysql(manager) ? MYSQL_INSERT_ROWS : INSERT_ROWS)) {
    const width = part[0]?.length ?? 0;
    const row = `(${new Array<string>(width).fill('?').join(', ')})`;
    await manager.query(
      `INSERT INTO ${table} (${columns}) VALUES ${part.map(() => row).join(', ')}`,
      part.flat(),
    );
  }
}

/** Writes the index rows of these videos (none of them may have rows yet). */
async function insertTitles(
  manager: EntityManager,
  videos: readonly { id: number; title: string }[],
): Promise<void> {
  const mysql = isMysql(manager);
  const keys: [number, string][] = [];
  const tokens: [number, string][] = [];
  const shorts: [Buffer, number][] = [];
  const grams: [Buffer, number][] = [];
  for (const video of videos) {
    const { key, shorts: pieces, grams: triples } = videoTitleIndexRows(video.title);
    keys.push([video.id, key]);
    if (!mysql) {
      tokens.push([video.id, pieces.map(pieceToken).join(' ')]);
      continue;
    }
    for (const piece of pieces) shorts.push([Buffer.from(piece), video.id]);
    for (const gram of triples) grams.push([Buffer.from(gram), video.id]);
  }
  // SQLite: the trigram FTS5 rows follow through the keys' insert trigger.
  await insertMany(manager, 'video_title_keys', 'video_id, title_key', keys);
  if (!mysql) {
    await insertMany(manager, 'video_title_shorts', 'rowid, pieces', tokens);
    return;
  }
  await insertMany(manager, 'video_title_shorts', 'gram, video_id', shorts);
  await insertMany(manager, 'video_title_grams', 'gram, video_id', grams);
}

async function deleteTitles(manager: EntityManager, ids: readonly number[]): Promise<void> {
  const list = placeholders(ids.length);
  // SQLite: the trigram FTS5 rows go through the keys' delete trigger; the pieces' table by rowid.
  await manager.query(`DELETE FROM video_title_keys WHERE video_id IN ${list}`, ids);
  if (!isMysql(manager)) {
    await manager.query(`DELETE FROM video_title_shorts WHERE rowid IN ${list}`, ids);
    return;
  }
  await manager.query(`DELETE FROM video_title_shorts WHERE video_id IN ${list}`, ids);
  await manager.query(`DELETE FROM video_title_grams WHERE video_id IN ${list}`, ids);
}

/**
 * Brings the index rows of these videos up to date with their titles (a deleted video's rows go).
 * Only videos whose folded title changed are rewritten, so naming the videos of an authorship change
 * costs two indexed reads. Answers the videos rewritten.
 */
export async function refreshVideoTitleKeys(
  manager: EntityManager,
  ids: Iterable<number>,
): Promise<number[]> {
  const rewritten: number[] = [];
  for (const part of chunks([...new Set(ids)])) {
    const titles = new Map<number, string>();
    for (const row of await rows<{ id: number; title: string }>(
      manager,
      `SELECT id, title FROM videos WHERE id IN ${placeholders(part.length)}`,
      part,
    ))
      titles.set(int(row.id), row.title);
    const stored = new Map<number, string>();
    for (const row of await rows<{ video_id: number; title_key: string }>(
      manager,
      `SELECT video_id, title_key FROM video_title_keys WHERE video_id IN ${placeholders(part.length)}`,
      part,
    ))
      stored.set(int(row.video_id), row.title_key);
    const changed = part.filter((id) => {
      const title = titles.get(id);
      // A deleted video's pieces always go: its key row may already have left with it (ON DELETE CASCADE).
      return title === undefined || stored.get(id) !== titleSearchKey(title);
    });
    if (changed.length === 0) continue;
    await deleteTitles(manager, changed);
    await insertTitles(
      manager,
      changed.flatMap((id) => {
        const title = titles.get(id);
        return title === undefined ? [] : [{ id, title }];
      }),
    );
    rewritten.push(...changed);
  }
  return rewritten;
}

/** Videos read and indexed at a time by a rebuild (their rows are held in memory at once). */
const REBUILD_BATCH = 1000;

/**
 * Rebuilds the whole index from `videos` (a restore, seeding, generated data). The migration passes
 * `fts: false`: it fills the keys before SQLite's FTS5 table and its triggers exist, then builds the
 * FTS5 index in one pass (faster than a trigger per row).
 */
export async function rebuildVideoTitleKeys(
  manager: EntityManager,
  options: { fts: boolean } = { fts: true },
): Promise<void> {
  if (isMysql(manager)) {
    await manager.query('DELETE FROM video_title_grams');
    await manager.query('DELETE FROM video_title_shorts');
    await manager.query('DELETE FROM video_title_keys');
  } else {
    await manager.query('DELETE FROM video_title_keys');
    await manager.query(`INSERT INTO video_title_shorts (video_title_shorts) VALUES ('delete-all')`);
    if (options.fts)
      await manager.query(`INSERT INTO video_title_fts (video_title_fts) VALUES ('delete-all')`);
  }
  let after = 0;
  for (;;) {
    const batch = await rows<{ id: number; title: string }>(
      manager,
      `SELECT id, title FROM videos WHERE id > ? ORDER BY id LIMIT ${REBUILD_BATCH}`,
      [after],
    );
    if (batch.length === 0) break;
    await insertTitles(
      manager,
      batch.map((row) => ({ id: int(row.id), title: row.title })),
    );
    after = int(batch[batch.length - 1]?.id);
    // SQLite writes synchronously: without a turn of the event loop between batches a restore of
    // 100,000 titles would hold every other request (even /api/health) for seconds.
    await setImmediate();
  }
  // Filled in batches, each index is left in many segments: one is what lookups read fastest.
  if (!isMysql(manager)) {
    await mergeFtsSegments(manager, 'video_title_shorts');
    if (options.fts) await mergeFtsSegments(manager, 'video_title_fts');
  }
}
