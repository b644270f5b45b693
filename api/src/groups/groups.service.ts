import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  GROUP_LIMITS,
  GROUP_MESSAGES,
  addDays,
  foldText,
  groupExistsMessage,
  membershipProblem,
  planMembershipMerge,
  storedName,
  normalizeName,
  periodText,
  quoted,
  utcDay,
  type Group,
  type GroupLookup,
  type GroupMember,
  type MembershipPeriod,
  type HistoryKind,
  type MessageResponse,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Change } from '../changes/change';
import type { Page } from '../common/page-params';
import { CREATOR_NOT_FOUND } from '../creators/creator-messages';
import { AggregateCache } from '../database/aggregate-cache.service';
import { isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { ChangesService } from '../changes/changes.service';
import { groupScopes, type Scope } from '../history/row-snapshot';
import type { GroupDto, MembershipDto, MembershipUpdateDto } from './dto/group.dto';
import { GroupMemberEntity } from './group-member.entity';
import { GroupEntity } from './group.entity';
import { readGroup, readGroupNames, readGroupRow, readGroupsOf, searchGroups } from './group-reader';

/** What a change did, for its history entry; `created` names rows whose ids were unknown before. */
interface Described<T> {
  result: T;
  entry: { kind: HistoryKind; summary: string };
  created?: Scope[];
}

interface MemberRow {
  id: number;
  group_id: number;
  creator_id: number;
  from_date: string;
  to_date: string | null;
}

/** Midnight UTC after `day`: answers that count today's members stop being current then. */
const endOf = (day: string) => Date.parse(`${addDays(day, 1)}T00:00:00Z`);

/**
 * Groups and their membership periods (docs/product.md "Groups"): the only writer of `creator_groups`
 * and `group_members`. Every write is one change with one history entry, undoable.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly changes: ChangesService,
  ) {}

  /** GET /api/groups: one page of the groups `q` finds, with today's member counts. */
  listJson(q: string, page: Page, today: string = utcDay()): Promise<Buffer> {
    const key = `groups:${today}:${page.offset}:${page.limit}:${foldText(q)}`;
    return this.cache.json(
      key,
      async () => {
        const names = await this.cache.value('groups:names', () => this.tx.read(readGroupNames));
        return this.tx.read((manager) => searchGroups(manager, names, q, page, today));
      },
      endOf(today),
    );
  }

  /** GET /api/groups/of?ids=: the groups of these creators on `today` (a graph's colours). */
  lookup(creatorIds: readonly number[], today: string = utcDay()): Promise<GroupLookup> {
    return this.tx.read((manager) => readGroupsOf(manager, creatorIds, today));
  }

  /** GET /api/groups/:id */
  groupJson(id: number): Promise<Buffer> {
    return this.cache.json(`group:${id}`, () =>
      this.tx.read(async (manager) => {
        const group = await readGroup(manager, id);
        if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
        return group;
      }),
    );
  }

  async create(input: GroupDto): Promise<Group> {
    const { name, nameKey } = groupName(input.name);
    return this.change([], async (manager) => {
      await this.requireFreeName(manager, nameKey);
      const inserted = await manager.insert(GroupEntity, { name, nameKey, kind: input.kind });
      const id = int(inserted.identifiers[0]?.id);
      return {
        result: (await readGroup(manager, id)) as Group,
        entry: { kind: 'group.create', summary: `Created group ${quoted(name)}` },
        created: groupScopes([id]),
      };
    });
  }

  async update(id: number, input: GroupDto): Promise<Group> {
    const { name, nameKey } = groupName(input.name);
    return this.change(groupScopes([id]), async (manager) => {
      const before = await this.requireGroup(manager, id);
      await this.requireFreeName(manager, nameKey, id);
      await manager.update(GroupEntity, { id }, { name, nameKey, kind: input.kind });
      const renamed = before.name === name ? '' : ` (was ${quoted(before.name)})`;
      return {
        result: (await readGroup(manager, id)) as Group,
        entry: { kind: 'group.update', summary: `Edited group ${quoted(name)}${renamed}` },
      };
    });
  }

  async remove(id: number): Promise<MessageResponse> {
    return this.change(groupScopes([id]), async (manager) => {
      const group = await this.requireGroup(manager, id);
      await manager.delete(GroupMemberEntity, { groupId: id });
      await manager.delete(GroupEntity, { id });
      return {
        result: { message: 'Group deleted' },
        entry: { kind: 'group.delete', summary: `Deleted group ${quoted(group.name)}` },
      };
    });
  }

  async addMember(groupId: number, input: MembershipDto): Promise<GroupMember> {
    return this.change(groupScopes([groupId]), async (manager) => {
      const group = await this.requireGroup(manager, groupId);
      const creator = await this.requireCreator(manager, input.creatorId);
      const period = await this.checkedPeriod(manager, groupId, input.creatorId, input, null);
      const count = await rows<{ n: number }>(
        manager,
        'SELECT COUNT(*) AS n FROM group_members WHERE group_id = ?',
        [groupId],
      );
      if (int(count[0]?.n) >= GROUP_LIMITS.memberships)
        throw new BadRequestException(GROUP_MESSAGES.tooManyMemberships);
      const inserted = await manager.insert(GroupMemberEntity, {
        groupId,
        creatorId: input.creatorId,
        from: period.from,
        to: period.to,
      });
      const id = int(inserted.identifiers[0]?.id);
      return {
        result: { id, creatorId: input.creatorId, name: creator.name, ...period },
        entry: {
          kind: 'membership.create',
          summary: `Added ${quoted(creator.name)} to ${quoted(group.name)}, ${periodText(period)}`,
        },
      };
    });
  }

  async updateMember(groupId: number, memberId: number, input: MembershipUpdateDto): Promise<GroupMember> {
    return this.change(groupScopes([groupId]), async (manager) => {
      const group = await this.requireGroup(manager, groupId);
      const member = await this.requireMember(manager, groupId, memberId);
      const creatorId = input.creatorId ?? int(member.creator_id);
      const creator = await this.requireCreator(manager, creatorId);
      const period = await this.checkedPeriod(manager, groupId, creatorId, input, memberId);
      await manager.update(
        GroupMemberEntity,
        { id: memberId },
        { creatorId, from: period.from, to: period.to },
      );
      return {
        result: { id: memberId, creatorId, name: creator.name, ...period },
        entry: {
          kind: 'membership.update',
          summary: `Changed ${quoted(creator.name)} in ${quoted(group.name)} to ${periodText(period)}`,
        },
      };
    });
  }

  async removeMember(groupId: number, memberId: number): Promise<MessageResponse> {
    return this.change(groupScopes([groupId]), async (manager) => {
      const group = await this.requireGroup(manager, groupId);
      const member = await this.requireMember(manager, groupId, memberId);
      const [creator] = await rows<{ name: string }>(manager, 'SELECT name FROM creators WHERE id = ?', [
        member.creator_id,
      ]);
      await manager.delete(GroupMemberEntity, { id: memberId });
      const period = { from: member.from_date, to: member.to_date ?? null };
      return {
        result: { message: 'Membership deleted' },
        entry: {
          kind: 'membership.delete',
          summary: `Removed ${quoted(creator?.name ?? `#${int(member.creator_id)}`)} from ${quoted(group.name)} (${periodText(period)})`,
        },
      };
    });
  }

  /**
   * Inside a merge of creators (their change, so Undo puts every period back): the merged creators'
   * periods become the primary's, exact duplicates dropped and overlapping ones joined (shared
   * planMembershipMerge), before the merged creators are deleted.
   */
  async mergeMembershipsWithin(
    change: Change,
    primaryId: number,
    mergeIds: readonly number[],
  ): Promise<void> {
    const { manager } = change;
    const all = [primaryId, ...mergeIds];
    await change.touch({ table: 'group_members', column: 'creator_id', ids: all });
    const found: MemberRow[] = [];
    for (const part of chunks(all)) {
      found.push(
        ...(await rows<MemberRow>(
          manager,
          `SELECT id, group_id, creator_id, from_date, to_date FROM group_members
            WHERE creator_id IN ${placeholders(part.length)} ORDER BY id${lockFor(manager, 'update')}`,
          part,
        )),
      );
    }
    const plan = planMembershipMerge(
      found.map((row) => ({
        id: int(row.id),
        groupId: int(row.group_id),
        primary: int(row.creator_id) === primaryId,
        from: row.from_date,
        to: row.to_date ?? null,
      })),
    );
    for (const part of chunks(plan.remove)) {
      await manager.query(`DELETE FROM group_members WHERE id IN ${placeholders(part.length)}`, part);
    }
    for (const part of chunks(plan.move)) {
      await manager.query(
        `UPDATE group_members SET creator_id = ? WHERE id IN ${placeholders(part.length)}`,
        [primaryId, ...part],
      );
    }
    for (const period of plan.widen) {
      await manager.update(
        GroupMemberEntity,
        { id: period.id },
        { creatorId: primaryId, from: period.from, to: period.to },
      );
    }
  }

  /** One change through the unit of work: the rows of `scopes` before and after, and those `created`. */
  private async change<T>(
    scopes: Scope[],
    work: (manager: EntityManager) => Promise<Described<T>>,
  ): Promise<T> {
    try {
      return await this.changes.run({ kind: 'group.update', summary: '', scopes }, async (change) => {
        const { result, entry, created } = await work(change.manager);
        change.kind = entry.kind;
        change.summary = entry.summary;
        change.made(...(created ?? []));
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException('A group with that name already exists');
      throw error;
    }
  }

  private async requireGroup(manager: EntityManager, id: number) {
    const group = await readGroupRow(manager, id);
    if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
    return group;
  }

  private async requireCreator(manager: EntityManager, id: number): Promise<{ name: string }> {
    const [creator] = await rows<{ name: string }>(
      manager,
      `SELECT name FROM creators WHERE id = ?${lockFor(manager, 'share')}`,
      [id],
    );
    if (!creator) throw new NotFoundException(CREATOR_NOT_FOUND);
    return creator;
  }

  private async requireMember(manager: EntityManager, groupId: number, id: number): Promise<MemberRow> {
    const [member] = await rows<MemberRow>(
      manager,
      'SELECT id, group_id, creator_id, from_date, to_date FROM group_members WHERE id = ? AND group_id = ?',
      [id, groupId],
    );
    if (!member) throw new NotFoundException(GROUP_MESSAGES.membershipNotFound);
    return member;
  }

  private async requireFreeName(manager: EntityManager, nameKey: string, except?: number): Promise<void> {
    const [taken] = await rows<{ id: number; name: string }>(
      manager,
      `SELECT id, name FROM creator_groups WHERE name_key = ?${lockFor(manager, 'share')}`,
      [nameKey],
    );
    if (taken && int(taken.id) !== except) throw new ConflictException(groupExistsMessage(taken.name));
  }

  /** The period as stored, after the shared rule: dates, order, and no overlap with the creator's others. */
  private async checkedPeriod(
    manager: EntityManager,
    groupId: number,
    creatorId: number,
    input: { from: unknown; to?: unknown },
    except: number | null,
  ): Promise<MembershipPeriod> {
    const others = await rows<MemberRow>(
      manager,
      'SELECT id, from_date, to_date FROM group_members WHERE group_id = ? AND creator_id = ?',
      [groupId, creatorId],
    );
    const problem = membershipProblem(
      { from: input.from, to: input.to },
      others
        .filter((row) => int(row.id) !== except)
        .map((row) => ({ from: row.from_date, to: row.to_date ?? null })),
    );
    if (problem) throw new BadRequestException(problem);
    return { from: input.from as string, to: (input.to as string | null | undefined) ?? null };
  }
}

/** The name as stored (shared storedName: NFC, trimmed, inner spaces collapsed) and its key; 400 when blank. */
function groupName(text: string): { name: string; nameKey: string } {
  const name = storedName(text);
  if (!name) throw new BadRequestException(GROUP_MESSAGES.nameRequired);
  return { name, nameKey: normalizeName(name) };
}
