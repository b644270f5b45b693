import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, AuthConfig } from '../config/configuration';

export const SESSION_COOKIE = 'friends_session';
/** A session older than this is re-issued on use, so expiry counts from the last activity. */
const RENEW_AFTER_MS = 10 * 60_000;

interface Session {
  nonce: string;
  expiresAt: number;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Admin sessions as signed tokens: `<nonce>.<expiresAt>.<HMAC-SHA256(SESSION_SECRET)>`, 256 random
 * bits each. Signed so that several replicas sharing SESSION_SECRET accept each other's sessions;
 * logout also revokes the token on this server until it would have expired.
 */
@Injectable()
export class SessionService {
  private readonly auth: AuthConfig;
  private readonly revoked = new Map<string, number>();

  constructor(config: ConfigService<AppConfig, true>) {
    this.auth = config.get('auth', { infer: true });
  }

  passwordMatches(candidate: string): boolean {
    return timingSafeEqual(sha256(candidate), sha256(this.auth.adminPassword));
  }

  /** The valid session of a request, or null. */
  fromRequest(request: FastifyRequest): Session | null {
    const token = request.cookies?.[SESSION_COOKIE];
    return token ? this.verify(token) : null;
  }

  /** Starts a session: sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply): void {
    const session = {
      nonce: randomBytes(32).toString('base64url'),
      expiresAt: Date.now() + this.auth.sessionTtlMs,
    };
    this.setCookie(request, reply, this.sign(session), this.auth.sessionTtlMs);
  }

  /** Re-issues a session that has been in use for a while, pushing its expiry back. */
  renewIfDue(session: Session, request: FastifyRequest, reply: FastifyReply): void {
    if (session.expiresAt - Date.now() < this.auth.sessionTtlMs - RENEW_AFTER_MS) this.start(request, reply);
  }

  /** Ends the request's session, if any, and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): void {
    const session = this.fromRequest(request);
    if (session) this.revoke(session);
    this.setCookie(request, reply, '', 0);
  }

  private sign(session: Session): string {
    const payload = `${session.nonce}.${session.expiresAt}`;
    return `${payload}.${createHmac('sha256', this.auth.sessionSecret).update(payload).digest('base64url')}`;
  }

  private verify(token: string): Session | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [nonce, expires, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign({ nonce, expiresAt: Number(expires) }).split('.')[2] ?? '');
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = Number(expires);
    if (!Number.isFinite(expiresAt) || expiresAt <= Date.now() || this.revoked.has(nonce)) return null;
    return { nonce, expiresAt };
  }

  private revoke(session: Session): void {
    const now = Date.now();
    for (const [nonce, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(nonce);
    this.revoked.set(session.nonce, session.expiresAt);
  }

  private setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number): void {
    void reply.setCookie(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: request.protocol === 'https',
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }
}
