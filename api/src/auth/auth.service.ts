import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MESSAGES, type SessionInfo } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { LoginLimits } from './login-limits.service';
import { SessionService } from './session.service';

@Injectable()
export class AuthService {
  private readonly config: AuthConfig;

  constructor(
    private readonly sessions: SessionService,
    private readonly limits: LoginLimits,
    config: ConfigService<AppConfig, true>,
  ) {
    this.config = config.get('auth', { infer: true });
  }

  /**
   * Starts a session when the password is right (and marks the browser as a known device); 401 when
   * it is not; 429 while this IP, the account or this device backs off (the password is then not
   * even compared).
   */
  async login(password: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const device = await this.sessions.deviceOf(request);
    const outcome = await this.limits.attempt(request.ip, device, () =>
      this.sessions.passwordMatches(password),
    );
    if (outcome.result === 'limited') {
      void reply.header('Retry-After', String(outcome.waitSeconds));
      throw new HttpException(outcome.error, HttpStatus.TOO_MANY_REQUESTS);
    }
    if (outcome.result === 'wrong-password') throw new UnauthorizedException(MESSAGES.incorrectPassword);
    await this.sessions.start(request, reply);
    await this.sessions.rememberDevice(request, reply);
  }

  logoutEverywhere(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.sessions.endEverywhere(request, reply);
  }

  logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.sessions.end(request, reply);
  }

  /** Whether the request carries a live session; asking counts as activity. */
  async isAdmin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const session = await this.sessions.fromRequest(request);
    if (session) await this.sessions.touch(session, request, reply);
    return session !== null;
  }

  /** The demo password is only ever revealed when ADMIN_PASSWORD is unset. */
  sessionInfo(admin: boolean): SessionInfo {
    return { admin, demoPassword: this.config.demoPassword ? this.config.adminPassword : null };
  }
}
