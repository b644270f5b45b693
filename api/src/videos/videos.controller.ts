import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { API_ROUTES, type MessageResponse, type Video } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId, QueryId } from '../common/id-params';
import { CreateVideoDto, UpdateVideoDto } from './dto/video.dto';
import { VideosService } from './videos.service';

/** SPEC.md §7 video calls. Reads are public; every write needs the admin session (AuthGuard). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  /** Video[] */
  @Get(API_ROUTES.videos)
  @JsonText()
  list(): Promise<Buffer> {
    return this.videos.listJson();
  }

  @Post(API_ROUTES.videos)
  create(@Body() body: CreateVideoDto): Promise<Video> {
    return this.videos.create(body);
  }

  @Put(API_ROUTES.videos)
  update(@Body() body: UpdateVideoDto): Promise<Video> {
    return this.videos.update(body);
  }

  @Delete(API_ROUTES.videos)
  removeByQuery(@QueryId() id: number): Promise<MessageResponse> {
    return this.videos.remove(id);
  }

  @Delete(`${API_ROUTES.videos}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.videos.remove(id);
  }
}
