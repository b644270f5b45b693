import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorAliasEntity } from './creator-alias.entity';
import { CreatorProfileController } from './creator-profile.controller';
import { CreatorProfileService } from './creator-profile.service';
import { CreatorEntity } from './creator.entity';
import { CreatorsController } from './creators.controller';
import { CreatorsService } from './creators.service';
import { VideosModule } from '../videos/videos.module';
import { SocialLinkEntity } from './social-link.entity';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorEntity, SocialLinkEntity, CreatorAliasEntity]), VideosModule],
  controllers: [CreatorsController, CreatorProfileController],
  providers: [CreatorsService, CreatorProfileService],
  exports: [CreatorsService],
})
export class CreatorsModule {}
