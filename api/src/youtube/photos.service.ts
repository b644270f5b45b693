/**
 * Refresh Photos: new photos for creators with a YouTube or Instagram link (their first such link), the
 * channel's picture through channels.list (needs the key) or the Instagram profile picture.
 * Up-to-date and failed are counted.
 */
import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { detectPlatform, MESSAGES, type RefreshPhotosResult } from '@friends/shared';
import { ChangesService } from '../changes/changes.service';
import { readCreators } from '../creators/creator-reader';
import { CreatorsService } from '../creators/creators.service';
import { TransactionRunner } from '../database/transaction-runner.service';
import { InstagramService } from '../instagram/instagram.service';
import { mapWithConcurrency } from './concurrency';
import { CreatorDirectory, DirectoryCreator } from './creator-directory';
import { YouTubeClient } from './youtube-client';

/** Third-party calls in flight at once for per-creator lookups. */
const LOOKUP_CONCURRENCY = 4;

@Injectable()
export class YouTubePhotosService {
  constructor(
    private readonly client: YouTubeClient,
    private readonly tx: TransactionRunner,
    private readonly instagram: InstagramService,
    private readonly changes: ChangesService,
    private readonly creators: CreatorsService,
  ) {}

  async refreshPhotos(): Promise<RefreshPhotosResult> {
    const directory = await this.tx.read((m) => CreatorDirectory.load(m));
    const targets = directory.creators
      .map((creator) => ({
        creator,
        link: creator.links.find((u) => ['YouTube', 'Instagram'].includes(detectPlatform(u))),
      }))
      .filter((t): t is { creator: DirectoryCreator; link: string } => !!t.link);
    if (targets.length === 0) throw new NotFoundException(MESSAGES.noCreatorsWithLinks);
    if (!this.client.hasKey && targets.every((t) => detectPlatform(t.link) === 'YouTube'))
      throw new ServiceUnavailableException(MESSAGES.youtubeKeyMissing);

    // Channel-id links in batches of 50; handles and other forms one by one, a few at a time.
    const byChannelId = new Map<string, string>();
    const idLinks = targets.map((t) => t.creator.channelIds[0]).filter((id): id is string => !!id);
    if (this.client.hasKey && idLinks.length) {
      try {
        for (const c of await this.client.getChannels(idLinks)) byChannelId.set(c.id, c.photo);
      } catch {
        // counted as failed below
      }
    }
    const photos = await mapWithConcurrency(targets, LOOKUP_CONCURRENCY, async ({ creator, link }) => {
      try {
        if (detectPlatform(link) === 'Instagram') {
          return (await this.instagram.profile(link))?.photo || null;
        }
        if (!this.client.hasKey) return null;
        const channelId = creator.channelIds[0];
        if (channelId && link.includes(channelId)) return byChannelId.get(channelId) || null;
        return (await this.client.resolveChannel(link))?.photo || null;
      } catch {
        return null;
      }
    });

    const changes = targets
      .map((t, i) => ({ id: t.creator.id, old: t.creator.photo, photo: photos[i] }))
      .filter((c): c is { id: number; old: string; photo: string } => !!c.photo);
    const updates = changes.filter((c) => c.photo !== c.old);
    if (updates.length) {
      await this.changes.run(
        {
          kind: 'photos.refresh',
          summary: `Refreshed ${updates.length} photo${updates.length === 1 ? '' : 's'}`,
        },
        (change) => this.creators.setPhotosWithin(change, updates),
      );
    }
    const creators = updates.length
      ? [
          ...(
            await this.tx.read((m) =>
              readCreators(
                m,
                updates.map((u) => u.id),
              ),
            )
          ).values(),
        ]
      : [];
    return {
      updated: updates.length,
      upToDate: changes.length - updates.length,
      failed: targets.length - changes.length,
      creators,
    };
  }
}
