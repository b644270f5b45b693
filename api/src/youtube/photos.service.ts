/**
 * Refresh Photos: new photos for creators with a YouTube or Instagram link (their first such link), the
 * channel's picture through channels.list (needs the key) or the Instagram profile picture.
 * Up-to-date and failed are counted, and each creator not fetched is counted under why (demo creators'
 * made-up channels are never looked up).
 */
import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { detectPlatform, MESSAGES, type PhotoSkipReason, type RefreshPhotosResult } from '@friends/shared';
import { ChangesService } from '../changes/changes.service';
import { readCreators } from '../creators/creator-reader';
import { CreatorsService } from '../creators/creators.service';
import { isDemoLink } from '../seed/demo-data';
import { TransactionRunner } from '../database/transaction-runner.service';
import { InstagramService } from '../instagram/instagram.service';
import { mapWithConcurrency } from './concurrency';
import { CreatorDirectory, DirectoryCreator } from './creator-directory';
import { YouTubeClient } from './youtube-client';

/** Third-party calls in flight at once for per-creator lookups. */
const LOOKUP_CONCURRENCY = 4;

const SKIP_ORDER: PhotoSkipReason[] = ['demo', 'noKey', 'notFound', 'unreachable'];

/** A lookup's outcome: the photo, or why there is none. */
type Lookup = { photo: string } | { skipped: PhotoSkipReason };

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
    const real = targets.filter((t) => !t.creator.links.every(isDemoLink));
    if (!this.client.hasKey && real.length > 0 && real.every((t) => detectPlatform(t.link) === 'YouTube'))
      throw new ServiceUnavailableException(MESSAGES.youtubeKeyMissing);

    // Channel-id links in batches of 50; handles and other forms one by one, a few at a time.
    const byChannelId = new Map<string, string>();
    const idLinks = targets.map((t) => t.creator.channelIds[0]).filter((id): id is string => !!id);
    let channelBatchOk = false;
    if (this.client.hasKey && idLinks.length) {
      try {
        for (const c of await this.client.getChannels(idLinks)) byChannelId.set(c.id, c.photo);
        channelBatchOk = true;
      } catch {
        // counted as unreachable below
      }
    }
    const lookups = await mapWithConcurrency(targets, LOOKUP_CONCURRENCY, async ({ creator, link }) => {
      if (!real.some((t) => t.creator === creator)) return { skipped: 'demo' } as Lookup;
      const found = (photo: string | null | undefined): Lookup =>
        photo ? { photo } : { skipped: 'notFound' };
      try {
        if (detectPlatform(link) === 'Instagram') return found((await this.instagram.profile(link))?.photo);
        if (!this.client.hasKey) return { skipped: 'noKey' } as Lookup;
        const channelId = creator.channelIds[0];
        if (channelId && link.includes(channelId))
          return byChannelId.has(channelId) || channelBatchOk
            ? found(byChannelId.get(channelId))
            : ({ skipped: 'unreachable' } as Lookup);
        return found((await this.client.resolveChannel(link))?.photo);
      } catch {
        return { skipped: 'unreachable' } as Lookup;
      }
    });

    const changes = targets
      .map((t, i) => {
        const lookup = lookups[i] as Lookup;
        return { id: t.creator.id, old: t.creator.photo, photo: 'photo' in lookup ? lookup.photo : null };
      })
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
    const skipped = new Map<PhotoSkipReason, number>();
    for (const lookup of lookups)
      if ('skipped' in lookup) skipped.set(lookup.skipped, (skipped.get(lookup.skipped) ?? 0) + 1);
    return {
      updated: updates.length,
      upToDate: changes.length - updates.length,
      failed: targets.length - changes.length,
      notFetched: SKIP_ORDER.filter((reason) => skipped.has(reason)).map((reason) => ({
        reason,
        count: skipped.get(reason) as number,
      })),
      creators,
    };
  }
}
