import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_KEY, Access } from './access.decorators';
import { SessionService } from './session.service';

export const LOGIN_REQUIRED = 'Admin login required';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Global guard: every mutating route (and any @AdminOnly read) needs a valid admin session. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const access =
      this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? (READ_METHODS.has(request.method) ? 'public' : 'admin');
    if (access === 'public') return true;
    const session = await this.sessions.fromRequest(request);
    if (!session) throw new UnauthorizedException(LOGIN_REQUIRED);
    await this.sessions.touch(session, request, context.switchToHttp().getResponse<FastifyReply>());
    return true;
  }
}
