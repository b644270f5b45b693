/** What the YouTube services share: the client built from the configuration, and HTTP answers. */
import { HttpException, ServiceUnavailableException, type Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MESSAGES, youtubeHandleUrl } from '@friends/shared';
import type { YoutubeConfig } from '../config/configuration';
import { YouTubeClient } from './youtube-client';
import { YouTubeError } from './youtube-errors';

/** One YouTubeClient per process, from YOUTUBE_API_KEY / YOUTUBE_API_BASE_URL / YOUTUBE_OEMBED_URL. */
export const youtubeClientProvider: Provider = {
  provide: YouTubeClient,
  inject: [ConfigService],
  useFactory: (config: ConfigService) => {
    const yt = config.get<YoutubeConfig>('youtube');
    return new YouTubeClient({ apiKey: yt?.apiKey, baseUrl: yt?.apiBaseUrl, oembedUrl: yt?.oembedUrl });
  },
};

/** A YouTubeError as the HTTP answer { error } with its status (never a 500). */
export function toHttpError(err: unknown): unknown {
  if (err instanceof YouTubeError) return new HttpException(err.message, err.status);
  return err;
}

/** 503 in plain words for the features that need the Data API, before any work. */
export function requireDataApi(client: YouTubeClient): void {
  if (!client.hasKey) throw new ServiceUnavailableException(MESSAGES.youtubeKeyMissing);
}

/** YYYY-MM-DD of an ISO time, or '' (oEmbed gives no date). */
export function dateOf(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : '';
}

/** The link a new channel creator gets: its handle when known, else its channel id URL. */
export function channelLink(channel: { id: string; handle?: string | null }): string {
  return channel.handle ? youtubeHandleUrl(channel.handle) : `https://www.youtube.com/channel/${channel.id}`;
}
