/**
 * Rescan for collaborators (docs/product.md §7 "Rescan", §8): the video's description and channel from
 * the Data API, the detected collaborators found or created, and the new ones appended as authors
 * through the videos service. One transaction per video.
 */
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { extractVideoId, MESSAGES, type RescanItemResult, type RescanResult } from '@friends/shared';
import { randomUUID } from 'node:crypto';
import type { RecordedChange } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { videoScopes } from '../history/row-snapshot';
import { ReviewService, channelKeyOf } from '../review/review.service';
import { VideosService } from '../videos/videos.service';
import { CollaboratorResolver } from './collaborator-resolver';
import { HandleChannels, type HandleChannelAnswers } from './handle-channels';
import { CreatorDirectory, DirectoryCreator } from './creator-directory';
import { VideoDetails, YouTubeClient } from './youtube-client';
import { requireDataApi, toHttpError } from './youtube-common';

@Injectable()
export class YouTubeRescanService {
  constructor(
    private readonly client: YouTubeClient,
    private readonly tx: TransactionRunner,
    private readonly videos: VideosService,
    private readonly resolver: CollaboratorResolver,
    private readonly changes: ChangesService,
    private readonly review: ReviewService,
    private readonly handles: HandleChannels,
  ) {}

  /** One rescan request is one history entry, whatever number of transactions (one per video) carry it. */
  private async asOneEntry<T>(work: (entry: RecordedChange) => Promise<T>): Promise<T> {
    const key = `rescan:${randomUUID()}`;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    try {
      return await work({
        kind: 'rescan',
        summary: (inserted) => {
          const creators = inserted('creators') ? ` (${plural(inserted('creators'), 'new creator')})` : '';
          return `Rescan added ${plural(inserted('video_authors'), 'author')}${creators}`;
        },
        group: { key, final: false },
      });
    } finally {
      await this.changes.closeGroup(key);
    }
  }

  /** One video, with its own errors ('Could not extract video ID from URL', 'No video data found'). */
  async rescanOne(id: number): Promise<RescanItemResult> {
    requireDataApi(this.client);
    const [row] = await this.tx.read((m) =>
      rows<{ id: number; url: string }>(m, 'SELECT id, url FROM videos WHERE id = ?', [id]),
    );
    if (!row) throw new NotFoundException('Video not found');
    const youtubeId = extractVideoId(row.url);
    if (!youtubeId) throw new BadRequestException(MESSAGES.couldNotExtractVideoIdShort);
    let video: VideoDetails | null;
    try {
      video = await this.client.getVideo(youtubeId);
    } catch (err) {
      throw toHttpError(err);
    }
    if (!video) throw new NotFoundException(MESSAGES.noVideoDataFound);
    const directory = await this.tx.read((m) => CreatorDirectory.load(m));
    const answers = await this.handles.lookUp(this.resolver.handlesToLookUp([video], directory, true));
    const result = await this.asOneEntry((entry) => this.rescanVideo(id, video, directory, entry, answers));
    return answers.problem ? { ...result, notice: answers.problem } : result;
  }

  /** A selection: videos without a YouTube id or without data are skipped silently. */
  async rescanMany(ids: readonly number[]): Promise<RescanResult> {
    requireDataApi(this.client);
    const unique = [...new Set(ids)];
    const found = await this.tx.read((m) =>
      unique.length
        ? rows<{ id: number; url: string }>(
            m,
            `SELECT id, url FROM videos WHERE id IN (${unique.map(() => '?').join(', ')})`,
            unique,
          )
        : Promise.resolve([]),
    );
    const urls = new Map(found.map((r) => [int(r.id), r.url]));
    const youtubeIds = new Map(unique.map((id) => [id, extractVideoId(urls.get(id) ?? '')]));
    let videos: VideoDetails[];
    try {
      videos = await this.client.getVideos([...youtubeIds.values()].filter((v): v is string => !!v));
    } catch (err) {
      throw toHttpError(err);
    }
    const byYouTubeId = new Map(videos.map((v) => [v.id, v]));
    const directory = await this.tx.read((m) => CreatorDirectory.load(m));
    const answers = await this.handles.lookUp(this.resolver.handlesToLookUp(videos, directory, true));
    const results: RescanItemResult[] = [];
    await this.asOneEntry(async (entry) => {
      for (const id of unique) {
        const youtubeId = youtubeIds.get(id);
        const video = youtubeId ? byYouTubeId.get(youtubeId) : undefined;
        if (!urls.has(id)) results.push({ id, added: 0, created: 0, skipped: 'Video not found' });
        else if (!youtubeId)
          results.push({ id, added: 0, created: 0, skipped: MESSAGES.couldNotExtractVideoIdShort });
        else if (!video) results.push({ id, added: 0, created: 0, skipped: MESSAGES.noVideoDataFound });
        else results.push(await this.rescanVideo(id, video, directory, entry, answers));
      }
    });
    return {
      results,
      added: results.reduce((sum, r) => sum + r.added, 0),
      created: results.reduce((sum, r) => sum + r.created, 0),
      proposed: results.reduce((sum, r) => sum + (r.proposed ?? 0), 0),
      ...(answers.problem ? { notice: answers.problem } : {}),
    };
  }

  /** One transaction: reuse or create the detected collaborators and append the new author ids. */
  private async rescanVideo(
    id: number,
    video: VideoDetails,
    directory: CreatorDirectory,
    entry: RecordedChange,
    answers: HandleChannelAnswers,
  ): Promise<RescanItemResult> {
    const made: DirectoryCreator[] = [];
    const channelKey = channelKeyOf(video);
    const boilerplate = await this.review.boilerplate(channelKey, []);
    try {
      return await this.changes.run({ ...entry, scopes: videoScopes([id]) }, async (change) => {
        const { manager } = change;
        const main = directory.channelCreator({
          id: video.channelId,
          title: video.channelTitle,
          handle: video.channelHandle,
        });
        const found = await this.resolver.resolve(change, video, directory, main, made, boilerplate, answers);
        const added = await this.videos.addAuthorsWithin(
          change,
          id,
          found.authorIds,
          found.evidence,
          found.credits,
        );
        await this.videos.mergeCrewWithin(change, id, found.crew);
        const authors = await rows<{ creator_id: number; url_key: string | null }>(
          manager,
          `SELECT va.creator_id, v.url_key FROM video_authors va JOIN videos v ON v.id = va.video_id
            WHERE va.video_id = ?`,
          [id],
        );
        const proposed = await this.review.proposeWithin(manager, {
          videoId: id,
          urlKey: authors[0]?.url_key ?? null,
          channelKey,
          detections: found.proposals,
          authorIds: authors.map((a) => int(a.creator_id)),
        });
        return { id, added: added.length, created: made.length, proposed };
      });
    } catch (err) {
      directory.forget(made.map((c) => c.id));
      throw err;
    }
  }
}
