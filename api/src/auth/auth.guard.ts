import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_KEY, defaultAccess, type Access } from './access.decorators';
import { gateSessionOf, LOGIN_REQUIRED } from './admin-gate';
import { SessionService } from './session.service';

export { LOGIN_REQUIRED };

/**
 * Global guard: every mutating route (and any @AdminOnly read) needs a valid admin session. The
 * Fastify gate has usually checked it already, before the body; this keeps the rule for any route
 * the gate did not see and renews the session.
 */
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
      ]) ?? defaultAccess(request.method);
    if (access === 'public') return true;
    const session = gateSessionOf(request) ?? (await this.sessions.fromRequest(request));
    if (!session) throw new UnauthorizedException(LOGIN_REQUIRED);
    await this.sessions.touch(session, request, context.switchToHttp().getResponse<FastifyReply>());
    return true;
  }
}
