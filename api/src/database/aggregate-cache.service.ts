import { Injectable } from '@nestjs/common';

/** Entries kept at most (profiles are cached per creator). */
const MAX_ENTRIES = 2000;

/**
 * Aggregate answers (creator counts, leaderboard, analytics, profiles, lists), serialised once and kept
 * until the next write (DESIGN.md "Known traps": aggregates on better-sqlite3 block the event loop).
 * Concurrent misses share one computation. TransactionRunner invalidates after every write, and an
 * entry is only ever inserted before its computation starts, so a write that lands meanwhile removes
 * it: no stale answer outlives a write.
 */
@Injectable()
export class AggregateCache {
  private readonly entries = new Map<string, Promise<string>>();

  /** The JSON text of `compute()`'s result, from the cache when present. */
  json(key: string, compute: () => Promise<unknown>): Promise<string> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const pending = compute().then((value) => JSON.stringify(value));
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return pending;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
