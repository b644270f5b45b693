import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { detectPlatform, normalizeName } from '@friends/shared';
import type { AppConfig } from '../../config/configuration';
import { CreatorEntity } from '../../creators/creator.entity';
import { SocialLinkEntity } from '../../creators/social-link.entity';
import { VideoAuthorEntity } from '../../videos/video-author.entity';
import { VideoEntity } from '../../videos/video.entity';
import { videoUrlKey } from '../../videos/videos.service';
import { CountsService } from '../counts.service';
import { DatabaseState } from '../database-state';
import { int } from '../sql';
import { TransactionRunner } from '../transaction-runner.service';
import { demoData } from './demo-data';

/**
 * SEED_DEMO: fills the demo data into a SQLite file created by this start (SEED_DEMO unset), or into
 * any empty database when SEED_DEMO=true; never when SEED_DEMO=false, never into a database that
 * already holds creators. One transaction.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly state: DatabaseState,
    private readonly tx: TransactionRunner,
    private readonly counts: CountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const wanted = this.config.get('database', { infer: true }).seedDemo ?? this.state.createdFresh;
    if (!wanted) return;
    const seeded = await this.seed();
    this.logger.log(
      seeded ? 'Seeded the demo creators and videos' : 'Demo data not seeded: the database is not empty',
    );
  }

  /** Inserts the demo data unless creators exist. True when it did. */
  async seed(): Promise<boolean> {
    const { creators, videos } = demoData();
    return this.tx.write(async (manager) => {
      if ((await manager.count(CreatorEntity)) > 0) return false;
      const ids: number[] = [];
      for (const creator of creators) {
        const result = await manager.insert(CreatorEntity, {
          name: creator.name,
          nameKey: normalizeName(creator.name),
          photo: '',
        });
        const id = int(result.identifiers[0]?.id);
        ids.push(id);
        await manager.insert(
          SocialLinkEntity,
          creator.links.map((url, position) => ({
            creatorId: id,
            position,
            platform: detectPlatform(url),
            url,
          })),
        );
      }
      for (const video of videos) {
        const result = await manager.insert(VideoEntity, {
          title: video.title,
          url: video.url,
          urlKey: videoUrlKey(video.url),
          date: video.date,
        });
        const videoId = int(result.identifiers[0]?.id);
        await manager.insert(
          VideoAuthorEntity,
          video.authors.map((index, position) => ({ videoId, creatorId: ids[index] as number, position })),
        );
      }
      await this.counts.rebuild(manager);
      return true;
    });
  }
}
