import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  FEED_ENTRIES,
  GROUP_MESSAGES,
  PAIR_MUST_DIFFER,
  SHARE_ROUTES,
  SHARED_VIEW_PATHS,
  groupFeedTitle,
  type Video,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { resolveCreatorId } from '../creators/creator-reader';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import { AggregateCache } from '../database/aggregate-cache.service';
import { int, rows } from '../database/sql';
import { readGroupCollaborationIds, readGroupRow } from '../groups/group-reader';
import { TransactionRunner } from '../database/transaction-runner.service';
import { authorRowInCollaborationSql } from '../videos/collaboration-sql';
import { readVideosById } from '../videos/video-reader';
import { renderAtom, type AtomEntry } from './atom';
import type { LinkOrigin } from './public-origin';

const EPOCH = '1970-01-01T00:00:00Z';
/** What a feed is built from (a merged-away id is read through creator_aliases). */
const FEED_READS = ['creators', 'creator_aliases', 'videos', 'video_authors'];
/** A group's feed also reads the memberships and the collaborations that count for the group. */
const GROUP_FEED_READS = [...FEED_READS, 'creator_groups', 'group_members', 'group_videos'];

/**
 * Atom feeds of collaborations: a creator's videos with others, or a pair's videos together, newest
 * first by date (undated last, as the pages list them), FEED_ENTRIES at most. Built only from
 * `video_authors`, the confirmed links: a proposal waiting in Review is not a link, and undoing a change
 * removes its rows, so the feed loses it. Kept as cached answers (encoded once, replayed) until a write
 * changes what they read.
 */
@Injectable()
export class FeedsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
  ) {}

  creatorFeed(id: number, { url: origin, keep }: LinkOrigin): Promise<Buffer> {
    return this.kept(keep, `creator:${id} ${origin}`, FEED_READS, () =>
      this.tx.read(async (manager) => {
        const creator = await this.resolve(manager, id);
        // Dated collaborations first, from the narrow rows kept per dated collaboration
        // (counts/month-counts.ts) rather than every video row of a prolific creator; then, if there
        // are fewer, the undated ones (an empty date sorts last).
        const ids = await rows<{ id: number }>(
          manager,
          `SELECT vm.video_id AS id
             FROM video_authors mine JOIN video_months vm ON vm.video_id = mine.video_id
            WHERE mine.creator_id = ?
            ORDER BY vm.date DESC, vm.video_id DESC
            LIMIT ${FEED_ENTRIES}`,
          [creator.id],
        );
        // The creator's authorships first, each video's date checked by its key. Left to its planner,
        // SQLite read every undated video of the catalogue through the date index instead (27–43 ms a
        // feed at 1,000,000 videos, for any creator with fewer dated collaborations than a feed holds);
        // STRAIGHT_JOIN holds MySQL/MariaDB to the same order.
        const inOrder = manager.connection.options.type === 'mysql' ? 'STRAIGHT_JOIN' : 'CROSS JOIN';
        if (ids.length < FEED_ENTRIES)
          ids.push(
            ...(await rows<{ id: number }>(
              manager,
              `SELECT v.id
                 FROM video_authors mine ${inOrder} videos v ON v.id = mine.video_id
                WHERE mine.creator_id = ? AND v.date = '' AND ${authorRowInCollaborationSql('mine')}
                ORDER BY v.id DESC
                LIMIT ${FEED_ENTRIES - ids.length}`,
              [creator.id],
            )),
          );
        const videos = await this.videos(manager, ids);
        const url = `${origin}${SHARED_VIEW_PATHS.creator(creator.id)}`;
        return this.render(origin, {
          id: `${origin}${SHARE_ROUTES.creatorFeed(creator.id)}`,
          title: `${creator.name}: collaborations`,
          subtitle: `Videos ${creator.name} made with other creators, newest first.`,
          page: url,
          self: `${origin}${SHARE_ROUTES.creatorFeed(creator.id)}`,
          videos,
          pairOf: (video) => {
            const other = video.authorIds.find((author) => author !== creator.id) ?? creator.id;
            return [creator.id, other];
          },
        });
      }),
    );
  }

  pairFeed(a: number, b: number, { url: origin, keep }: LinkOrigin): Promise<Buffer> {
    return this.kept(keep, `pair:${a}-${b} ${origin}`, FEED_READS, () =>
      this.tx.read(async (manager) => {
        const first = await this.resolve(manager, a);
        const second = await this.resolve(manager, b);
        if (first.id === second.id) throw new BadRequestException(PAIR_MUST_DIFFER);
        const ids = await rows<{ id: number }>(
          manager,
          `SELECT v.id
             FROM video_authors x
             JOIN video_authors y ON y.video_id = x.video_id AND y.creator_id = ?
             JOIN videos v ON v.id = x.video_id
            WHERE x.creator_id = ?
            ORDER BY v.date DESC, v.id DESC
            LIMIT ${FEED_ENTRIES}`,
          [second.id, first.id],
        );
        const videos = await this.videos(manager, ids);
        const self = `${origin}${SHARE_ROUTES.pairFeed(first.id, second.id)}`;
        return this.render(origin, {
          id: self,
          title: `${first.name} & ${second.name}: videos together`,
          subtitle: `Videos ${first.name} and ${second.name} made together, newest first.`,
          page: `${origin}${SHARED_VIEW_PATHS.pair(first.id, second.id)}`,
          self,
          videos,
          pairOf: () => [first.id, second.id],
        });
      }),
    );
  }

  /**
   * The collaborations that count for the group (shared rule, docs/product.md "Groups": an author was
   * a member on the video's date), newest first. Each entry's pair page is a member's with another
   * author.
   */
  groupFeed(id: number, { url: origin, keep }: LinkOrigin): Promise<Buffer> {
    return this.kept(keep, `group:${id} ${origin}`, GROUP_FEED_READS, () =>
      this.tx.read(async (manager) => {
        const group = await readGroupRow(manager, id);
        if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
        const ids = await readGroupCollaborationIds(manager, id, FEED_ENTRIES);
        const members = new Set(
          (
            await rows<{ creator_id: number }>(
              manager,
              'SELECT DISTINCT creator_id FROM group_members WHERE group_id = ?',
              [id],
            )
          ).map((row) => int(row.creator_id)),
        );
        const videos = await this.videos(
          manager,
          ids.map((videoId) => ({ id: videoId })),
        );
        const self = `${origin}${SHARE_ROUTES.groupFeed(id)}`;
        return this.render(origin, {
          id: self,
          title: groupFeedTitle(group.name),
          subtitle: `Videos the members of ${group.name} made with others while members, newest first.`,
          page: `${origin}${SHARED_VIEW_PATHS.group(id)}`,
          self,
          videos,
          pairOf: (video) => {
            const member = video.authorIds.find((author) => members.has(author)) ?? video.authorIds[0]!;
            return [member, video.authorIds.find((author) => author !== member) ?? member];
          },
        });
      }),
    );
  }

  /** A feed kept until a write changes what it reads; one for a request's own origin is not kept. */
  private kept(
    keep: boolean,
    key: string,
    reads: readonly string[],
    compute: () => Promise<Buffer>,
  ): Promise<Buffer> {
    return keep ? this.cache.buffer(`feed ${key}`, compute, { reads }) : compute();
  }

  private async resolve(manager: EntityManager, id: number): Promise<{ id: number; name: string }> {
    const resolved = await resolveCreatorId(manager, id);
    if (resolved === null) throw new NotFoundException(CREATOR_NOT_FOUND);
    const [row] = await rows<{ name: string }>(manager, 'SELECT name FROM creators WHERE id = ?', [resolved]);
    return { id: resolved, name: row?.name ?? '' };
  }

  /** The videos of `ids`, in that order. */
  private async videos(manager: EntityManager, ids: { id: number }[]): Promise<Video[]> {
    const byId = new Map(
      (
        await readVideosById(
          manager,
          ids.map((row) => int(row.id)),
        )
      ).map((video) => [video.id, video]),
    );
    return ids.flatMap((row) => byId.get(int(row.id)) ?? []);
  }

  private render(
    origin: string,
    feed: {
      id: string;
      title: string;
      subtitle: string;
      page: string;
      self: string;
      videos: Video[];
      pairOf: (video: Video) => [number, number];
    },
  ): Buffer {
    const entries = feed.videos.map((video): AtomEntry => {
      const [a, b] = feed.pairOf(video);
      const pairPage = `${origin}${SHARED_VIEW_PATHS.pair(a, b)}`;
      const updated = video.date ? `${video.date}T00:00:00Z` : EPOCH;
      const names = video.authors.map((author) => author.name);
      return {
        id: `tag:${new URL(origin).hostname},2026:video:${video.id}`,
        title: video.title,
        updated,
        ...(video.date ? { published: updated } : {}),
        links: [
          ...(/^https?:\/\//i.test(video.url)
            ? [{ rel: 'alternate' as const, type: 'text/html', href: video.url }]
            : []),
          { rel: 'related', type: 'text/html', title: 'Their videos together', href: pairPage },
        ],
        authors: video.authors.map((author) => ({
          name: author.name,
          uri: `${origin}${SHARED_VIEW_PATHS.creator(author.id)}`,
        })),
        summary: `${names.join(', ')}${video.date ? ` · ${video.date}` : ''}`,
      };
    });
    const updated = entries.reduce(
      (newest, entry) => (entry.updated > newest ? entry.updated : newest),
      EPOCH,
    );
    return Buffer.from(
      renderAtom({
        id: feed.id,
        title: feed.title,
        subtitle: feed.subtitle,
        updated,
        links: [
          { rel: 'self', type: 'application/atom+xml', href: feed.self },
          { rel: 'alternate', type: 'text/html', href: feed.page },
        ],
        entries,
      }),
    );
  }
}
