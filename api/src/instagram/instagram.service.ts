import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { InstagramInfo } from '@friends/shared';
import type { YoutubeConfig } from '../config/configuration';
import { InstagramClient, InstagramProfile, normaliseInstagramUsername } from './instagram-client';

@Injectable()
export class InstagramService {
  private readonly client: InstagramClient;

  constructor(config: ConfigService) {
    this.client = new InstagramClient({ baseUrl: config.get<YoutubeConfig>('youtube')?.instagramBaseUrl });
  }

  /** The profile of a username, an @handle or a profile URL; null when Instagram does not answer OK. */
  async profile(usernameOrUrl: string): Promise<InstagramProfile | null> {
    const username = normaliseInstagramUsername(usernameOrUrl);
    return username ? this.client.getProfile(username) : null;
  }

  /** GET /api/instagram (docs/product.md §7): name and photo, or the name alone when Instagram is not OK. */
  async info(input: string): Promise<InstagramInfo> {
    const username = normaliseInstagramUsername(input);
    if (!username) throw new BadRequestException('username must be an Instagram username');
    return (await this.client.getProfile(username)) ?? { name: username, photo: '' };
  }
}
