import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { API_ROUTES, type SessionInfo } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, ThrottleMessage } from './access.decorators';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

export const TOO_MANY_LOGINS = 'Too many login attempts. Try again in a minute.';

@Controller()
@Public()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(API_ROUTES.login)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ suggestions: true })
  @ThrottleMessage(TOO_MANY_LOGINS)
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionInfo> {
    await this.auth.login(body.password, request, reply);
    return this.auth.sessionInfo(true);
  }

  @Post(API_ROUTES.logout)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionInfo> {
    await this.auth.logout(request, reply);
    return this.auth.sessionInfo(false);
  }

  @Get(API_ROUTES.session)
  @Header('Cache-Control', 'no-store')
  async session(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionInfo> {
    return this.auth.sessionInfo(await this.auth.isAdmin(request, reply));
  }
}
