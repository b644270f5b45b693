import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { sameEtag } from '../common/http-caching';
import { jsonOf } from '../common/json-text';
import { trimToLimit, trimToLimits } from '../common/oldest-first';
import { EVERYTHING, UNCACHED_TABLES, type CreatorScope } from './answer-invalidation';
import { BackgroundCompression } from './background-compression';
import { CreatorScopedChanges } from './creator-scoped-changes';

/** Entries kept at most (profiles, networks and analytics pages are cached per creator or page). */
const MAX_ENTRIES = 2000;
/**
 * JSON bytes kept at most, oldest dropped first (each answer's compressed forms add about a quarter).
 * Without it, 2000 profiles or 500-row analytics pages could hold hundreds of MB. A screen's answers are
 * a few KB, so this still keeps thousands of them; more only held searches asked once each, at the
 * cost of the API's RSS budget (docs/performance.md).
 */
const MAX_BYTES = 24 * 1024 * 1024;
/** Keys of answers kept only when asked again (AnswerOptions.keep) remembered at most, newest kept. */
const MAX_ASKED = 4096;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Answers below this are compressed on the event loop: less than handing the work to the thread pool
 * costs the event loop (~0.1 ms of stream plumbing) and far less than the request waits for the hop
 * (0.15–0.9 ms on this 2-core host, more under load).
 */
const COMPRESS_IN_PLACE_BELOW = 16 * 1024;
/**
 * Brotli's quality on the event loop, and in the thread pool. From quality 2 up brotli sets up a match
 * table per answer, which a server whose caches are full of other work pays for in misses: in the
 * write row quality 3 took 0.27–0.47 ms for a profile, the first page or analytics (2–15 KB), quality
 * 1 0.07–0.14 ms for 35 % more bytes. So the request waiting gets quality 1, and a kept answer's form
 * is made again at quality 5 at a low priority (BackgroundCompression) for the requests after it
 * (docs/performance.md, "Cold answers compressed quickly, then well").
 */
const IN_PLACE_QUALITY = 1;
const POOL_QUALITY = 5;

const brotliOptions = (body: Buffer, quality: number): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

export type ContentEncoding = 'br' | 'gzip';

/** What an answer reads: the tables whose changes make it stale. */
export interface AnswerOptions {
  /**
   * The tables the answer is built from; absent, every table but UNCACHED_TABLES (so an answer that
   * says nothing goes stale at any write a public answer could care about).
   */
  reads?: readonly string[];
  /**
   * ms since the epoch: the answer also depends on the clock (a period leaderboard: the day), and stops
   * being current then, so nothing replays it afterwards; its key must name that time's window.
   */
  expiresAt?: number;
  /**
   * false for bytes already compressed (PNG): sent as they are, never brotli- or gzip-encoded. Only
   * `buffer` answers may say so; JSON is always worth compressing.
   */
  compress?: boolean;
  /**
   * 'when-asked-again': the answer is kept (and replayed) only once its key has been asked for before
   * (or while it was being computed). For routes asked with a new term nearly every time, the
   * searches: kept at once, their answers would push out what other visitors read and hold memory
   * nobody reads again. Concurrent asks still share one computation. Default 'always'.
   */
  keep?: 'always' | 'when-asked-again';
  /**
   * The creators the computed value shows, when what it reads of the tables a write can attribute to
   * creators (CreatorScope) concerns those creators alone, but for the list of creators itself: then a
   * write whose scope names none of them, and that changed no other table it reads, leaves it current.
   * null (or absent): any write of a table it reads makes it stale. For `json` answers.
   */
  shows?: (value: unknown) => Iterable<number> | null;
}

/** The tables an entry reads; null: every table but UNCACHED_TABLES. */
type ReadSet = ReadonlySet<string> | null;
/** The tables a change touched; null: everything. */
export type ChangedTables = ReadonlySet<string> | null;

/** True when a change of `changed` makes an answer reading `reads` stale. */
export function isAffected(reads: ReadSet, changed: ChangedTables): boolean {
  if (changed === null || changed.has(EVERYTHING)) return true;
  for (const table of changed) {
    if (reads === null ? !UNCACHED_TABLES.has(table) : reads.has(table)) return true;
  }
  return false;
}

interface Computed {
  /** The change counter when its computation started (see `isCurrent`). */
  started: number;
  /** The counter up to which it is known to be current (`started`, or later once checked). */
  checked: number;
  reads: ReadSet;
  /** See AnswerOptions.shows; set once computed. */
  shows: ReadonlySet<number> | null;
  /** Numbers this process's computations, for the Answer-Computation header. */
  computation: number;
  expiresAt: number | undefined;
  compress: boolean;
  /** Set when the answer went into the cache (a replay may keep it then). */
  kept: boolean;
}

/** `Computed.started` of bytes adopted while they did not match the data (see `adopt`). */
const NEVER_CURRENT = -1;

interface Entry {
  body: Promise<Buffer>;
  reads: ReadSet;
  /** The bytes, once computed and kept. */
  settled?: Buffer;
}

const toReadSet = (reads: readonly string[] | undefined): ReadSet => (reads ? new Set(reads) : null);

/**
 * Aggregate answers (creator counts, leaderboard, analytics, profiles, lists), serialised once and kept
 * until a write changes a table they read (docs/architecture.md "Known traps": aggregates on
 * better-sqlite3 block the event loop; "Many replicas, one truth": what each answer reads). Concurrent
 * misses share one computation. A write on this replica drops what it made stale at its commit
 * (`committed`), a write elsewhere at the next poll (`observe`); an entry is only ever inserted before
 * its computation starts, so a change meanwhile removes it.
 *
 * Answers are kept as bytes (sending a cached string re-encoded 2.8 MB of creators to UTF-8 on every
 * request), and each answer's gzip and brotli forms are made once, off the event loop unless small, when
 * first asked for (see `compressed`) instead of @fastify/compress recompressing them synchronously per request.
 */
@Injectable()
export class AggregateCache implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  /** What may be kept (tests shrink it). */
  protected readonly limits = { entries: MAX_ENTRIES, bytes: MAX_BYTES, asked: MAX_ASKED };
  /** Keys of answers kept only when asked again, in the order last asked (see AnswerOptions.keep). */
  private readonly asked = new Map<string, true>();
  /** Computations of such answers asked for once so far: shared, not kept (nor counted in the limits). */
  private readonly passing = new Map<string, Entry>();
  /** JSON bytes of the computed entries, by key (for the byte limit). */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly encoded = new WeakMap<Buffer, Partial<Record<ContentEncoding, Promise<Buffer>>>>();
  /** How each answer was computed (see `isCurrent`). */
  private readonly computed = new WeakMap<Buffer, Computed>();
  private computations = 0;
  /** Counts the changes seen; when each table last changed, any table an undeclared answer reads, all. */
  private changes = 0;
  private readonly changedAt = new Map<string, number>();
  /** When each table last changed by a write that did not say whose rows it changed (see CreatorScope). */
  private readonly wholeChangedAt = new Map<string, number>();
  private readonly scopedChanges = new CreatorScopedChanges();
  private defaultChangedAt = 0;
  private everythingChangedAt = 0;
  /** Each table's version as last learned (null: unknown, nothing is trusted), and the tables with a row. */
  private versions: Map<string, number> | null = null;
  private readonly stamped = new Set<string>();
  private readonly invalidated: Array<(changed: ChangedTables) => void> = [];
  private readonly replaced: Array<(previous: Buffer) => void> = [];
  /** Intermediate results several answers are built from (see `value`). */
  private readonly values = new Map<string, { value: Promise<unknown>; reads: ReadSet }>();
  /** Quick br forms of kept answers, each replaced by a smaller form (see `improve`). */
  private readonly quick = new WeakSet<Buffer>();
  /** Where `prepare` makes forms nobody waits for yet. */
  private readonly background = new BackgroundCompression();

  async onModuleDestroy(): Promise<void> {
    await this.background.close();
  }

  /**
   * The JSON bytes of `compute()`'s result, from the cache when present, kept until a table it reads
   * changes. A number for `options` is `expiresAt` (see AnswerOptions).
   */
  json(key: string, compute: () => Promise<unknown>, options: AnswerOptions | number = {}): Promise<Buffer> {
    const { reads, expiresAt, keep, shows } = typeof options === 'number' ? { expiresAt: options } : options;
    return this.keep(
      key,
      async (meta) => {
        const value = await compute();
        const shown = shows?.(value);
        if (shown) meta.shows = new Set(shown);
        return Buffer.from(jsonOf(value));
      },
      { reads, expiresAt, keep },
    );
  }

  /**
   * As `json`, for answers that are bytes already (an Atom document, a preview page, a card image):
   * kept, encoded once, ETagged once and replayed like any cached answer. The bytes are copied, so
   * `compute` may hand back a buffer it keeps elsewhere; the copy has its ETag (`sameEtag`).
   */
  buffer(key: string, compute: () => Promise<Buffer>, options: AnswerOptions = {}): Promise<Buffer> {
    return this.keep(
      key,
      async () => {
        const source = await compute();
        return sameEtag(source, Buffer.from(source));
      },
      options,
    );
  }

  /**
   * Puts `smaller` in place of `key`'s answer `previous` (another form of the same answer, a card
   * made smaller after it was sent), as computed at the same time from the same reads, under the same
   * ETag; copied as `buffer` copies. False, and nothing happens, when `key` no longer holds `previous`
   * or `previous` is not current any more. The listeners then drop what they kept of `previous`.
   */
  replace(key: string, previous: Buffer, form: Buffer): boolean {
    const entry = this.entries.get(key);
    const meta = this.computed.get(previous);
    if (!entry || entry.settled !== previous || !meta || !this.isCurrent(previous)) return false;
    const smaller = this.track(sameEtag(previous, Buffer.from(form)));
    this.computed.set(smaller, meta);
    this.entries.set(key, {
      body: Promise.resolve(smaller),
      reads: entry.reads,
      settled: smaller,
    });
    this.bytes += smaller.length - (this.sizes.get(key) ?? 0);
    this.sizes.set(key, smaller.length);
    for (const listener of this.replaced) listener(previous);
    return true;
  }

  /** Calls `listener` with each answer `replace` put another form in place of. */
  onReplace(listener: (previous: Buffer) => void): void {
    this.replaced.push(listener);
  }

  private keep(
    key: string,
    compute: (meta: Computed) => Promise<Buffer>,
    options: AnswerOptions,
  ): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key); // least recently used goes first
      this.entries.set(key, cached);
      return cached.body;
    }
    const computing = this.passing.get(key);
    if (computing) {
      // Asked again while it is computed: kept once computed, as any answer.
      this.passing.delete(key);
      this.entries.set(key, computing);
      this.evict();
      return computing.body;
    }
    const meta: Computed = {
      started: this.changes,
      checked: this.changes,
      reads: toReadSet(options.reads),
      shows: null,
      computation: ++this.computations,
      expiresAt: options.expiresAt,
      compress: options.compress ?? true,
      kept: false,
    };
    const pending = compute(meta).then((computed) => {
      const body = this.track(computed);
      this.computed.set(body, meta);
      const entry = this.entries.get(key);
      if (this.passing.get(key)?.body === pending) {
        this.passing.delete(key); // served to the asks so far, not kept
      } else if (entry?.body === pending) {
        entry.settled = body;
        meta.kept = true;
        this.sizes.set(key, body.length);
        this.bytes += body.length;
        this.evict();
      }
      return body;
    });
    pending.catch(() => {
      if (this.entries.get(key)?.body === pending) this.drop(key);
      if (this.passing.get(key)?.body === pending) this.passing.delete(key);
    });
    if (options.keep === 'when-asked-again' && !this.askedBefore(key)) {
      this.passing.set(key, { body: pending, reads: meta.reads });
    } else {
      this.entries.set(key, { body: pending, reads: meta.reads });
      this.evict();
    }
    return pending;
  }

  /** True when `key` was asked for before; remembers it as asked now. */
  private askedBefore(key: string): boolean {
    const before = this.asked.delete(key);
    this.asked.set(key, true);
    trimToLimit(this.asked, this.limits.asked);
    return before;
  }

  /** Past a limit, drops the least recently used entries to below it (never the last one). */
  private evict(): void {
    trimToLimits(
      this.entries,
      this.limits,
      () => this.bytes,
      (oldest) => this.drop(oldest),
    );
  }

  private drop(key: string): void {
    this.entries.delete(key);
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  /**
   * `compute()`'s result kept as a value until a table in `reads` changes (absent: as for `json`), for
   * what several answers are built from (per-creator counts, the whole creator list, the analytics
   * table): computed once per change, not once per answer. Few keys, so no limits. A failure is not
   * kept.
   */
  value<T>(key: string, compute: () => Promise<T>, reads?: readonly string[]): Promise<T> {
    const cached = this.values.get(key)?.value as Promise<T> | undefined;
    if (cached) return cached;
    const pending = compute();
    this.values.set(key, { value: pending, reads: toReadSet(reads) });
    pending.catch(() => {
      if (this.values.get(key)?.value === pending) this.values.delete(key);
    });
    return pending;
  }

  /**
   * Makes `body`, bytes the caller keeps itself (one per version of what they say, so they never
   * change), an answer of this cache: its compressed forms and ETag are made once however often it is
   * sent. `current`: the bytes match the data now, so they may be replayed until a table in `reads`
   * changes; otherwise they go to each request, never kept beyond it and without an Answer-Computation
   * (see `computationOf`).
   */
  adopt(body: Buffer, options: { reads?: readonly string[]; current: boolean }): Buffer {
    this.track(body);
    const started = options.current ? this.changes : NEVER_CURRENT;
    this.computed.set(body, {
      started,
      checked: started,
      reads: toReadSet(options.reads),
      shows: null,
      computation: this.computed.get(body)?.computation ?? ++this.computations,
      expiresAt: undefined,
      compress: true,
      kept: true,
    });
    return body;
  }

  /** True when `body` is an answer of this cache (so its compressed forms may be kept). */
  owns(body: unknown): body is Buffer {
    return Buffer.isBuffer(body) && this.encoded.has(body);
  }

  /**
   * True when no table `body` reads has changed since its computation began, so it may be remembered
   * beyond this request (an answer whose computation overlapped such a write is served once, to its own
   * request, and dropped), and its clock has not run out.
   */
  isCurrent(body: Buffer): boolean {
    const meta = this.computed.get(body);
    if (!meta || meta.started === NEVER_CURRENT || this.everythingChangedAt > meta.started) return false;
    if (Date.now() >= (meta.expiresAt ?? Infinity)) return false;
    if (meta.reads === null) return this.defaultChangedAt <= meta.started;
    let scoped = false;
    for (const table of meta.reads) {
      if ((this.changedAt.get(table) ?? 0) <= meta.checked) continue;
      if (!meta.shows || (this.wholeChangedAt.get(table) ?? 0) > meta.checked) return false;
      scoped = true;
    }
    if (scoped) {
      if (this.scopedChanges.touches(meta.checked, meta.reads, meta.shows!)) return false;
      meta.checked = this.changes;
    }
    return true;
  }

  /**
   * True when `body` may be replayed: it is current and went into the cache (an answer kept only when
   * asked again and asked once went to its requests alone).
   */
  isReplayable(body: Buffer): boolean {
    return this.computed.get(body)?.kept === true && this.isCurrent(body);
  }

  /** When `body` stops being current whatever the writes (ms since the epoch), if it depends on the clock. */
  expiresAt(body: Buffer): number | undefined {
    return this.computed.get(body)?.expiresAt;
  }

  /** False for an answer whose bytes are compressed already (see AnswerOptions.compress). */
  compressible(body: Buffer): boolean {
    return this.computed.get(body)?.compress ?? true;
  }

  /** The tables `body` reads (null: every table but UNCACHED_TABLES). */
  readsOf(body: Buffer): ReadSet {
    return this.computed.get(body)?.reads ?? null;
  }

  /** Which of this process's computations made `body` (the Answer-Computation header). */
  computationOf(body: Buffer): number | undefined {
    const meta = this.computed.get(body);
    // Bytes adopted while out of date are nobody's answer to the data as it is.
    return meta?.started === NEVER_CURRENT ? undefined : meta?.computation;
  }

  /**
   * Calls `listener` after every invalidation with the tables that changed (null: everything), so
   * whatever keeps answers elsewhere drops those reading them.
   */
  onInvalidate(listener: (changed: ChangedTables) => void): void {
    this.invalidated.push(listener);
  }

  /** Marks `body` as a cached answer. */
  private track(body: Buffer): Buffer {
    if (!this.encoded.has(body)) this.encoded.set(body, {});
    return body;
  }

  /**
   * `body` compressed with `encoding`, made once per answer (gzip level 6): in the thread pool (brotli
   * quality 5), or in place when small (COMPRESS_IN_PLACE_BELOW; brotli quality 1, made again at 5
   * in the background when the answer is kept).
   */
  compressed(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
    let forms = this.encoded.get(body);
    if (!forms) this.encoded.set(body, (forms = {}));
    let form = forms[encoding];
    if (!form) {
      if (body.length < COMPRESS_IN_PLACE_BELOW) {
        const answerForms = forms;
        // A failure becomes a rejection, as from the thread pool.
        form = new Promise<Buffer>((resolve) => {
          if (encoding === 'gzip') return resolve(gzipSync(body));
          const quick = brotliCompressSync(body, brotliOptions(body, IN_PLACE_QUALITY));
          if (this.computed.get(body)?.kept) this.improve(body, answerForms, quick);
          resolve(quick);
        });
      } else {
        form = encoding === 'br' ? brotli(body, brotliOptions(body, POOL_QUALITY)) : gzipped(body);
      }
      forms[encoding] = form;
    }
    return form;
  }

  /**
   * Replaces a kept answer's quick br form with quality 5's once the background has made it; the
   * quick form stays if the worker fails. Requests meanwhile are sent the quick form, which is not
   * replayed (`isQuick`).
   */
  private improve(
    body: Buffer,
    forms: Partial<Record<ContentEncoding, Promise<Buffer>>>,
    quick: Buffer,
  ): void {
    this.quick.add(quick);
    this.background
      .compress(body, ['br'])
      .get('br')
      ?.then(
        (better) => {
          forms.br = Promise.resolve(better);
        },
        () => undefined,
      );
  }

  /**
   * True when `form` is a kept answer's quick br form, replaced by a smaller one once made: a replay
   * keeps the form it was made with, so none is made of this one (nor, should the worker fail, ever:
   * the light path still sends it).
   */
  isQuick(form: Buffer): boolean {
    return this.quick.has(form);
  }

  /**
   * Makes `body`'s br and gzip forms before anyone asks for them, at a low priority (see
   * BackgroundCompression): for a large answer that is worth having ready (the whole communities
   * answer of a new analysis run). A request meanwhile waits for these same forms; should the worker
   * fail, they are made as `compressed` makes them.
   */
  async prepare(body: Buffer): Promise<void> {
    let forms = this.encoded.get(body);
    if (!forms) this.encoded.set(body, (forms = {}));
    const kept = forms;
    const missing = (['br', 'gzip'] as const).filter((encoding) => !kept[encoding]);
    const made: ReadonlyMap<ContentEncoding, Promise<Buffer>> = missing.length > 0
      ? this.background.compress(body, missing)
      : new Map();
    for (const [encoding, form] of made) {
      kept[encoding] = form.catch(() => {
        delete kept[encoding];
        return this.compressed(body, encoding);
      });
    }
    await Promise.all([kept.br, kept.gzip]);
  }

  /** The tables known to have a row in `answer_versions` (a write inserts the others' rows). */
  stampedTables(): ReadonlySet<string> {
    return this.stamped;
  }

  /**
   * A write on this replica committed, changing `tables` under sequence number `sequence`: their
   * answers go now, and the poll that later reads these versions finds nothing new.
   */
  committed(tables: ReadonlySet<string>, sequence: number, scope: CreatorScope | null = null): void {
    for (const table of tables) {
      this.stamped.add(table);
      if (this.versions && sequence > (this.versions.get(table) ?? -1)) this.versions.set(table, sequence);
    }
    this.invalidate(tables, scope);
  }

  /**
   * Every table's version as read by a poll: the answers reading a table whose version moved are
   * dropped. null (the versions cannot be read) drops everything, and so does the first read after
   * it (nothing computed meanwhile is trusted). A version only moves forward, so a poll that read it
   * just before a local write cannot undo that write.
   */
  observe(versions: ReadonlyMap<string, number> | null): void {
    if (versions === null) {
      this.versions = null;
      this.invalidate(null);
      return;
    }
    for (const table of versions.keys()) this.stamped.add(table);
    if (this.versions === null) {
      this.versions = new Map(versions);
      this.invalidate(null);
      return;
    }
    const changed = new Set<string>();
    for (const [table, version] of versions) {
      if (version > (this.versions.get(table) ?? -1)) {
        this.versions.set(table, version);
        changed.add(table);
      }
    }
    if (changed.size > 0) this.invalidate(changed);
  }

  /**
   * Drops what reads `changed` (null or absent: everything), and tells the listeners. With `scope`,
   * what shows none of its creators stays (see AnswerOptions.shows).
   */
  invalidate(changed: Iterable<string> | null = null, scope: CreatorScope | null = null): void {
    const tables: ChangedTables = changed === null ? null : new Set(changed);
    this.changes += 1;
    if (tables === null || tables.has(EVERYTHING)) {
      this.everythingChangedAt = this.changes;
      this.entries.clear();
      this.passing.clear();
      this.values.clear();
      this.sizes.clear();
      this.bytes = 0;
    } else {
      for (const table of tables) {
        this.changedAt.set(table, this.changes);
        if (!scope?.tables.has(table)) this.wholeChangedAt.set(table, this.changes);
        if (!UNCACHED_TABLES.has(table)) this.defaultChangedAt = this.changes;
      }
      if (scope) this.scopedChanges.add(this.changes, scope.tables, scope.creators);
      for (const [key, entry] of this.entries) {
        if (isAffected(entry.reads, tables) && !(entry.settled && this.isCurrent(entry.settled)))
          this.drop(key);
      }
      for (const [key, entry] of this.passing) if (isAffected(entry.reads, tables)) this.passing.delete(key);
      for (const [key, entry] of this.values) if (isAffected(entry.reads, tables)) this.values.delete(key);
    }
    for (const listener of this.invalidated) listener(tables);
  }
}
