/**
 * Video info (the add-video form's 'Fetch Video Info') and creator info ('Fetch Creator Info'). Video
 * info needs no key: without one it comes from oEmbed (title and channel). Creator info reads a YouTube
 * channel (Data API) or an Instagram profile, and falls back to the Instagram username when Instagram
 * does not answer OK (docs/product.md §5, §7).
 */
import { BadRequestException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import {
  canonicalVideoUrl,
  detectPlatform,
  extractVideoId,
  MESSAGES,
  type CreatorInfo,
  type VideoInfo,
  type YouTubeStatus,
} from '@friends/shared';
import { TransactionRunner } from '../database/transaction-runner.service';
import { normaliseInstagramUsername } from '../instagram/instagram-client';
import { InstagramService } from '../instagram/instagram.service';
import { CollaboratorResolver } from './collaborator-resolver';
import { HandleChannels } from './handle-channels';
import { CreatorDirectory } from './creator-directory';
import { YouTubeClient, type VideoDetails } from './youtube-client';
import { dateOf, toHttpError } from './youtube-common';
import { YouTubeError } from './youtube-errors';

@Injectable()
export class YouTubeInfoService {
  constructor(
    private readonly client: YouTubeClient,
    private readonly tx: TransactionRunner,
    private readonly instagram: InstagramService,
    private readonly resolver: CollaboratorResolver,
    private readonly handles: HandleChannels,
  ) {}

  status(): YouTubeStatus {
    return { dataApi: this.client.hasKey };
  }

  async videoInfo(url: string): Promise<VideoInfo> {
    if (!url.trim()) throw new BadRequestException(MESSAGES.enterVideoUrlFirst);
    const videoId = extractVideoId(url);
    if (!videoId) throw new BadRequestException(MESSAGES.couldNotExtractVideoId);
    let video: VideoDetails | null;
    try {
      video = await this.client.getVideo(videoId);
    } catch (err) {
      throw toHttpError(err);
    }
    if (!video) throw new NotFoundException(MESSAGES.failedToFetchVideoInfo);
    const directory = await this.tx.read((m) => CreatorDirectory.load(m));
    const main = directory.channelCreator({
      id: video.channelId,
      title: video.channelTitle,
      handle: video.channelHandle,
    });
    const answers = await this.handles.lookUp(this.resolver.handlesToLookUp([video], directory, false));
    return {
      videoId,
      url: canonicalVideoUrl(url),
      title: video.title,
      date: dateOf(video.publishedAt),
      channelTitle: video.channelTitle,
      description: video.description,
      source: video.source,
      channelCreatorId: main?.id ?? null,
      detected: this.resolver.detect(video, directory, main, answers),
      ...(answers.problem ? { notice: answers.problem } : {}),
    };
  }

  /**
   * The first YouTube link's channel (needs the key), else the first Instagram link's profile, else that
   * link's username as the name (Instagram often answers non-OK: unknown user, rate limit, login wall).
   */
  async creatorInfo(urls: readonly string[]): Promise<CreatorInfo> {
    const youtube = urls.find((u) => detectPlatform(u) === 'YouTube');
    const instagram = urls.find((u) => detectPlatform(u) === 'Instagram');
    if (!youtube && !instagram) throw new BadRequestException(MESSAGES.enterSocialUrlFirst);
    let youtubeError: unknown;
    if (youtube) {
      try {
        if (!this.client.hasKey) throw new YouTubeError('keyMissing');
        const channel = await this.client.resolveChannel(youtube);
        if (channel) return { name: channel.title, photo: channel.photo, source: 'YouTube' };
      } catch (err) {
        youtubeError = err;
      }
    }
    if (instagram) {
      const profile = await this.instagram.profile(instagram);
      if (profile) return { ...profile, source: 'Instagram' };
      const username = normaliseInstagramUsername(instagram);
      if (username) return { name: username, photo: '', source: 'Instagram' };
    }
    // Only a configuration problem is worth naming; anything else is the generic alert.
    if (
      youtubeError instanceof YouTubeError &&
      ['keyMissing', 'keyInvalid', 'quotaExceeded'].includes(youtubeError.code)
    )
      throw toHttpError(youtubeError);
    throw new HttpException(MESSAGES.couldNotFetchCreatorInfo, 502);
  }
}
