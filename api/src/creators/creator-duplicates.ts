import { findDuplicateGroups } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows, rowsWhereIn } from '../database/sql';

/**
 * Duplicate groups (docs/product.md §5 duplicate finder, aliases counted): the shared rule applied to
 * the only creators that can be in a group, those sharing a normalised name or alias with another.
 * Names are unique (UQ_creators_name_key), so every shared key involves an alias: both joins walk the
 * aliases through the name_key indexes and never scan the creators. Groups in id order of their first
 * member, members in id order; each group as its ids.
 */
export async function findDuplicateIdGroups(manager: EntityManager): Promise<number[][]> {
  const pairs = await rows<{ a: number; b: number }>(
    manager,
    `SELECT a.creator_id AS a, c.id AS b
       FROM creator_aliases a JOIN creators c ON c.name_key = a.name_key
      WHERE c.id <> a.creator_id AND a.name_key <> ''
     UNION
     SELECT a.creator_id AS a, o.creator_id AS b
       FROM creator_aliases a JOIN creator_aliases o ON o.name_key = a.name_key
      WHERE o.creator_id > a.creator_id AND a.name_key <> ''`,
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
  const items = new Map(
    names.map((row) => [int(row.id), { id: int(row.id), name: row.name, aliases: [] as string[] }]),
  );
  for (const alias of aliases) items.get(int(alias.creator_id))?.aliases.push(alias.name);
  const ordered = [...items.values()].sort((x, y) => x.id - y.id);
  return findDuplicateGroups(ordered).map((group) => group.map((item) => item.id));
}
