import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MESSAGES, type SessionInfo } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { LoginBackoff, tooManyFailures } from './login-backoff.service';
import { SessionService } from './session.service';

@Injectable()
export class AuthService {
  private readonly config: AuthConfig;

  constructor(
    private readonly sessions: SessionService,
    private readonly backoff: LoginBackoff,
    config: ConfigService<AppConfig, true>,
  ) {
    this.config = config.get('auth', { infer: true });
  }

  /**
   * Starts a session when the password is right; 401 when it is not, 429 while the account backs off
   * after repeated failures (the password is then not even compared).
   */
  async login(password: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const wait = this.backoff.waitSeconds();
    if (wait > 0) {
      void reply.header('Retry-After', String(wait));
      throw new HttpException(tooManyFailures(wait), HttpStatus.TOO_MANY_REQUESTS);
    }
    if (!this.sessions.passwordMatches(password)) {
      this.backoff.failed();
      throw new UnauthorizedException(MESSAGES.incorrectPassword);
    }
    this.backoff.succeeded();
    await this.sessions.start(request, reply);
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
