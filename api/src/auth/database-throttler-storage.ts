import type { ThrottlerStorage } from '@nestjs/throttler';
import { TransactionRunner } from '../database/transaction-runner.service';
import { lockBucket, saveBucket } from './limit-buckets';

/** The share of hits that also prune the throttle rows whose window and block have passed. */
const PRUNE_SHARE = 0.05;
const PREFIX = 'throttle:';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's counters in the database (the `login_limits` rows, as the login limits), so a
 * limit such as SUGGESTION_RATE_LIMIT holds for all replicas together instead of for each one: a fixed
 * window of `ttl` per key, each hit one transaction holding the key's row; past `limit`, refused for
 * `blockDuration`.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly runner: TransactionRunner) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<ThrottlerStorageRecord> {
    const bucket = PREFIX + key;
    const record = await this.runner.write(
      async (manager) => {
        const now = Date.now();
        const counted = await lockBucket(manager, bucket);
        const seconds = (until: number) => Math.max(1, Math.ceil((until - now) / 1000));
        if (counted.lockedUntil > now) {
          return {
            totalHits: counted.attempts,
            timeToExpire: seconds(counted.since + ttl),
            isBlocked: true,
            timeToBlockExpire: seconds(counted.lockedUntil),
          };
        }
        if (now - counted.since >= ttl) Object.assign(counted, { attempts: 0, since: now });
        counted.attempts += 1;
        const isBlocked = counted.attempts > limit;
        if (isBlocked) counted.lockedUntil = now + (blockDuration > 0 ? blockDuration : ttl);
        await saveBucket(manager, bucket, counted);
        return {
          totalHits: counted.attempts,
          timeToExpire: seconds(counted.since + ttl),
          isBlocked,
          timeToBlockExpire: isBlocked ? seconds(counted.lockedUntil) : 0,
        };
      },
      { affectsAnswers: false },
    );
    if (Math.random() < PRUNE_SHARE) {
      const now = Date.now();
      await this.runner.write(
        (manager) =>
          manager.query('DELETE FROM login_limits WHERE bucket LIKE ? AND since < ? AND locked_until < ?', [
            `${PREFIX}%`,
            now - ttl,
            now,
          ]),
        { affectsAnswers: false },
      );
    }
    return record;
  }
}
