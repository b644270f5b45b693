import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { API_ROUTES, type Creator, type MessageResponse } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId, QueryId } from '../common/id-params';
import { CreatorsService } from './creators.service';
import { CreateCreatorDto, MergeCreatorsDto, UpdateCreatorDto } from './dto/creator.dto';

/** SPEC.md §7 creator calls. Reads are public; every write needs the admin session (AuthGuard). */
@Controller()
export class CreatorsController {
  constructor(private readonly creators: CreatorsService) {}

  /** CreatorListItem[] */
  @Get(API_ROUTES.creators)
  @JsonText()
  list(): Promise<Buffer> {
    return this.creators.listJson();
  }

  @Post(API_ROUTES.creators)
  create(@Body() body: CreateCreatorDto): Promise<Creator> {
    return this.creators.create(body);
  }

  @Put(API_ROUTES.creators)
  update(@Body() body: UpdateCreatorDto): Promise<Creator> {
    return this.creators.update(body);
  }

  @Patch(API_ROUTES.creators)
  @HttpCode(200)
  merge(@Body() body: MergeCreatorsDto): Promise<MessageResponse> {
    return this.creators.merge(body);
  }

  @Delete(API_ROUTES.creators)
  removeByQuery(@QueryId() id: number): Promise<MessageResponse> {
    return this.creators.remove(id);
  }

  @Delete(`${API_ROUTES.creators}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.creators.remove(id);
  }
}
