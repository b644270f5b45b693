import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { SessionInfo } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { SessionService } from './session.service';

@Injectable()
export class AuthService {
  private readonly config: AuthConfig;

  constructor(
    private readonly sessions: SessionService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.config = config.get('auth', { infer: true });
  }

  /** Starts a session when the password is right. */
  login(password: string, request: FastifyRequest, reply: FastifyReply): boolean {
    if (!this.sessions.passwordMatches(password)) return false;
    this.sessions.start(request, reply);
    return true;
  }

  logout(request: FastifyRequest, reply: FastifyReply): void {
    this.sessions.end(request, reply);
  }

  isAdmin(request: FastifyRequest): boolean {
    return this.sessions.fromRequest(request) !== null;
  }

  /** The demo password is only ever revealed when ADMIN_PASSWORD is unset. */
  sessionInfo(admin: boolean): SessionInfo {
    return { admin, demoPassword: this.config.demoPassword ? this.config.adminPassword : null };
  }
}
