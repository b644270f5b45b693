import { Module } from '@nestjs/common';
import { CreatorsModule } from '../creators/creators.module';
import { EventsModule } from '../events/events.module';
import { VideosModule } from '../videos/videos.module';
import { YouTubeClientModule } from '../youtube/youtube-client.module';
import { ReviewController } from './review.controller';
import { ReviewService } from './review.service';

/** GET /api/review and the accept / reject decisions; the import and rescan file proposals here. */
@Module({
  imports: [CreatorsModule, VideosModule, EventsModule, YouTubeClientModule],
  controllers: [ReviewController],
  providers: [ReviewService],
  exports: [ReviewService],
})
export class ReviewModule {}
