import { Controller, Get, Query } from '@nestjs/common';
import type { InstagramInfo } from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { InstagramService } from './instagram.service';

/** Admin-only although a read: it calls Instagram on the server's behalf, so it is no open proxy. */
@AdminOnly()
@Controller('api/instagram')
export class InstagramController {
  constructor(private readonly instagram: InstagramService) {}

  @Get()
  info(@Query('username') username = ''): Promise<InstagramInfo> {
    return this.instagram.info(String(username));
  }
}
