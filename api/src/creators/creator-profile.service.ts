import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FREQUENT_COLLABORATORS_SIZE,
  defaultAvatarUrl,
  type CreatorProfile,
  type CreatorStats,
  type FrequentCollaborator,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
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
 * collaborators and its videos (cached by the route, see common/cached-answer.ts).
 */
@Injectable()
export class CreatorProfileService {
  constructor(private readonly tx: TransactionRunner) {}

  profile(id: number): Promise<CreatorProfile> {
    return this.tx.read((manager) => this.read(manager, id));
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
    // shared frequentCollaborators: videos together descending, then id ascending.
    const frequent = await rows<{ id: number; name: string; photo: string; together: number }>(
      manager,
      `SELECT c.id, c.name, c.photo, f.together
         FROM (SELECT other.creator_id AS id, COUNT(*) AS together
                 FROM video_authors mine
                 JOIN video_authors other ON other.video_id = mine.video_id AND other.creator_id <> mine.creator_id
                WHERE mine.creator_id = ?
                GROUP BY other.creator_id) f
         JOIN creators c ON c.id = f.id
        ORDER BY f.together DESC, c.id ASC
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
      videos: await readCreatorVideos(manager, id),
      memberships: await readCreatorMemberships(manager, id),
    };
  }
}
