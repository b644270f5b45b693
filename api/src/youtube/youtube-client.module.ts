import { Module } from '@nestjs/common';
import { HandleChannels } from './handle-channels';
import { youtubeClientProvider } from './youtube-common';

/** The one YouTube client and the handle lookups, for every module that asks YouTube something. */
@Module({
  providers: [youtubeClientProvider, HandleChannels],
  exports: [youtubeClientProvider, HandleChannels],
})
export class YouTubeClientModule {}
