import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { API_ROUTES, type CollabEvent, type MessageResponse } from '@friends/shared';
import { CachedAnswer, CATALOGUE_TABLES } from '../common/cached-answer';
import { PathId } from '../common/id-params';
import { EventDto } from './dto/event.dto';
import { EventsService } from './events.service';

/** Collab events: reading one is public; grouping and ungrouping need the admin session. */
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** CollabEvent: its uploads, oldest first, and every author once. */
  @Get(`${API_ROUTES.events}/:id`)
  @CachedAnswer({ reads: CATALOGUE_TABLES })
  get(@PathId() id: number): Promise<CollabEvent> {
    return this.events.get(id);
  }

  /** Groups uploads as one event (in history, undoable). */
  @Post(API_ROUTES.events)
  group(@Body() body: EventDto): Promise<CollabEvent> {
    return this.events.group(body.videoIds);
  }

  /** Ungroups an event (in history, undoable); the videos stay. */
  @Delete(`${API_ROUTES.events}/:id`)
  ungroup(@PathId() id: number): Promise<MessageResponse> {
    return this.events.ungroup(id);
  }
}
