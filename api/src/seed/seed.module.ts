import { Module } from '@nestjs/common';
import { CreatorsModule } from '../creators/creators.module';
import { VideosModule } from '../videos/videos.module';
import { DemoSeeder } from './demo-seeder';

/** The demo data of a fresh database, written through the owners of its tables. */
@Module({ imports: [CreatorsModule, VideosModule], providers: [DemoSeeder] })
export class SeedModule {}
