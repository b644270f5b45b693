import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';

/** Entries kept at most (profiles, networks and analytics pages are cached per creator or page). */
const MAX_ENTRIES = 2000;
/**
 * JSON bytes kept at most, oldest dropped first (each answer's compressed forms add about a quarter).
 * Without it, 2000 profiles or 500-row analytics pages could hold hundreds of MB.
 */
const MAX_BYTES = 48 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/**
 * Aggregate answers (creator counts, leaderboard, analytics, profiles, lists), serialised once and kept
 * while the database's data version stays the same (docs/architecture.md "Known traps": aggregates on
 * better-sqlite3 block the event loop). Concurrent misses share one computation. A write on this replica
 * moves the version at its commit, a write elsewhere at the next poll (`observe`); an entry is only ever
 * inserted before its computation starts, so a version change meanwhile removes it.
 *
 * Answers are kept as bytes (sending a cached string re-encoded 2.8 MB of creators to UTF-8 on every
 * request), and each answer's gzip and brotli forms are made once, off the event loop, when first asked
 * for (see `compressed`) instead of @fastify/compress recompressing them synchronously per request.
 */
@Injectable()
export class AggregateCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  /** What may be kept (tests shrink it). */
  protected readonly limits = { entries: MAX_ENTRIES, bytes: MAX_BYTES };
  /** JSON bytes of the computed entries, by key (for the byte limit). */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly encoded = new WeakMap<Buffer, Partial<Record<ContentEncoding, Promise<Buffer>>>>();
  /** Answers computed since the last write (see `isCurrent`). */
  private current = new WeakSet<Buffer>();
  /** When answers that depend on the clock stop being current (see `json`). */
  private readonly expiry = new WeakMap<Buffer, number>();
  private generation = 0;
  private version: number | null = null;
  private readonly invalidated: Array<() => void> = [];
  /** Intermediate results several answers are built from (see `value`). */
  private readonly values = new Map<string, Promise<unknown>>();

  /**
   * The JSON bytes of `compute()`'s result, from the cache when present. `expiresAt` (ms since the
   * epoch) marks an answer that also depends on the clock (a period leaderboard: the day): it stops
   * being current then, so nothing replays it afterwards; its key must name that time's window.
   */
  json(key: string, compute: () => Promise<unknown>, expiresAt?: number): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key); // least recently used goes first
      this.entries.set(key, cached);
      return cached;
    }
    const generation = this.generation;
    const pending = compute().then((value) => {
      const body = this.track(Buffer.from(JSON.stringify(value)));
      if (expiresAt !== undefined) this.expiry.set(body, expiresAt);
      if (generation === this.generation) this.current.add(body);
      if (this.entries.get(key) === pending) {
        this.sizes.set(key, body.length);
        this.bytes += body.length;
        this.evict();
      }
      return body;
    });
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.drop(key);
    });
    this.evict();
    return pending;
  }

  /** Drops the least recently used entries while over a limit (never the last one). */
  private evict(): void {
    const { entries, bytes } = this.limits;
    while (this.entries.size > 1 && (this.entries.size > entries || this.bytes > bytes)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    this.entries.delete(key);
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  /**
   * `compute()`'s result kept as a value until the next write, for what several answers are built from
   * (per-creator counts, the whole creator list, the analytics table): computed once per write, not once
   * per answer. Few keys, so no limits. A failure is not kept.
   */
  value<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.values.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const pending = compute();
    this.values.set(key, pending);
    pending.catch(() => {
      if (this.values.get(key) === pending) this.values.delete(key);
    });
    return pending;
  }

  /** True when `body` is an answer of this cache (so its compressed forms may be kept). */
  owns(body: unknown): body is Buffer {
    return Buffer.isBuffer(body) && this.encoded.has(body);
  }

  /**
   * True when `body` was computed after the last write, so it may be remembered beyond this request
   * (an answer whose computation overlapped a write is served once, to its own request, and dropped).
   */
  isCurrent(body: Buffer): boolean {
    return this.current.has(body) && !(Date.now() >= (this.expiry.get(body) ?? Infinity));
  }

  /** When `body` stops being current whatever the writes (ms since the epoch), if it depends on the clock. */
  expiresAt(body: Buffer): number | undefined {
    return this.expiry.get(body);
  }

  /** Calls `listener` after every invalidation (whatever keeps answers elsewhere drops them then). */
  onInvalidate(listener: () => void): void {
    this.invalidated.push(listener);
  }

  /** Marks `body` as a cached answer. */
  private track(body: Buffer): Buffer {
    if (!this.encoded.has(body)) this.encoded.set(body, {});
    return body;
  }

  /** `body` compressed with `encoding`, made once per answer (brotli quality 5, gzip level 6). */
  compressed(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
    let forms = this.encoded.get(body);
    if (!forms) this.encoded.set(body, (forms = {}));
    let form = forms[encoding];
    if (!form) {
      form =
        encoding === 'br'
          ? brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : gzipped(body);
      forms[encoding] = form;
    }
    return form;
  }

  /**
   * The database's data version as last learned (by the writer after its commit, by every replica from
   * its poll): the answers kept are dropped whenever it moves. null, when it cannot be read, drops them
   * too. It only moves forward, so a poll that read it just before a local write cannot undo that write.
   */
  observe(version: number | null): void {
    if (version === this.version) return;
    if (version !== null && this.version !== null && version < this.version) return;
    this.version = version;
    this.invalidate();
  }

  invalidate(): void {
    this.entries.clear();
    this.values.clear();
    this.sizes.clear();
    this.bytes = 0;
    this.generation += 1;
    this.current = new WeakSet();
    for (const listener of this.invalidated) listener();
  }
}
