import { findDuplicateGroups } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows, rowsWhereIn } from '../database/sql';

/**
 * Duplicate groups (docs/product.md §5 duplicate finder, aliases and other names counted): the shared rule applied to
 * the only creators that can be in a group, those sharing a folded name (foldText: ぺこら = ペコラ,
 * José = Jose) with another. Those are found in the name-search index (creator-search-keys.ts): its
 * whole name keys joined on themselves through the key index. Groups in id order of their first
 * member, members in id order; each group as its ids.
 */
export async function findDuplicateIdGroups(manager: EntityManager): Promise<number[][]> {
  const pairs = await rows<{ a: number; b: number }>(
    manager,
    `SELECT DISTINCT a.creator_id AS a, b.creator_id AS b
       FROM creator_search_keys a
       JOIN creator_search_keys b
         ON b.search_key = a.search_key AND b.initials = 0 AND b.field = 'name' AND b.creator_id > a.creator_id
      WHERE a.whole = 1 AND a.initials = 0 AND a.field = 'name' AND b.whole = 1`,
  );
  const candidates = [...new Set(pairs.flatMap((pair) => [int(pair.a), int(pair.b)]))];
  if (candidates.length === 0) return [];
  const names = await rowsWhereIn<{ id: number; name: string }>(
    manager,
    'id',
    candidates,
    (where) => `SELECT id, name FROM creators ${where}`,
  );
  const aliases = await rowsWhereIn<{ creator_id: number; name: string }>(
    manager,
    'creator_id',
    candidates,
    (where) => `SELECT creator_id, name FROM creator_aliases ${where} ORDER BY id`,
  );
  const otherNames = await rowsWhereIn<{ creator_id: number; name: string }>(
    manager,
    'creator_id',
    candidates,
    (where) => `SELECT creator_id, name FROM creator_other_names ${where} ORDER BY id`,
  );
  const items = new Map(
    names.map((row) => [
      int(row.id),
      { id: int(row.id), name: row.name, aliases: [] as string[], otherNames: [] as { name: string }[] },
    ]),
  );
  for (const alias of aliases) items.get(int(alias.creator_id))?.aliases.push(alias.name);
  for (const other of otherNames) items.get(int(other.creator_id))?.otherNames.push({ name: other.name });
  const ordered = [...items.values()].sort((x, y) => x.id - y.id);
  return findDuplicateGroups(ordered).map((group) => group.map((item) => item.id));
}
