import { Module } from '@nestjs/common';
import { CreatorsModule } from '../creators/creators.module';
import { EventsModule } from '../events/events.module';
import { InstagramModule } from '../instagram/instagram.module';
import { ReviewModule } from '../review/review.module';
import { VideosModule } from '../videos/videos.module';
import { CollaboratorResolver } from './collaborator-resolver';
import { ImportEvents } from './import-events';
import { YouTubeImportService } from './import.service';
import { YouTubeInfoService } from './info.service';
import { YouTubePhotosService } from './photos.service';
import { YouTubeRescanService } from './rescan.service';
import { YouTubeController } from './youtube.controller';
import { YouTubeClientModule } from './youtube-client.module';

/**
 * The YouTube features of the admin, one service per job (info, import, rescan, photos); creators and
 * videos are written through their own services. The API calls YouTube so the key never leaves it.
 */
@Module({
  imports: [YouTubeClientModule, InstagramModule, CreatorsModule, VideosModule, ReviewModule, EventsModule],
  controllers: [YouTubeController],
  providers: [
    CollaboratorResolver,
    YouTubeInfoService,
    YouTubeImportService,
    ImportEvents,
    YouTubeRescanService,
    YouTubePhotosService,
  ],
  exports: [YouTubeClientModule, CollaboratorResolver],
})
export class YouTubeModule {}
