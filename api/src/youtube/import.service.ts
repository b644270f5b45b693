/**
 * Bulk import (docs/product.md §7 "Bulk import"): the preview of a channel or playlist, then the import
 * of chosen videos. Both need the Data API. Each video is one transaction — skipped when its canonical
 * URL exists, else the channel's creator (found or created), the collaborators (found or created) and
 * the video with its ordered authors, all written through the creators and videos services.
 */
import { BadRequestException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import {
  canonicalVideoUrl,
  MESSAGES,
  type ImportItemResult,
  type ImportResult,
  type PlaylistPreview,
} from '@friends/shared';
import { createHash, randomUUID } from 'node:crypto';
import type { RecordedChange } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { isUniqueViolation } from '../database/database-errors';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { ReviewService, channelKeyOf } from '../review/review.service';
import { VideosService, videoUrlKey, type AuthorEvidence } from '../videos/videos.service';
import { CollaboratorResolver } from './collaborator-resolver';
import { HandleChannels, type HandleChannelAnswers } from './handle-channels';
import { CreatorDirectory, DirectoryCreator } from './creator-directory';
import { ImportEvents, type ImportedUpload } from './import-events';
import { VideoDetails, YouTubeChannel, YouTubeClient } from './youtube-client';
import { channelLink, dateOf, requireDataApi, toHttpError } from './youtube-common';
import { YouTubeError } from './youtube-errors';

/** Tries per imported video when a concurrent write wins a unique index (see importOne). */
const MAX_IMPORT_ATTEMPTS = 3;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The history group of an import run: the client's id hashed, so any 64 characters (emoji with
 * selectors are 4 code points each) fit the 80-character column and ids that differ only in case or
 * accents stay apart whatever the database's collation.
 */
const importGroupKey = (importId: string): string =>
  `import:${createHash('sha256').update(importId).digest('hex')}`;

/** Which run of an import a request belongs to (see importVideos). */
export interface ImportRun {
  /** The client's name for the run, the same in each of its requests. */
  importId?: string;
  /** This request is the run's last: its entry closes with it. */
  last?: boolean;
}

/**
 * The history entry of one import run: every transaction of the run appends to it, and its summary
 * is counted from all the rows it made, so a rolled-back transaction leaves neither rows nor a
 * wrong count.
 */
function importEntry(groupKey: string): RecordedChange {
  return {
    kind: 'import',
    summary: (inserted) => {
      const creators = inserted('creators') ? ` (${plural(inserted('creators'), 'new creator')})` : '';
      return `Imported ${plural(inserted('videos'), 'video')}${creators}`;
    },
    group: { key: groupKey, final: false },
  };
}

@Injectable()
export class YouTubeImportService {
  constructor(
    private readonly client: YouTubeClient,
    private readonly tx: TransactionRunner,
    private readonly videos: VideosService,
    private readonly resolver: CollaboratorResolver,
    private readonly changes: ChangesService,
    private readonly review: ReviewService,
    private readonly events: ImportEvents,
    private readonly handles: HandleChannels,
  ) {}

  async playlist(url: string): Promise<PlaylistPreview> {
    if (!url.trim()) throw new BadRequestException(MESSAGES.enterChannelUrl);
    requireDataApi(this.client);
    let listing;
    try {
      listing = await this.client.listVideos(url);
    } catch (err) {
      if (err instanceof YouTubeError && err.code === 'badRequest')
        throw new BadRequestException(MESSAGES.failedToFetchVideos);
      throw toHttpError(err);
    }
    if (!listing || listing.items.length === 0) throw new NotFoundException(MESSAGES.noVideosFound);
    return {
      items: listing.items.map((item) => ({
        id: item.videoId,
        title: item.title,
        url: `https://www.youtube.com/watch?v=${item.videoId}`,
        publishedAt: dateOf(item.publishedAt),
        thumbnail: item.thumbnail,
        channelTitle: item.channelTitle,
      })),
      total: listing.totalResults,
      truncated: listing.truncated,
    };
  }

  /**
   * Imports videos by YouTube id: snippets from videos.list (50 per call), then one transaction each.
   * Every request of one run (the same `importId`) adds to one history entry, undone as one; the run
   * is finished, and its id free to start a new entry, after the request marked `last`, once that
   * entry is undone, or after an hour without a request. Without an id the request is a run of its own.
   */
  async importVideos(ids: readonly string[], run: ImportRun = {}): Promise<ImportResult> {
    requireDataApi(this.client);
    const unique = [...new Set(ids)];
    let videos: VideoDetails[];
    try {
      videos = await this.client.getVideos(unique);
    } catch (err) {
      throw toHttpError(err);
    }
    const byId = new Map(videos.map((v) => [v.id, v]));
    this.events.remember(videos);
    const directory = await this.tx.read((m) => CreatorDirectory.load(m));
    const channels = await this.channelsToCreate(videos, directory);
    const boilerplate = await this.boilerplateByChannel(videos);
    const answers = await this.handles.lookUp(this.resolver.handlesToLookUp(videos, directory, true));

    const results: ImportItemResult[] = [];
    const imported: ImportedUpload[] = [];
    const groupKey = importGroupKey(run.importId ?? randomUUID());
    const entry = importEntry(groupKey);
    let events: { grouped: number; proposed: number };
    try {
      for (const id of unique) {
        const video = byId.get(id);
        if (!video) {
          results.push({ id, status: 'failed', error: MESSAGES.noVideoDataFound });
          continue;
        }
        results.push(
          await this.importOne(
            video,
            directory,
            channels,
            entry,
            boilerplate.get(channelKeyOf(video)),
            imported,
            answers,
          ),
        );
      }
      for (const [channelKey, keys] of boilerplate)
        await this.review.dropBoilerplate(channelKey, keys, entry);
      events = await this.events.apply(imported, entry);
    } finally {
      if (run.importId === undefined || run.last) await this.changes.closeGroup(groupKey);
    }
    const count = (status: string) => results.filter((r) => r.status === status).length;
    return {
      results,
      imported: count('imported'),
      duplicates: count('duplicate'),
      failed: count('failed'),
      proposed: results.reduce((sum, r) => sum + (r.proposed ?? 0), 0),
      events: events.grouped,
      eventProposals: events.proposed,
      ...(answers.problem ? { notice: answers.problem } : {}),
    };
  }

  /** Per channel of the batch: the names its descriptions repeat (stored counts plus this batch). */
  private async boilerplateByChannel(videos: VideoDetails[]): Promise<Map<string, Set<string>>> {
    const byChannel = new Map<string, string[]>();
    for (const v of videos)
      byChannel.set(channelKeyOf(v), [...(byChannel.get(channelKeyOf(v)) ?? []), v.description]);
    const result = new Map<string, Set<string>>();
    for (const [channelKey, descriptions] of byChannel)
      result.set(channelKey, await this.review.boilerplate(channelKey, descriptions));
    return result;
  }

  /** Channel details (photo, handle) for the channels that have no creator yet; one call per 50. */
  private async channelsToCreate(
    videos: VideoDetails[],
    directory: CreatorDirectory,
  ): Promise<Map<string, YouTubeChannel>> {
    const missing = videos
      .filter((v) => v.channelId && !directory.channelCreator({ id: v.channelId, title: v.channelTitle }))
      .map((v) => v.channelId);
    if (missing.length === 0) return new Map();
    try {
      return new Map((await this.client.getChannels(missing)).map((c) => [c.id, c]));
    } catch {
      return new Map(); // a photo is a nicety: the creator is made without it
    }
  }

  private async importOne(
    video: VideoDetails,
    directory: CreatorDirectory,
    channels: Map<string, YouTubeChannel>,
    entry: RecordedChange,
    boilerplate: ReadonlySet<string> | undefined,
    imported: ImportedUpload[],
    answers: HandleChannelAnswers,
  ): Promise<ImportItemResult> {
    const url = canonicalVideoUrl(`https://www.youtube.com/watch?v=${video.id}`);
    const urlKey = videoUrlKey(url);
    for (let attempt = 1; ; attempt++) {
      const made: DirectoryCreator[] = [];
      try {
        return await this.changes.run(entry, async (change) => {
          const { manager } = change;
          const [existing] = await rows<{ id: number }>(manager, 'SELECT id FROM videos WHERE url_key = ?', [
            urlKey,
          ]);
          if (existing) return { id: video.id, status: 'duplicate' as const, videoId: int(existing.id) };

          const channel = channels.get(video.channelId);
          let main = directory.channelCreator({
            id: video.channelId,
            title: video.channelTitle,
            handle: channel?.handle,
          });
          if (!main) {
            const result = await this.resolver.findOrCreate(change, directory, {
              name: video.channelTitle,
              url: channel
                ? channelLink(channel)
                : video.channelId
                  ? channelLink({ id: video.channelId })
                  : '',
              photo: channel?.photo,
            });
            main = result.creator;
            if (result.created) made.push(main);
          }
          const found = await this.resolver.resolve(
            change,
            video,
            directory,
            main,
            made,
            boilerplate,
            answers,
          );
          const authorIds = [main.id, ...found.authorIds];
          const owner: AuthorEvidence = {
            source: 'channel-owner',
            text: video.channelTitle,
            confidence: 'high',
          };
          // The uploader hosts; the others as credited (featured after ft., else guests).
          const authors = [
            { id: main.id, role: 'host' as const, creditedAs: null },
            ...found.authorIds.map((id) => ({ id, ...found.credits.get(id) })),
          ];
          const videoId = await this.videos.createWithin(
            change,
            { title: video.title, url, date: dateOf(video.publishedAt), authorIds, authors },
            new Map([[main.id, owner], ...found.evidence]),
          );
          await this.videos.setCrewWithin(change, videoId, found.crew);
          const channelKey = channelKeyOf(video);
          const proposed = await this.review.proposeWithin(manager, {
            videoId,
            urlKey,
            channelKey,
            detections: found.proposals,
            authorIds,
          });
          change.changed(
            ...(await this.review.countDescriptionWithin(manager, channelKey, video.description)),
          );
          imported.push({
            videoId,
            youtubeId: video.id,
            title: video.title,
            description: video.description,
            publishedAt: video.publishedAt,
            uploaderId: main.id,
            authorIds,
          });
          return {
            id: video.id,
            status: 'imported' as const,
            videoId,
            createdCreators: made.map((c) => c.name),
            proposed,
          };
        });
      } catch (err) {
        directory.forget(made.map((c) => c.id));
        // Another request imported this video, or made one of its creators, at the same moment (on
        // MySQL a snapshot read misses what it has not committed yet): once more, against what is
        // committed now, answers 'duplicate' or reuses those creators (found by the 20-imports test).
        if (attempt < MAX_IMPORT_ATTEMPTS && (isUniqueViolation(err) || isConflict(err))) {
          await this.tx.read((manager) => directory.refresh(manager));
          continue;
        }
        return {
          id: video.id,
          status: 'failed',
          error: err instanceof HttpException ? err.message : MESSAGES.errorAddingVideo,
        };
      }
    }
  }
}

/** The services answer 409 for a taken name or URL, where the old direct inserts hit the unique index. */
function isConflict(err: unknown): boolean {
  return err instanceof HttpException && err.getStatus() === 409;
}
