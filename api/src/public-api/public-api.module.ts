import { Module } from '@nestjs/common';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { ReadCountsStore } from './read-counts.store';

/** API keys and the replicas' shared read counts (the limit itself is applied by ReadLimits). */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ReadCountsStore],
  exports: [ApiKeysService, ReadCountsStore],
})
export class PublicApiModule {}
