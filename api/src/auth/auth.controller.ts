import { Body, Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { API_ROUTES, type SessionInfo } from '@friends/shared';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly, Public } from './access.decorators';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

@Controller()
@Public()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(API_ROUTES.login)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
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

  /** Ends every admin session and forgets every known device, on every replica. */
  @Post(API_ROUTES.logoutEverywhere)
  @AdminOnly()
  @ApiOperation({
    summary:
      'Log out everywhere: ends every admin session and forgets every known device (device cookies no longer skip the login limits)',
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async logoutEverywhere(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionInfo> {
    await this.auth.logoutEverywhere(request, reply);
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
