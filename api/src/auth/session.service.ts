import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { VISITOR_ACTOR, adminActor } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LessThan, type EntityManager } from 'typeorm';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { TransactionRunner } from '../database/transaction-runner.service';
import { rows } from '../database/sql';
import { AdminSessionEntity } from './admin-session.entity';
import {
  DEVICE_GENERATION_ROW,
  PASSWORD_FINGERPRINT_ROW,
  SESSION_SECRET_ROW,
  fingerprintMatches,
  lockedState,
  newSessionSecret,
  passwordFingerprint,
  readState,
  saveState,
} from './auth-state';

/** The cookie over plain http (local use). */
export const SESSION_COOKIE = 'friends_session';
/** The cookie over https: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** The device cookie (see rememberDevice), and its name over https. */
export const DEVICE_COOKIE = 'friends_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** How long a browser stays a known device after its last successful login. */
export const DEVICE_TTL_MS = 365 * 24 * 3600_000;
/** A session is pushed back at most this often, so a burst of admin requests writes once. */
export const RENEW_AFTER_MS = 60_000;

export interface Session {
  /** Hex SHA-256 of the session id: the database row's key. */
  tokenHash: string;
  expiresAt: number;
}

const SESSION_PURPOSE = '';
/** Device ids of generation 0 are signed as they always were, so cookies given before generations stay known. */
const devicePurpose = (generation: number): string =>
  generation === 0 ? 'device:' : `device:${generation}:`;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Equal inputs or not, this takes the same time: both sides are hashed to 32 bytes first, so neither
 * the content nor the length of the secret leaks through timing.
 */
export function constantTimeEquals(candidate: string, secret: string): boolean {
  return timingSafeEqual(sha256(candidate), sha256(secret));
}

/**
 * Admin sessions (docs/architecture.md "Deliberate departures" 1). The cookie holds `<id>.<HMAC-SHA256(SESSION_SECRET, id)>`
 * with 256 random bits of id; the database holds SHA-256(id) and the expiry. The signature rejects forged
 * cookies without a query; the row makes logout and expiry hold on every replica sharing the database.
 * Each login makes a new id (and drops the one the browser came with); expiry slides with use.
 * Without SESSION_SECRET the secret is generated once and kept in the database (docs/operations.md
 * "Sessions"), so restarts and every replica sign alike.
 */
@Injectable()
export class SessionService implements OnModuleInit {
  private readonly auth: AuthConfig;
  /** SESSION_SECRET, or the kept one; set before the app answers (onModuleInit). */
  private secret = '';

  constructor(
    private readonly runner: TransactionRunner,
    config: ConfigService<AppConfig, true>,
  ) {
    this.auth = config.get('auth', { infer: true });
  }

  /**
   * Takes the kept secret (the first replica to start writes it) and, when ADMIN_PASSWORD is not the
   * password the sessions were made under, logs out everywhere: a changed password ends every session.
   */
  async onModuleInit(): Promise<void> {
    this.secret = await this.runner.write(
      async (manager) => {
        const secret =
          this.auth.sessionSecret || (await lockedState(manager, SESSION_SECRET_ROW, newSessionSecret()));
        const password = this.auth.adminPassword;
        // Empty until the first start stores one: a fingerprint costs a scrypt (~60 ms on the event
        // loop), so it is made only when it is stored, and checked only when there is one.
        const fingerprint = await lockedState(manager, PASSWORD_FINGERPRINT_ROW, '');
        if (!fingerprint || !fingerprintMatches(fingerprint, password)) {
          if (fingerprint) await this.revokeAll(manager);
          await saveState(manager, PASSWORD_FINGERPRINT_ROW, passwordFingerprint(password));
        }
        return secret;
      },
      { affectsAnswers: false },
    );
  }

  /**
   * "Log out everywhere": ends every admin session and makes every device cookie unknown, on every
   * replica at once (sessions are rows; device cookies are checked against the stored generation).
   */
  async endEverywhere(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.runner.write((manager) => this.revokeAll(manager), { affectsAnswers: false });
    this.setCookie(request, reply, '', 0);
    void reply.setCookie(this.deviceCookieName(request), '', { ...this.cookieOptions(request), maxAge: 0 });
  }

  private async revokeAll(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM admin_sessions');
    const generation = Number(await lockedState(manager, DEVICE_GENERATION_ROW, '0'));
    await saveState(manager, DEVICE_GENERATION_ROW, String(generation + 1));
  }

  /** The device-cookie generation all replicas share (read at each login, so a revocation holds at once). */
  private async deviceGeneration(): Promise<number> {
    const value = await this.runner.read((manager) => readState(manager, DEVICE_GENERATION_ROW));
    return Number(value ?? 0) || 0;
  }

  passwordMatches(candidate: string): boolean {
    return constantTimeEquals(candidate, this.auth.adminPassword);
  }

  /** The live session of a request, or null. */
  async fromRequest(request: FastifyRequest): Promise<Session | null> {
    const tokenHash = this.tokenHashOf(request);
    if (!tokenHash) return null;
    // Plain SQL: every admin request asks, and TypeORM's find built and hydrated an entity for it.
    const [row] = await this.runner.read((manager) =>
      rows<{ expires_at: number | string }>(
        manager,
        'SELECT expires_at FROM admin_sessions WHERE token_hash = ?',
        [tokenHash],
      ),
    );
    const expiresAt = Number(row?.expires_at);
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
    if (!tokenHash) return VISITOR_ACTOR;
    return adminActor(createHash('sha256').update(`history:${tokenHash}`).digest('hex').slice(0, 6));
  }

  /**
   * The known device a login comes from: hex SHA-256 of the device cookie's id when its signature is
   * right, else null. The cookie is only a mark ("this browser logged in before"), never a credential:
   * the password is still needed, and the device's own failures back it off.
   */
  async deviceOf(request: FastifyRequest): Promise<string | null> {
    const purpose = devicePurpose(await this.deviceGeneration());
    return this.verified(request.cookies?.[this.deviceCookieName(request)], purpose);
  }

  /**
   * After a successful login: marks the browser as a known device for a year (OWASP "device cookie"),
   * keeping the id it already had. Signed with SESSION_SECRET, so every replica recognises it.
   */
  async rememberDevice(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const purpose = devicePurpose(await this.deviceGeneration());
    const current = request.cookies?.[this.deviceCookieName(request)];
    const value =
      current && this.verified(current, purpose) ? current : this.signed(randomBytes(32), purpose);
    void reply.setCookie(this.deviceCookieName(request), value, {
      ...this.cookieOptions(request),
      maxAge: Math.floor(DEVICE_TTL_MS / 1000),
    });
  }

  /** SHA-256 of the session cookie's id when its signature is right, else null. */
  private tokenHashOf(request: FastifyRequest): string | null {
    return this.verified(request.cookies?.[this.cookieName(request)], SESSION_PURPOSE);
  }

  /** `<id>.<signature>` for a new random id. */
  private signed(random: Buffer, purpose: string): string {
    const id = random.toString('base64url');
    return `${id}.${this.sign(id, purpose)}`;
  }

  /** Hex SHA-256 of a signed token's id when the signature (for this purpose) is right, else null. */
  private verified(token: string | undefined, purpose: string): string | null {
    if (!token) return null;
    const [id, signature, ...rest] = token.split('.');
    if (!id || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(id, purpose));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return sha256(id).toString('hex');
  }

  /** Session ids are signed as they always were; device ids with a prefix, so neither passes as the other. */
  private sign(id: string, purpose = SESSION_PURPOSE): string {
    return createHmac('sha256', this.secret).update(`${purpose}${id}`).digest('base64url');
  }

  /** Over https (directly, or behind a proxy with TRUST_PROXY and X-Forwarded-Proto) the cookie is Secure. */
  private cookieName(request: FastifyRequest): string {
    return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  }

  private deviceCookieName(request: FastifyRequest): string {
    return request.protocol === 'https' ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  }

  private cookieOptions(request: FastifyRequest) {
    return {
      httpOnly: true,
      sameSite: 'strict' as const,
      path: '/',
      secure: request.protocol === 'https',
    };
  }

  private setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number): void {
    void reply.setCookie(this.cookieName(request), value, {
      ...this.cookieOptions(request),
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }
}
