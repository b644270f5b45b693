import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type {
  CreatorInfo,
  ImportResult,
  PlaylistPreview,
  RefreshPhotosResult,
  RescanItemResult,
  RescanResult,
  VideoInfo,
  YouTubeStatus,
} from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { PathId } from '../common/id-params';
import { CreatorInfoDto, ImportDto, PlaylistDto, RescanDto, VideoInfoDto } from './dto/youtube.dto';
import { YouTubeImportService } from './import.service';
import { YouTubeInfoService } from './info.service';
import { YouTubePhotosService } from './photos.service';
import { YouTubeRescanService } from './rescan.service';

/** The API calls YouTube and Instagram for the admin, so the key never leaves the server. */
@AdminOnly()
@Controller('api/youtube')
export class YouTubeController {
  constructor(
    private readonly info: YouTubeInfoService,
    private readonly importer: YouTubeImportService,
    private readonly rescanner: YouTubeRescanService,
    private readonly photos: YouTubePhotosService,
  ) {}

  /** Whether the Data API features can work (the admin UI disables them otherwise). */
  @Get('status')
  status(): YouTubeStatus {
    return this.info.status();
  }

  @Post('video-info')
  @HttpCode(200)
  videoInfo(@Body() body: VideoInfoDto): Promise<VideoInfo> {
    return this.info.videoInfo(body.url);
  }

  @Post('creator-info')
  @HttpCode(200)
  creatorInfo(@Body() body: CreatorInfoDto): Promise<CreatorInfo> {
    return this.info.creatorInfo(body.urls);
  }

  @Post('playlist')
  @HttpCode(200)
  playlist(@Body() body: PlaylistDto): Promise<PlaylistPreview> {
    return this.importer.playlist(body.url);
  }

  @Post('import')
  @HttpCode(200)
  import(@Body() body: ImportDto): Promise<ImportResult> {
    return this.importer.importVideos(
      body.items.map((item) => item.id),
      { importId: body.importId, last: body.last },
    );
  }

  @Post('rescan')
  @HttpCode(200)
  rescan(@Body() body: RescanDto): Promise<RescanResult> {
    return this.rescanner.rescanMany(body.videoIds);
  }

  @Post('rescan/:id')
  @HttpCode(200)
  rescanOne(@PathId() id: number): Promise<RescanItemResult> {
    return this.rescanner.rescanOne(id);
  }

  @Post('refresh-photos')
  @HttpCode(200)
  refreshPhotos(): Promise<RefreshPhotosResult> {
    return this.photos.refreshPhotos();
  }
}
