import { Controller, Get, Header, Query } from '@nestjs/common';
import { API_ROUTES } from '@friends/shared';
import { avatarSvg } from './avatar';

@Controller()
export class AvatarController {
  /** image/svg+xml; the same name always draws the same picture, so it is cacheable for long. */
  @Get(API_ROUTES.avatar)
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=604800')
  avatar(@Query('name') name: unknown): string {
    return avatarSvg(typeof name === 'string' ? name : '');
  }
}
