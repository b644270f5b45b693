import { Module } from '@nestjs/common';
import { InstagramModule } from '../instagram/instagram.module';
import { YouTubeController } from './youtube.controller';
import { YouTubeService } from './youtube.service';

/** YouTube (and, through InstagramModule, Instagram) for the admin: DESIGN.md departures 3 and 6. */
@Module({
  imports: [InstagramModule],
  controllers: [YouTubeController],
  providers: [YouTubeService],
})
export class YouTubeModule {}
