import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FREQUENT_COLLABORATORS_SIZE,
  PAGING,
  defaultAvatarUrl,
  type CreatorProfile,
  type CreatorStats,
  type FrequentCollaborator,
  type VideoPage,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import type { CreatorCounts } from '../counts/creator-counts.service';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { readCreatorMemberships } from '../groups/group-reader';
import { readCreatorVideos } from '../videos/video-reader';
import { readCreators, resolveCreatorId } from './creator-reader';
import { CREATOR_NOT_FOUND } from './creators.service';

/** shared's CreatorStats from a creator's stored counts (solo videos derived). */
export function creatorStats(counts: CreatorCounts): CreatorStats {
  return {
    totalVideos: counts.total,
    soloVideos: counts.total - counts.collaborations,
    collaborations: counts.collaborations,
    collaborators: counts.collaborators,
  };
}

/**
 * A creator's page (docs/product.md §2): the creator, its stored counts, its most frequent
 * collaborators and the first page of its videos, the rest a page at a time (cached by the route, see
 * common/cached-answer.ts). Its bytes do not grow with the creator.
 */
@Injectable()
export class CreatorProfileService {
  constructor(private readonly tx: TransactionRunner) {}

  profile(id: number): Promise<CreatorProfile> {
    return this.tx.read((manager) => this.read(manager, id));
  }

  /** One page of the creator's videos, in the profile's order, with how many there are in all. */
  videos(id: number, page: Page): Promise<VideoPage> {
    return this.tx.read(async (manager) => {
      const creator = await this.resolveOrFail(manager, id);
      return {
        total: await this.videoCount(manager, creator),
        items: await readCreatorVideos(manager, creator, page),
      };
    });
  }

  /** resolveCreatorId, or 404 when the id names no creator. */
  private async resolveOrFail(manager: EntityManager, requestedId: number): Promise<number> {
    const id = await resolveCreatorId(manager, requestedId);
    if (id === null) throw new NotFoundException(CREATOR_NOT_FOUND);
    return id;
  }

  /** The creator's videos in all, from the counts kept on write. */
  private async videoCount(manager: EntityManager, id: number): Promise<number> {
    const [own] = await rows<{ videos: number }>(
      manager,
      'SELECT videos FROM creator_counts WHERE creator_id = ?',
      [id],
    );
    return int(own?.videos);
  }

  private async read(manager: EntityManager, requestedId: number): Promise<CreatorProfile> {
    const id = await resolveCreatorId(manager, requestedId);
    const creator = id === null ? undefined : (await readCreators(manager, [id])).get(id);
    if (id === null || !creator) throw new NotFoundException(CREATOR_NOT_FOUND);

    const [own] = await rows<{ videos: number; collaborations: number; collaborators: number }>(
      manager,
      'SELECT videos, collaborations, collaborators FROM creator_counts WHERE creator_id = ?',
      [id],
    );
    const [byEvent] = await rows<{ events: number }>(
      manager,
      'SELECT events FROM creator_event_counts WHERE creator_id = ?',
      [id],
    );
    // shared frequentCollaborators: videos together descending, then id ascending. From the pair
    // counts kept on write (a few rows of an index), not from every authorship of the creator's
    // videos: the first read after a write to a prolific creator stays cheap.
    const frequent = await rows<{ id: number; name: string; photo: string; together: number }>(
      manager,
      `SELECT c.id, c.name, c.photo, p.videos AS together
         FROM creator_pairs p JOIN creators c ON c.id = p.other_id
        WHERE p.creator_id = ? AND p.videos > 0
        ORDER BY p.videos DESC, p.other_id ASC
        LIMIT ${FREQUENT_COLLABORATORS_SIZE}`,
      [id],
    );
    return {
      creator,
      stats: creatorStats({
        total: int(own?.videos),
        collaborations: int(own?.collaborations),
        collaborators: int(own?.collaborators),
      }),
      frequentCollaborators: frequent.map((row): FrequentCollaborator => ({
        id: int(row.id),
        name: row.name,
        photo: row.photo || defaultAvatarUrl(row.name),
        count: int(row.together),
      })),
      videos: await readCreatorVideos(manager, id, { offset: 0, limit: PAGING.profileVideos }),
      videosTotal: int(own?.videos),
      collaborationEvents: int(byEvent?.events),
      memberships: await readCreatorMemberships(manager, id),
    };
  }
}
