import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig, AuthConfig } from '../config/configuration';

/** Longest the admin account ever waits between attempts. */
export const MAX_BACKOFF_MS = 15 * 60_000;
/** Failures further apart than this do not add up. */
const FORGET_AFTER_MS = 60 * 60_000;

export const tooManyFailures = (seconds: number): string =>
  `Too many failed login attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Backs the admin account off after repeated failed logins, whichever IPs they come from (the per-IP
 * limit alone lets a botnet guess on). After LOGIN_BACKOFF_AFTER failures in a row every attempt waits
 * LOGIN_BACKOFF_SECONDS, doubling with each further failure up to 15 minutes; during the wait attempts
 * are refused without checking the password, and a successful login resets the count.
 * Kept in memory: with several replicas each one counts its own share of the attempts.
 */
@Injectable()
export class LoginBackoff {
  private readonly auth: AuthConfig;
  private failures = 0;
  private lastFailureAt = 0;
  private lockedUntil = 0;

  constructor(config: ConfigService<AppConfig, true>) {
    this.auth = config.get('auth', { infer: true });
  }

  /** Whole seconds the account must still wait before its next attempt; 0 when it may try now. */
  waitSeconds(): number {
    return Math.max(0, Math.ceil((this.lockedUntil - Date.now()) / 1000));
  }

  failed(): void {
    const now = Date.now();
    if (now - this.lastFailureAt > FORGET_AFTER_MS) this.failures = 0;
    this.failures += 1;
    this.lastFailureAt = now;
    const over = this.failures - this.auth.loginBackoffAfter;
    if (over >= 0) {
      this.lockedUntil = now + Math.min(this.auth.loginBackoffMs * 2 ** Math.min(over, 30), MAX_BACKOFF_MS);
    }
  }

  succeeded(): void {
    this.failures = 0;
    this.lockedUntil = 0;
  }
}
