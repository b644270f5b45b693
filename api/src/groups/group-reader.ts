/**
 * Reads of the groups tables (`creator_groups`, `group_members`), for this module and for the reads
 * elsewhere that show memberships (a creator's profile, the pair page, the boards in api/src/queries).
 */
import {
  foldText,
  isIsoDate,
  matchesNameLookup,
  nameLookup,
  type CreatorMembership,
  type Group,
  type GroupKind,
  type GroupListItem,
  type GroupLookup,
  type GroupLookupGroup,
  type GroupMember,
  type NamedMemberPeriod,
  type Paged,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { int, rows, rowsWhereIn } from '../database/sql';

interface GroupRow {
  id: number;
  name: string;
  kind: string;
}

interface PeriodRow {
  from_date: string;
  to_date: string | null;
}

const toGroupRef = (row: GroupRow) => ({ id: int(row.id), name: row.name, kind: row.kind as GroupKind });

/** The group's row, or null. */
export async function readGroupRow(
  manager: EntityManager,
  id: number,
): Promise<{ id: number; name: string; kind: GroupKind } | null> {
  const [row] = await rows<GroupRow>(manager, 'SELECT id, name, kind FROM creator_groups WHERE id = ?', [id]);
  return row ? toGroupRef(row) : null;
}

/** The group with its membership periods (by start, then the creator's name), or null. */
export async function readGroup(manager: EntityManager, id: number): Promise<Group | null> {
  const group = await readGroupRow(manager, id);
  if (!group) return null;
  const members = await rows<PeriodRow & { id: number; creator_id: number; name: string }>(
    manager,
    `SELECT m.id, m.creator_id, c.name, m.from_date, m.to_date
       FROM group_members m JOIN creators c ON c.id = m.creator_id
      WHERE m.group_id = ?
      ORDER BY m.from_date, LOWER(c.name), m.id`,
    [id],
  );
  return {
    ...group,
    members: members.map((row): GroupMember => ({
      id: int(row.id),
      creatorId: int(row.creator_id),
      name: row.name,
      from: row.from_date,
      to: row.to_date ?? null,
    })),
  };
}

/** Every group's id and its name folded by the shared normaliser, by name: what a search looks in. */
export async function readGroupNames(manager: EntityManager): Promise<{ id: number; folded: string[] }[]> {
  const found = await rows<{ id: number; name: string }>(
    manager,
    'SELECT id, name FROM creator_groups ORDER BY name_key, id',
  );
  return found.map((row) => ({ id: int(row.id), folded: [foldText(row.name)] }));
}

/**
 * One page of the groups `q` finds (shared nameLookup over the folded names: the rules of the creator
 * search), by name, each with how many creators are members on `today`. `names` is readGroupNames'
 * list: groups are few (an agency, its groups and teams), so the search runs over all their names.
 */
export async function searchGroups(
  manager: EntityManager,
  names: readonly { id: number; folded: string[] }[],
  q: string,
  page: Page,
  today: string,
): Promise<Paged<GroupListItem>> {
  if (!isIsoDate(today)) throw new Error(`not a day: ${today}`); // it is written into the SQL
  const lookup = nameLookup(q);
  const matches = names.filter((group) => matchesNameLookup(lookup, group.folded));
  const ids = matches.slice(page.offset, page.offset + page.limit).map((group) => group.id);
  const found = await rowsWhereIn<GroupRow & { current: number }>(
    manager,
    'g.id',
    ids,
    (where) =>
      `SELECT g.id, g.name, g.kind,
              (SELECT COUNT(DISTINCT m.creator_id) FROM group_members m
                WHERE m.group_id = g.id AND m.from_date <= '${today}'
                  AND (m.to_date IS NULL OR m.to_date >= '${today}')) AS current
         FROM creator_groups g ${where}`,
  );
  const byId = new Map(found.map((row) => [int(row.id), row]));
  return {
    total: matches.length,
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [Object.assign(toGroupRef(row), { currentMembers: int(row.current) })] : [];
    }),
  };
}

/** The creator's memberships, oldest first: what its profile shows. */
export async function readCreatorMemberships(
  manager: EntityManager,
  creatorId: number,
): Promise<CreatorMembership[]> {
  const found = await rows<PeriodRow & { group_id: number; name: string }>(
    manager,
    `SELECT m.group_id, g.name, m.from_date, m.to_date
       FROM group_members m JOIN creator_groups g ON g.id = m.group_id
      WHERE m.creator_id = ?
      ORDER BY m.from_date, g.name_key, m.id`,
    [creatorId],
  );
  return found.map((row) => ({
    groupId: int(row.group_id),
    groupName: row.name,
    from: row.from_date,
    to: row.to_date ?? null,
  }));
}

/** Every membership period of these creators, with its group's name (for inside/across marks). */
export async function readMembershipsOf(
  manager: EntityManager,
  creatorIds: readonly number[],
): Promise<NamedMemberPeriod[]> {
  if (creatorIds.length === 0) return [];
  const found = await rowsWhereIn<PeriodRow & { creator_id: number; group_id: number; name: string }>(
    manager,
    'm.creator_id',
    [...new Set(creatorIds)],
    (where) =>
      `SELECT m.creator_id, m.group_id, g.name, m.from_date, m.to_date
         FROM group_members m JOIN creator_groups g ON g.id = m.group_id ${where}`,
  );
  return found.map((row) => ({
    creatorId: int(row.creator_id),
    groupId: int(row.group_id),
    groupName: row.name,
    from: row.from_date,
    to: row.to_date ?? null,
  }));
}

/** The group's periods (creator and dates), by start. */
export async function readGroupPeriods(
  manager: EntityManager,
  groupId: number,
): Promise<{ creatorId: number; from: string; to: string | null }[]> {
  const found = await rows<PeriodRow & { creator_id: number }>(
    manager,
    'SELECT creator_id, from_date, to_date FROM group_members WHERE group_id = ? ORDER BY from_date, id',
    [groupId],
  );
  return found.map((row) => ({
    creatorId: int(row.creator_id),
    from: row.from_date,
    to: row.to_date ?? null,
  }));
}

/** The creators who were members of the group on `date` (YYYY-MM-DD), by id. */
export async function readMembersOn(
  manager: EntityManager,
  groupId: number,
  date: string,
): Promise<number[]> {
  const found = await rows<{ creator_id: number }>(
    manager,
    `SELECT DISTINCT creator_id FROM group_members
      WHERE group_id = ? AND from_date <= ? AND (to_date IS NULL OR to_date >= ?)
      ORDER BY creator_id`,
    [groupId, date, date],
  );
  return found.map((row) => int(row.creator_id));
}

/**
 * The ids of the newest `limit` collaborations that count for the group (docs/product.md "Groups",
 * inside or across), by date: read from the rows kept on write (group-counts.ts), where the rule is.
 */
export async function readGroupCollaborationIds(
  manager: EntityManager,
  groupId: number,
  limit: number,
): Promise<number[]> {
  const found = await rows<{ id: number }>(
    manager,
    `SELECT v.id FROM group_videos gv JOIN videos v ON v.id = gv.video_id
      WHERE gv.group_id = ? ORDER BY v.date DESC, v.id DESC LIMIT ${int(limit)}`,
    [groupId],
  );
  return found.map((row) => int(row.id));
}

/** How many collaborations count for the group (the rows kept on write, as above). */
export async function countGroupCollaborations(manager: EntityManager, groupId: number): Promise<number> {
  const [found] = await rows<{ count: number }>(
    manager,
    'SELECT COUNT(*) AS count FROM group_videos WHERE group_id = ?',
    [groupId],
  );
  return int(found?.count);
}

/**
 * The groups `creatorIds` are members of on `day` (a graph colouring its creators by group): one
 * indexed read of their periods (`creator_id, from_date`), then the groups' names.
 */
export async function readGroupsOf(
  manager: EntityManager,
  creatorIds: readonly number[],
  day: string,
): Promise<GroupLookup> {
  if (!isIsoDate(day)) throw new Error(`not a day: ${day}`); // it is written into the SQL
  const found = await rowsWhereIn<{ creator_id: number; group_id: number }>(
    manager,
    'm.creator_id',
    [...new Set(creatorIds)],
    (where) =>
      `SELECT DISTINCT m.creator_id, m.group_id FROM group_members m ${where}
          AND m.from_date <= '${day}' AND (m.to_date IS NULL OR m.to_date >= '${day}')`,
  );
  const groupsOf = new Map<number, number[]>();
  const counts = new Map<number, number>();
  for (const row of found) {
    const [creatorId, groupId] = [int(row.creator_id), int(row.group_id)];
    groupsOf.set(creatorId, [...(groupsOf.get(creatorId) ?? []), groupId]);
    counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
  }
  const named = await rowsWhereIn<GroupRow>(
    manager,
    'g.id',
    [...counts.keys()],
    (where) => `SELECT g.id, g.name, g.kind FROM creator_groups g ${where}`,
  );
  const groups: GroupLookupGroup[] = named
    .map((row) => Object.assign(toGroupRef(row), { members: counts.get(int(row.id)) ?? 0 }))
    .sort((a, b) => b.members - a.members || a.name.localeCompare(b.name) || a.id - b.id);
  const order = new Map(groups.map((group, index) => [group.id, index]));
  const members: [number, number][] = [];
  for (const creatorId of creatorIds) {
    const ids = groupsOf.get(creatorId) ?? [];
    ids.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    for (const groupId of ids) members.push([creatorId, groupId]);
    groupsOf.delete(creatorId);
  }
  return { asOf: day, groups, members };
}
