import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { adminActor } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LessThan } from 'typeorm';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { TransactionRunner } from '../database/transaction-runner.service';
import { AdminSessionEntity } from './admin-session.entity';

/** The cookie over plain http (local use). */
export const SESSION_COOKIE = 'friends_session';
/** The cookie over https: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** A session is pushed back at most this often, so a burst of admin requests writes once. */
export const RENEW_AFTER_MS = 60_000;

export interface Session {
  /** Hex SHA-256 of the session id: the database row's key. */
  tokenHash: string;
  expiresAt: number;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Equal inputs or not, this takes the same time: both sides are hashed to 32 bytes first, so neither
 * the content nor the length of the secret leaks through timing.
 */
export function constantTimeEquals(candidate: string, secret: string): boolean {
  return timingSafeEqual(sha256(candidate), sha256(secret));
}

/**
 * Admin sessions (DESIGN.md departure 1, issue 7). The cookie holds `<id>.<HMAC-SHA256(SESSION_SECRET, id)>`
 * with 256 random bits of id; the database holds SHA-256(id) and the expiry. The signature rejects forged
 * cookies without a query; the row makes logout and expiry hold on every replica sharing the database.
 * Each login makes a new id (and drops the one the browser came with); expiry slides with use.
 */
@Injectable()
export class SessionService {
  private readonly auth: AuthConfig;

  constructor(
    private readonly runner: TransactionRunner,
    config: ConfigService<AppConfig, true>,
  ) {
    this.auth = config.get('auth', { infer: true });
  }

  passwordMatches(candidate: string): boolean {
    return constantTimeEquals(candidate, this.auth.adminPassword);
  }

  /** The live session of a request, or null. */
  async fromRequest(request: FastifyRequest): Promise<Session | null> {
    const tokenHash = this.tokenHashOf(request);
    if (!tokenHash) return null;
    const row = await this.runner.read((manager) =>
      manager.findOne(AdminSessionEntity, { where: { tokenHash } }),
    );
    const expiresAt = Number(row?.expiresAt);
    if (!row || !(expiresAt > Date.now())) return null;
    return { tokenHash, expiresAt };
  }

  /** Starts a new session (rotating away the one the request carried) and sets the cookie. */
  async start(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = randomBytes(32).toString('base64url');
    const previous = this.tokenHashOf(request);
    const now = Date.now();
    await this.runner.write(
      async (manager) => {
        await manager.delete(AdminSessionEntity, { expiresAt: LessThan(now) });
        if (previous) await manager.delete(AdminSessionEntity, { tokenHash: previous });
        await manager.insert(AdminSessionEntity, {
          tokenHash: sha256(id).toString('hex'),
          expiresAt: now + this.auth.sessionTtlMs,
          createdAt: now,
        });
      },
      { affectsAnswers: false },
    );
    this.setCookie(request, reply, `${id}.${this.sign(id)}`, this.auth.sessionTtlMs);
  }

  /** Activity: a session last renewed over a minute ago expires SESSION_TTL after now instead. */
  async touch(session: Session, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = Date.now();
    if (session.expiresAt - now > this.auth.sessionTtlMs - RENEW_AFTER_MS) return;
    const expiresAt = now + this.auth.sessionTtlMs;
    await this.runner.write(
      (manager) => manager.update(AdminSessionEntity, { tokenHash: session.tokenHash }, { expiresAt }),
      { affectsAnswers: false },
    );
    session.expiresAt = expiresAt;
    const token = request.cookies?.[this.cookieName(request)];
    if (token) this.setCookie(request, reply, token, this.auth.sessionTtlMs);
  }

  /** Ends the request's session everywhere and clears the cookie. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const tokenHash = this.tokenHashOf(request);
    if (tokenHash) {
      await this.runner.write((manager) => manager.delete(AdminSessionEntity, { tokenHash }), {
        affectsAnswers: false,
      });
    }
    this.setCookie(request, reply, '', 0);
  }

  /**
   * Who a request acts as in the change history: "admin · " and six hex digits of a hash of the
   * session's hash (never the token), or "visitor" without a signed session cookie.
   */
  actorOf(request: FastifyRequest): string {
    const tokenHash = this.tokenHashOf(request);
    if (!tokenHash) return 'visitor';
    return adminActor(createHash('sha256').update(`history:${tokenHash}`).digest('hex').slice(0, 6));
  }

  /** SHA-256 of the cookie's id when its signature is right, else null. */
  private tokenHashOf(request: FastifyRequest): string | null {
    const token = request.cookies?.[this.cookieName(request)];
    if (!token) return null;
    const [id, signature, ...rest] = token.split('.');
    if (!id || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return sha256(id).toString('hex');
  }

  private sign(id: string): string {
    return createHmac('sha256', this.auth.sessionSecret).update(id).digest('base64url');
  }

  /** Over https (directly, or behind a proxy with TRUST_PROXY and X-Forwarded-Proto) the cookie is Secure. */
  private cookieName(request: FastifyRequest): string {
    return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  }

  private setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number): void {
    void reply.setCookie(this.cookieName(request), value, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: request.protocol === 'https',
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }
}
