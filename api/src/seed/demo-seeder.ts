import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ChangesService } from '../changes/changes.service';
import type { AppConfig } from '../config/configuration';
import { CreatorsService } from '../creators/creators.service';
import { DatabaseState } from '../database/database-state';
import { VideosService } from '../videos/videos.service';
import { demoData } from './demo-data';

/**
 * SEED_DEMO: fills the demo data into a SQLite file created by this start (SEED_DEMO unset), or into
 * any empty database when SEED_DEMO=true; never when SEED_DEMO=false, never into a database that
 * already holds creators. One change, through the creators' and videos' own services, not in the
 * history (there is nothing before it to go back to).
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly state: DatabaseState,
    private readonly changes: ChangesService,
    private readonly creators: CreatorsService,
    private readonly videos: VideosService,
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
    return this.changes.run({ history: false }, async (change) => {
      const [row] = (await change.manager.query('SELECT COUNT(*) AS n FROM creators')) as { n: unknown }[];
      if (Number(row?.n ?? 0) > 0) return false;
      const ids: number[] = [];
      for (const creator of creators) {
        ids.push(
          await this.creators.createWithin(change, {
            name: creator.name,
            socialLinks: creator.links.map((url) => ({ url })),
          }),
        );
      }
      for (const video of videos) {
        await this.videos.createWithin(change, {
          title: video.title,
          url: video.url,
          date: video.date,
          authorIds: video.authors.map((index) => ids[index] as number),
        });
      }
      return true;
    });
  }
}
