import { Global, Module } from '@nestjs/common';
import { CountsService } from './counts.service';
import { CreatorCountsReader } from './creator-counts.service';

/**
 * The counts kept on write (`creator_counts`, `video_counts`, `count_totals`). Global: the unit of work
 * keeps them, the seeder and restore rebuild them, and the read side reads them.
 */
@Global()
@Module({
  providers: [CountsService, CreatorCountsReader],
  exports: [CountsService, CreatorCountsReader],
})
export class CountsModule {}
