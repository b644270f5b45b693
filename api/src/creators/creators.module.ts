import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorAliasEntity } from './creator-alias.entity';
import { CreatorProfileController } from './creator-profile.controller';
import { CreatorProfileService } from './creator-profile.service';
import { CreatorEntity } from './creator.entity';
import { CreatorsController } from './creators.controller';
import { CreatorsService } from './creators.service';
import { GroupsModule } from '../groups/groups.module';
import { VideosModule } from '../videos/videos.module';
import { SocialLinkEntity } from './social-link.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([CreatorEntity, SocialLinkEntity, CreatorAliasEntity]),
    VideosModule,
    GroupsModule,
  ],
  controllers: [CreatorsController, CreatorProfileController],
  providers: [CreatorsService, CreatorProfileService],
  exports: [CreatorsService],
})
export class CreatorsModule {}
