import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type {
  CreatorInfo,
  ImportResult,
  PlaylistPreview,
  RefreshPhotosResult,
  RescanItemResult,
  RescanResult,
  VideoInfo,
} from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { PathId } from '../common/id-params';
import { CreatorInfoDto, ImportDto, PlaylistDto, RescanDto, VideoInfoDto } from './dto/youtube.dto';
import { YouTubeService } from './youtube.service';

/** DESIGN.md departure 3: the API calls YouTube and Instagram for the admin; the key never leaves it. */
@AdminOnly()
@Controller('api/youtube')
export class YouTubeController {
  constructor(private readonly youtube: YouTubeService) {}

  @Post('video-info')
  @HttpCode(200)
  videoInfo(@Body() body: VideoInfoDto): Promise<VideoInfo> {
    return this.youtube.videoInfo(body.url);
  }

  @Post('creator-info')
  @HttpCode(200)
  creatorInfo(@Body() body: CreatorInfoDto): Promise<CreatorInfo> {
    return this.youtube.creatorInfo(body.urls);
  }

  @Post('playlist')
  @HttpCode(200)
  playlist(@Body() body: PlaylistDto): Promise<PlaylistPreview> {
    return this.youtube.playlist(body.url);
  }

  @Post('import')
  @HttpCode(200)
  import(@Body() body: ImportDto): Promise<ImportResult> {
    return this.youtube.importVideos(body.items.map((item) => item.id));
  }

  @Post('rescan')
  @HttpCode(200)
  rescan(@Body() body: RescanDto): Promise<RescanResult> {
    return this.youtube.rescanMany(body.videoIds);
  }

  @Post('rescan/:id')
  @HttpCode(200)
  rescanOne(@PathId() id: number): Promise<RescanItemResult> {
    return this.youtube.rescanOne(id);
  }

  @Post('refresh-photos')
  @HttpCode(200)
  refreshPhotos(): Promise<RefreshPhotosResult> {
    return this.youtube.refreshPhotos();
  }
}
