import { Logger } from '@nestjs/common';
import { normalizeName, normalizeOtherNames, storedName } from '@friends/shared';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { creatorSearchTables, refreshCreatorSearchKeys } from '../../creators/creator-search-keys';
import { advanceDataVersion, stampAnswerVersions } from '../data-version';
import { chunks, int, placeholders, rows } from '../sql';
import { nonAsciiRows } from './non-ascii-rows';

/** A row the uniqueness rule kept as it was: its NFC key belongs to another row. */
export interface LeftName {
  table: 'creators' | 'creator_groups';
  id: number;
  name: string;
  /** The row that holds the key this one's NFC spelling would have. */
  takenBy: number;
}

/** What one run changed, per table, and the rows it left alone. */
export interface StoredNamesOutcome {
  creators: number;
  aliases: number;
  /** Creators whose other names were rewritten. */
  otherNames: number;
  groups: number;
  left: LeftName[];
}

/**
 * Rewrites the names of a table with a unique name_key (creators, creator_groups) as storedName makes
 * them, with normalizeName's key. A row whose new key another row holds at that moment is left as it
 * is (rows go by id: of two old spellings meeting in one key, the first converted wins): see
 * docs/product.md "Names in every script". Answers the ids changed.
 */
async function rewriteUniqueNames(
  manager: EntityManager,
  table: 'creators' | 'creator_groups',
  left: LeftName[],
): Promise<number[]> {
  const changed: number[] = [];
  for await (const batch of nonAsciiRows<{ id: number; name: string; name_key: string }>(
    manager,
    table,
    'id, name, name_key',
  )) {
    for (const row of batch) {
      const id = int(row.id);
      const name = storedName(row.name);
      const key = normalizeName(name);
      if (name === row.name && key === row.name_key) continue;
      const [holder] = await rows<{ id: number }>(
        manager,
        `SELECT id FROM ${table} WHERE name_key = ? AND id <> ?`,
        [key, id],
      );
      if (holder) {
        left.push({ table, id, name: row.name, takenBy: int(holder.id) });
        continue;
      }
      await manager.query(`UPDATE ${table} SET name = ?, name_key = ? WHERE id = ?`, [name, key, id]);
      changed.push(id);
    }
  }
  return changed;
}

/** Aliases (merged-away names, no unique key) as storedName makes them; the creators they belong to. */
async function rewriteAliases(manager: EntityManager): Promise<{ count: number; creators: number[] }> {
  let count = 0;
  const creators: number[] = [];
  for await (const batch of nonAsciiRows<{ id: number; creator_id: number; name: string; name_key: string }>(
    manager,
    'creator_aliases',
    'id, creator_id, name, name_key',
  )) {
    for (const row of batch) {
      const name = storedName(row.name);
      const key = normalizeName(name);
      if (name === row.name && key === row.name_key) continue;
      await manager.query('UPDATE creator_aliases SET name = ?, name_key = ? WHERE id = ?', [
        name,
        key,
        int(row.id),
      ]);
      count += 1;
      creators.push(int(row.creator_id));
    }
  }
  return { count, creators };
}

/**
 * Other names: each creator holding one that storedName changes gets its list as an edit sending the
 * same list would store it (normalizeOtherNames: NFC, and a name that is now a repeat, same text and
 * tag, kept once). Answers the creators rewritten.
 */
async function rewriteOtherNames(manager: EntityManager): Promise<number[]> {
  const candidates = new Set<number>();
  for await (const batch of nonAsciiRows<{ id: number; creator_id: number; name: string }>(
    manager,
    'creator_other_names',
    'id, creator_id, name',
  )) {
    for (const row of batch) if (storedName(row.name) !== row.name) candidates.add(int(row.creator_id));
  }
  const changed: number[] = [];
  for (const part of chunks([...candidates])) {
    const lists = new Map<number, { name: string; lang: string | null }[]>(part.map((id) => [id, []]));
    for (const row of await rows<{ creator_id: number; name: string; lang: string | null }>(
      manager,
      `SELECT creator_id, name, lang FROM creator_other_names WHERE creator_id IN ${placeholders(part.length)}
        ORDER BY creator_id, position, id`,
      part,
    ))
      lists.get(int(row.creator_id))?.push({ name: row.name, lang: row.lang });
    for (const [creatorId, list] of lists) {
      const stored = normalizeOtherNames(list);
      await manager.query('DELETE FROM creator_other_names WHERE creator_id = ?', [creatorId]);
      if (stored.length > 0)
        await manager.query(
          `INSERT INTO creator_other_names (creator_id, position, name, lang) VALUES ${stored.map(() => '(?, ?, ?, ?)').join(', ')}`,
          stored.flatMap((other, position) => [creatorId, position, other.name, other.lang ?? null]),
        );
      changed.push(creatorId);
    }
  }
  return changed;
}

/**
 * The data part of the migration, on its own so it can be run again (it then changes nothing): every
 * stored creator name, alias, other name and group name as the API stores one now, the name-search
 * rows of the creators changed rewritten by the API's own function, and the tables changed stamped as
 * a write stamps them, so every cached answer built from them goes (on replicas still running, and the
 * stored network analysis, whose member names are copies). No history entry: nobody made a change.
 */
export async function storeNamesInNfc(manager: EntityManager): Promise<StoredNamesOutcome> {
  const left: LeftName[] = [];
  const creators = await rewriteUniqueNames(manager, 'creators', left);
  const aliases = await rewriteAliases(manager);
  const otherNames = await rewriteOtherNames(manager);
  const groups = await rewriteUniqueNames(manager, 'creator_groups', left);

  const touched = new Set([...creators, ...aliases.creators, ...otherNames]);
  // Only creators whose keys differ are rewritten (foldText composes first, so most keys already match).
  await refreshCreatorSearchKeys(manager, touched);

  const tables = new Set<string>();
  if (creators.length > 0) tables.add('creators');
  if (aliases.count > 0) tables.add('creator_aliases');
  if (otherNames.length > 0) tables.add('creator_other_names');
  if (groups.length > 0) tables.add('creator_groups');
  if (touched.size > 0) for (const table of creatorSearchTables(manager)) tables.add(table);
  if (tables.size > 0)
    await stampAnswerVersions(manager, tables, await advanceDataVersion(manager), new Set());
  return {
    creators: creators.length,
    aliases: aliases.count,
    otherNames: otherNames.length,
    groups: groups.length,
    left,
  };
}

/**
 * Names stored before names were kept in Unicode NFC (docs/product.md "Names in every script") are
 * rewritten in NFC with their keys, so a decomposed legacy name is the same name as its composed
 * spelling: the composed spelling answers 409, and a `with:` term in either spelling finds it. A name
 * whose NFC key another creator or group already holds is left as stored and logged: a migration
 * neither merges nor deletes. Nothing to undo: the NFC spelling is the same text.
 */
export class StoredNamesNfc1797994000000 implements MigrationInterface {
  name = 'StoredNamesNfc1797994000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const outcome = await storeNamesInNfc(queryRunner.manager);
    const log = new Logger('StoredNamesNfc');
    for (const row of outcome.left) {
      log.warn(
        `${row.table} ${row.id} keeps its decomposed name: its NFC spelling is the name of ${row.takenBy}`,
      );
    }
  }

  async down(): Promise<void> {
    // NFC is the same text: nothing to put back.
  }
}
