import { isAffected, type AggregateCache } from '../database/aggregate-cache.service';

/**
 * Answers that are not JSON (Atom documents, preview summaries) kept until a write changes one of the
 * tables they read, at the moment the aggregate cache drops its answers that read them (a write on this
 * replica at its commit, another replica's at the poll). Least recently used first out past `maxEntries`;
 * concurrent misses share one computation; an answer computed across an invalidation is served once
 * and not kept.
 */
export class AnswerMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    cache: AggregateCache,
    reads: readonly string[],
    private readonly maxEntries: number,
  ) {
    const tables = new Set(reads);
    cache.onInvalidate((changed) => {
      if (!isAffected(tables, changed)) return;
      this.entries.clear();
      this.generation += 1;
    });
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const generation = this.generation;
    const pending = compute();
    if (generation !== this.generation) return pending;
    this.entries.set(key, pending);
    pending.then(
      () => {
        if (generation !== this.generation) this.drop(key, pending);
      },
      () => this.drop(key, pending),
    );
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return pending;
  }

  private drop(key: string, pending: Promise<T>): void {
    if (this.entries.get(key) === pending) this.entries.delete(key);
  }
}
