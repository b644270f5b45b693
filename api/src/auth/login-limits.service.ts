import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig, AuthConfig } from '../config/configuration';
import { TransactionRunner } from '../database/transaction-runner.service';
import { lockBucket, saveBucket } from './limit-buckets';

/** Longest a back-off ever lasts. */
export const MAX_BACKOFF_MS = 15 * 60_000;
/** Failures further apart than this do not add up. */
const FORGET_AFTER_MS = 60 * 60_000;
/** The per-IP limit counts attempts in windows of this length. */
const WINDOW_MS = 60_000;
/** The share of attempts that also prune the per-IP rows of past windows. */
const PRUNE_SHARE = 0.05;

export const TOO_MANY_LOGINS = 'Too many login attempts. Try again in a minute.';
export const tooManyFailures = (seconds: number): string =>
  `Too many failed login attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export type LoginOutcome =
  | { result: 'success' }
  | { result: 'wrong-password' }
  | { result: 'limited'; waitSeconds: number; error: string };

const ACCOUNT = 'account';

/**
 * Login protection, counted in the database so that every replica sharing it enforces the same limits
 * (docs/architecture.md "Security"):
 * - per IP: LOGIN_RATE_LIMIT attempts a minute, whatever their outcome;
 * - per account: after LOGIN_BACKOFF_AFTER failures in a row from unknown devices (any IP: a botnet),
 *   each attempt waits LOGIN_BACKOFF_SECONDS, doubling with each further failure up to 15 minutes,
 *   refused without comparing the password;
 * - a known device (a browser holding the signed cookie of an earlier successful login, OWASP's
 *   "device cookie") skips both, so a stranger cannot lock the admin out; its own failures back
 *   that device off the same way.
 * Each attempt is one transaction holding its rows, so replicas cannot both let an extra guess through.
 */
@Injectable()
export class LoginLimits {
  private readonly auth: AuthConfig;

  constructor(
    private readonly runner: TransactionRunner,
    config: ConfigService<AppConfig, true>,
  ) {
    this.auth = config.get('auth', { infer: true });
  }

  /**
   * Admits or refuses one attempt from `ip` (with the hash of a valid device cookie, or null), compares
   * the password with `matches` only when admitted, and records the outcome.
   */
  async attempt(ip: string, device: string | null, matches: () => boolean): Promise<LoginOutcome> {
    const outcome = await this.runner.write<LoginOutcome>(
      async (manager) => {
        const now = Date.now();
        const backoffKey = device ? `device:${device}` : ACCOUNT;
        if (!device) {
          const perIp = await lockBucket(manager, `ip:${ip}`);
          if (now - perIp.since >= WINDOW_MS) Object.assign(perIp, { attempts: 0, since: now });
          perIp.attempts += 1;
          await saveBucket(manager, `ip:${ip}`, perIp);
          if (perIp.attempts > this.auth.loginLimitPerMinute) {
            const waitSeconds = Math.max(1, Math.ceil((perIp.since + WINDOW_MS - now) / 1000));
            return { result: 'limited', waitSeconds, error: TOO_MANY_LOGINS } as const;
          }
        }
        const backoff = await lockBucket(manager, backoffKey);
        if (backoff.lockedUntil > now) {
          const waitSeconds = Math.ceil((backoff.lockedUntil - now) / 1000);
          return { result: 'limited', waitSeconds, error: tooManyFailures(waitSeconds) } as const;
        }
        if (matches()) {
          await saveBucket(manager, backoffKey, { attempts: 0, since: 0, lockedUntil: 0 });
          return { result: 'success' } as const;
        }
        if (now - backoff.since > FORGET_AFTER_MS) backoff.attempts = 0;
        backoff.attempts += 1;
        backoff.since = now;
        const over = backoff.attempts - this.auth.loginBackoffAfter;
        if (over >= 0) {
          const wait = this.auth.loginBackoffMs * 2 ** Math.min(over, 30);
          backoff.lockedUntil = now + Math.min(wait, MAX_BACKOFF_MS);
        }
        await saveBucket(manager, backoffKey, backoff);
        return { result: 'wrong-password' } as const;
      },
      { affectsAnswers: false },
    );
    // Now and then, outside the attempt's transaction: forget the IPs whose minute has passed.
    if (Math.random() < PRUNE_SHARE) {
      await this.runner.write(
        (manager) =>
          manager.query("DELETE FROM login_limits WHERE since < ? AND bucket LIKE 'ip:%'", [
            Date.now() - WINDOW_MS,
          ]),
        { affectsAnswers: false },
      );
    }
    return outcome;
  }
}
