import { Module } from '@nestjs/common';
import { CardsService } from './cards.service';
import { FeedsService } from './feeds.service';
import { PreviewsService } from './previews.service';
import { ShareController } from './share.controller';
import { ShareReader } from './share-reader.service';

/** Atom feeds, link previews and their card images (docs/product.md "Follow and share"). */
@Module({
  controllers: [ShareController],
  providers: [FeedsService, CardsService, PreviewsService, ShareReader],
})
export class ShareModule {}
