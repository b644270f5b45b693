import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { API_ROUTES, MESSAGES, type SessionInfo } from '@friends/shared';
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
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ suggestions: true })
  @ThrottleMessage(TOO_MANY_LOGINS)
  login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): SessionInfo {
    if (!this.auth.login(body.password, request, reply))
      throw new UnauthorizedException(MESSAGES.incorrectPassword);
    return this.auth.sessionInfo(true);
  }

  @Post(API_ROUTES.logout)
  @HttpCode(200)
  logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): SessionInfo {
    this.auth.logout(request, reply);
    return this.auth.sessionInfo(false);
  }

  @Get(API_ROUTES.session)
  session(@Req() request: FastifyRequest): SessionInfo {
    return this.auth.sessionInfo(this.auth.isAdmin(request));
  }
}
