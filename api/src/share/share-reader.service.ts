import { Injectable } from '@nestjs/common';
import { GROUP_KIND_LABELS, type GroupKind } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { resolveCreatorId } from '../creators/creator-reader';
import { countGroupCollaborations, readGroupRow, readMembersOn } from '../groups/group-reader';
import { AggregateCache } from '../database/aggregate-cache.service';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { AnswerMemo } from '../common/answer-memo';

export interface CreatorSummary {
  id: number;
  name: string;
  videos: number;
  collaborations: number;
  collaborators: number;
}

export interface PairSummary {
  a: { id: number; name: string };
  b: { id: number; name: string };
  videos: number;
}

export interface LeaderboardSummary {
  creators: number;
  collaborations: number;
  /** The three creators with the most collaborations. */
  top: string[];
}

export interface GroupSummary {
  id: number;
  name: string;
  kind: GroupKind;
  /** The kind's label ('Agency'). */
  kindLabel: string;
  /** Members on the day asked about. */
  members: number;
  /** Collaborations that count for the group (shared rule: an author was a member that day). */
  collaborations: number;
}

type Summary = CreatorSummary | PairSummary | LeaderboardSummary | GroupSummary | null;

/** What the summaries are built from. */
export const SUMMARY_READS = [
  'creators',
  'creator_aliases',
  'videos',
  'video_authors',
  'video_counts',
  'creator_counts',
  'count_totals',
  'creator_groups',
  'group_members',
  'group_videos',
];
/** Summaries kept at most (one per creator or pair previewed). */
const MAX_SUMMARIES = 5000;

/**
 * What previews and cards say: names and the counts kept on write (`creator_counts`, `count_totals`),
 * read once per write and kept (AnswerMemo). A merged-away id reads as the creator it was merged into;
 * an unknown one as null.
 */
@Injectable()
export class ShareReader {
  private readonly memo: AnswerMemo<Summary>;

  constructor(
    private readonly tx: TransactionRunner,
    cache: AggregateCache,
  ) {
    this.memo = new AnswerMemo<Summary>(cache, SUMMARY_READS, MAX_SUMMARIES);
  }

  creator(id: number): Promise<CreatorSummary | null> {
    return this.memo.get(`creator:${id}`, () =>
      this.tx.read(async (manager) => {
        const creator = await named(manager, id);
        if (!creator) return null;
        const [counts] = await rows<{ videos: number; collaborations: number; collaborators: number }>(
          manager,
          'SELECT videos, collaborations, collaborators FROM creator_counts WHERE creator_id = ?',
          [creator.id],
        );
        return {
          ...creator,
          videos: int(counts?.videos),
          collaborations: int(counts?.collaborations),
          collaborators: int(counts?.collaborators),
        };
      }),
    ) as Promise<CreatorSummary | null>;
  }

  /** null when either is unknown; `a` and `b` may resolve to the same creator (the caller refuses it). */
  pair(a: number, b: number): Promise<PairSummary | null> {
    return this.memo.get(`pair:${a}:${b}`, () =>
      this.tx.read(async (manager) => {
        const first = await named(manager, a);
        const second = await named(manager, b);
        if (!first || !second) return null;
        const [together] = await rows<{ videos: number }>(
          manager,
          `SELECT COUNT(*) AS videos
             FROM video_authors x JOIN video_authors y ON y.video_id = x.video_id AND y.creator_id = ?
            WHERE x.creator_id = ?`,
          [second.id, first.id],
        );
        return { a: first, b: second, videos: int(together?.videos) };
      }),
    ) as Promise<PairSummary | null>;
  }

  /** null when no group has the id; `today` decides who is a member now. */
  group(id: number, today: string): Promise<GroupSummary | null> {
    return this.memo.get(`group:${id}:${today}`, () =>
      this.tx.read(async (manager) => {
        const group = await readGroupRow(manager, id);
        if (!group) return null;
        const members = await readMembersOn(manager, id, today);
        const collaborations = await countGroupCollaborations(manager, id);
        return {
          ...group,
          kindLabel: GROUP_KIND_LABELS[group.kind],
          members: members.length,
          collaborations,
        };
      }),
    ) as Promise<GroupSummary | null>;
  }

  leaderboard(): Promise<LeaderboardSummary> {
    return this.memo.get('leaderboard', () =>
      this.tx.read(async (manager) => {
        const [totals] = await rows<{ creators: number; collaborations: number }>(
          manager,
          'SELECT creators, collaborations FROM count_totals WHERE id = 1',
        );
        const top = await rows<{ name: string }>(
          manager,
          `SELECT c.name FROM creator_counts cc JOIN creators c ON c.id = cc.creator_id
            WHERE cc.collaborations > 0
            ORDER BY cc.collaborations DESC, c.id ASC LIMIT 3`,
        );
        return {
          creators: int(totals?.creators),
          collaborations: int(totals?.collaborations),
          top: top.map((row) => row.name),
        };
      }),
    ) as Promise<LeaderboardSummary>;
  }
}

async function named(manager: EntityManager, id: number): Promise<{ id: number; name: string } | null> {
  const resolved = await resolveCreatorId(manager, id);
  if (resolved === null) return null;
  const [row] = await rows<{ name: string }>(manager, 'SELECT name FROM creators WHERE id = ?', [resolved]);
  return row ? { id: resolved, name: row.name } : null;
}
