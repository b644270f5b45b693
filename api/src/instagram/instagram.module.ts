import { Module } from '@nestjs/common';
import { InstagramController } from './instagram.controller';
import { InstagramService } from './instagram.service';

/** GET /api/instagram, and the Instagram lookups of the YouTube module (INSTAGRAM_BASE_URL). */
@Module({
  controllers: [InstagramController],
  providers: [InstagramService],
  exports: [InstagramService],
})
export class InstagramModule {}
