/**
 * The public read limit's counting (docs/architecture.md "Security"): fixed one-minute windows per
 * bucket (a client address, or an API key), decided in memory on every request and shared between
 * replicas in batches. Each replica adds the hits it counted since the last exchange to one row per
 * bucket and minute, and reads back the total of every replica (also for the buckets past half their
 * limit that it counted nothing for since); a request is refused when that total plus what this
 * replica counted since reaches the limit. So a request costs a map lookup, the
 * database one statement per active replica per exchange whatever the traffic, and a client spread
 * over N replicas gets at most the limit plus what the other replicas let through during one exchange.
 */

/** Where replicas add their counts up. */
export interface SharedCounts {
  /**
   * Adds each bucket's `hits` to the window's counts, and answers the total over every replica of each
   * of those buckets and of `watched` (buckets this replica only reads).
   */
  add(
    windowStart: number,
    hits: ReadonlyMap<string, number>,
    watched: readonly string[],
  ): Promise<Map<string, number>>;
  /** Forgets windows that started before `windowStart`. */
  prune(windowStart: number): Promise<void>;
}

export interface LimitDecision {
  allowed: boolean;
  /** Requests a window allows. */
  limit: number;
  /** Left in this window after this request. */
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

interface Counter {
  windowStart: number;
  /** The limit it was last counted against. */
  limit: number;
  /** Every replica's hits as of the last exchange (this one's included). */
  shared: number;
  /** This replica's hits not yet sent. */
  pending: number;
  /** This replica's hits being sent. */
  sending: number;
}

export const WINDOW_MS = 60_000;
/** Buckets counted per window at most; past it the quietest are forgotten first (they restart at 0). */
const MAX_BUCKETS = 200_000;

export class ReadLimiter {
  private counters = new Map<string, Counter>();
  private syncing: Promise<void> | null = null;
  private prunedBefore = 0;

  constructor(private store: SharedCounts | null = null) {}

  /** Where the counts are shared from now on (null: this replica alone). */
  attach(store: SharedCounts | null): void {
    this.store = store;
  }

  /** Counts a request of `bucket` against `limit`; a refused request is not counted. */
  hit(bucket: string, limit: number, now = Date.now()): LimitDecision {
    const windowStart = now - (now % WINDOW_MS);
    let counter = this.counters.get(bucket);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { windowStart, limit, shared: 0, pending: 0, sending: 0 };
      if (this.counters.size >= MAX_BUCKETS) this.forgetStale(windowStart);
      this.counters.set(bucket, counter);
    }
    counter.limit = limit;
    const used = counter.shared + counter.pending + counter.sending;
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    counter.pending += 1;
    return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
  }

  /**
   * Sends this replica's new hits and learns every replica's totals. One exchange at a time; a failed
   * one keeps its hits counted here (the limit then holds per replica until the database answers).
   */
  sync(now = Date.now()): Promise<void> {
    this.syncing ??= this.exchange(now).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async exchange(now: number): Promise<void> {
    const windowStart = now - (now % WINDOW_MS);
    this.forgetStale(windowStart);
    if (!this.store) return;
    const batch = new Map<string, number>();
    const watched: string[] = [];
    const sent: Counter[] = [];
    for (const [bucket, counter] of this.counters) {
      if (counter.pending === 0) {
        // A bucket near its limit learns the others' hits even when this replica counted none since.
        if (counter.shared * 2 >= counter.limit) watched.push(bucket);
        continue;
      }
      batch.set(bucket, counter.pending);
      counter.sending = counter.pending;
      counter.pending = 0;
      sent.push(counter);
    }
    try {
      if (batch.size > 0 || watched.length > 0) {
        const totals = await this.store.add(windowStart, batch, watched);
        for (const [bucket, total] of totals) {
          const counter = this.counters.get(bucket);
          if (counter?.windowStart !== windowStart) continue;
          counter.shared = Math.max(total, counter.shared + counter.sending);
          counter.sending = 0;
        }
      }
      if (this.prunedBefore < windowStart - WINDOW_MS) {
        await this.store.prune(windowStart - WINDOW_MS);
        this.prunedBefore = windowStart - WINDOW_MS;
      }
    } finally {
      for (const counter of sent) {
        counter.shared += counter.sending; // what the store did not confirm still counts here
        counter.sending = 0;
      }
    }
  }

  /** Drops counters of past windows, and the quietest ones while over MAX_BUCKETS. */
  private forgetStale(windowStart: number): void {
    for (const [bucket, counter] of this.counters) {
      if (counter.windowStart !== windowStart && counter.sending === 0) this.counters.delete(bucket);
    }
    if (this.counters.size < MAX_BUCKETS) return;
    const quiet = [...this.counters]
      .filter(([, counter]) => counter.sending === 0)
      .sort(([, a], [, b]) => a.shared + a.pending - (b.shared + b.pending));
    for (const [bucket] of quiet.slice(0, Math.ceil(MAX_BUCKETS / 10))) this.counters.delete(bucket);
  }
}
