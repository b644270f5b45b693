import { isAffected, type AggregateCache } from '../database/aggregate-cache.service';
import { trimToLimit } from './oldest-first';

/** What a read asks of a memo (see AnswerMemo.forRead). */
export interface MemoReads<T, K = string> {
  fitting(key: K, fits: (value: T) => boolean, compute: () => Promise<T>): Promise<T>;
  many(keys: readonly K[], load: (missing: K[]) => Promise<T[]>): Promise<T[]>;
}

/**
 * A kept value: its computation until it settles, then the value alone (a hit then costs no promise);
 * `placed` is the memo's `clock` when the entry was last put at the newest end.
 */
interface Entry<T> {
  pending: Promise<T> | null;
  value: T | undefined;
  placed: number;
}

/**
 * Values read from the database (answers that are not JSON, such as Atom documents and preview
 * summaries; the videos a page shows) kept until a write changes one of the tables they read, at the
 * moment the aggregate cache drops its answers that read them (a write on this replica at its commit,
 * another replica's at the poll). Least recently used first out past `maxEntries` (oldest-first.ts);
 * concurrent misses share one computation; a value computed across an invalidation is served once and
 * not kept.
 */
export class AnswerMemo<T, K = string> implements MemoReads<T, K> {
  /** Oldest first. */
  private readonly entries = new Map<K, Entry<T>>();
  /** Counts the entries put at the newest end. */
  private clock = 0;
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

  get(key: K, compute: () => Promise<T>): Promise<T> {
    return this.fitting(key, () => true, compute);
  }

  /**
   * As `get`, but a kept value is used only when it `fits` what is asked; otherwise `compute()`'s
   * value is kept in its place.
   */
  async fitting(
    key: K,
    fits: (value: T) => boolean,
    compute: () => Promise<T>,
    since = this.generation,
  ): Promise<T> {
    const kept = this.kept(key);
    if (kept) {
      const value = kept.pending ? await kept.pending : (kept.value as T);
      if (fits(value)) return value;
    }
    return this.keep(key, compute(), since);
  }

  /**
   * The memo for one read that starts now: what the read computes is kept only if none of the tables
   * the memo reads changed since. On MySQL/MariaDB a read's snapshot is taken at its first statement,
   * so a value it computes after a change it cannot see would otherwise be kept as current; start
   * this before the read's transaction.
   */
  forRead(): MemoReads<T, K> {
    const since = this.generation;
    return {
      fitting: (key, fits, compute) => this.fitting(key, fits, compute, since),
      many: (keys, load) => this.many(keys, load, since),
    };
  }

  /**
   * The values of `keys`, in their order: the kept ones from here, the others read together by one
   * call of `load`, which answers a value for each key it is given, in the same order.
   */
  many(keys: readonly K[], load: (missing: K[]) => Promise<T[]>, since = this.generation): Promise<T[]> {
    const found = new Map<K, T | Promise<T>>();
    const absent = new Set<K>();
    let waiting = false;
    for (const key of keys) {
      if (found.has(key) || absent.has(key)) continue;
      const kept = this.kept(key);
      if (!kept) absent.add(key);
      else {
        found.set(key, kept.pending ?? (kept.value as T));
        if (kept.pending) waiting = true;
      }
    }
    if (absent.size > 0) {
      waiting = true;
      const missing = [...absent];
      const loaded = load(missing);
      missing.forEach((key, i) => {
        const value = loaded.then((values) => values[i] as T);
        found.set(key, this.keep(key, value, since));
      });
    }
    const values = keys.map((key) => found.get(key) as T | Promise<T>);
    // Every value settled (a page of kept videos): no promise to wait for each.
    return waiting ? Promise.all(values) : Promise.resolve(values as T[]);
  }

  /**
   * The value kept under `key`, moved to the newest end only once a quarter of the limit's entries
   * were put there after it: the least recently used still go first, give or take that quarter, and
   * most hits cost one lookup rather than three operations on the map (a search page's 50 were
   * 8 % of a short video search's CPU with 20,000 videos kept).
   */
  private kept(key: K): Entry<T> | undefined {
    const kept = this.entries.get(key);
    if (kept && this.clock - kept.placed > this.maxEntries / 4) {
      this.entries.delete(key);
      this.place(key, kept);
    }
    return kept;
  }

  private place(key: K, entry: Entry<T>): void {
    entry.placed = ++this.clock;
    this.entries.set(key, entry);
  }

  /** Keeps `pending` under `key` unless the tables changed since `generation`, when it was started. */
  private keep(key: K, pending: Promise<T>, generation: number): Promise<T> {
    if (generation !== this.generation) return pending;
    const entry: Entry<T> = { pending, value: undefined, placed: 0 };
    this.entries.delete(key); // a value kept in place of one that did not fit goes to the newest end
    this.place(key, entry);
    pending.then(
      (value) => {
        if (generation !== this.generation) this.drop(key, entry);
        entry.value = value;
        entry.pending = null;
      },
      () => this.drop(key, entry),
    );
    trimToLimit(this.entries, this.maxEntries);
    return pending;
  }

  private drop(key: K, entry: Entry<T>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
