import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { getPriority, hostname, setPriority } from 'node:os';
import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Bridge, Communities, CommunityLookup } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { etagOf } from '../common/http-caching';
import { ownEntry } from '../common/own-entry';
import { AggregateCache, isAffected } from '../database/aggregate-cache.service';
import { readAnswerVersions } from '../database/data-version';
import { releaseLease, takeLease } from '../database/leases';
import { TransactionRunner } from '../database/transaction-runner.service';
import type { AnalysisJob, AnalysisOutcome, ParentWriting } from './network-analysis-child';
import {
  ANALYSIS_LEASE,
  latestRun,
  readAllCommunities,
  readBridges,
  readCommunities,
  readCommunitiesOf,
  type StoredRun,
} from './network-results';

/**
 * A burst of writes is analysed once, after it: the check starts when no write has come for this long
 * (the reads that follow a write are served before the analysis competes with them for the CPU and
 * the database's write lock)...
 */
const QUIET_MS = 1000;
/** ...but no later than this after the first write not analysed yet, however steady the writes. */
const MAX_WAIT_MS = 10_000;
/** How long a failed analysis waits at least before the next try. */
const RETRY_MS = 1000;
/** How long the lease lasts unless renewed; the holder renews it every third of that. */
const LEASE_MS = 30_000;
/** How often a replica looks for a run another replica published. */
const RUN_POLL_MS = 1000;
/**
 * How much nicer than the API the analysis process runs: on a busy machine it takes the CPU the API's requests leave over
 * (a run at 1,000,000 videos computes for many seconds right after a write, while that write's reads
 * are being answered) instead of an equal share of it.
 */
const ANALYSIS_NICE = 10;
/** While no run exists yet, how often a waiting request looks again. */
const FIRST_RUN_POLL_MS = 100;

/**
 * The tables the analysis and its answers are built from: a write that changes none of them neither
 * reruns it nor drops its answers.
 */
export const ANALYSIS_READS = ['creators', 'video_authors', 'video_counts'] as const;
const ANALYSIS_READS_SET: ReadonlySet<string> = new Set(ANALYSIS_READS);

/**
 * What the analysis reads, as the versions those tables were at (`answer_versions`, stamped by every
 * write that changes them): a run computed from other inputs is stale.
 */
async function analysisInputs(manager: EntityManager): Promise<string> {
  const versions = await readAnswerVersions(manager);
  return ANALYSIS_READS.map((table) => `${table}:${versions.get(table) ?? 0}`).join(',');
}

/**
 * Where the child process starts: the compiled file next to this one, niced (ANALYSIS_NICE); from the
 * TypeScript sources (the API's test suites) the .ts file, compiled on load by swc as jest compiles it,
 * at the API's priority: compiling takes seconds of CPU that a niced process would hardly get on a
 * test machine busy with other suites, and a test's small graph takes no time from anyone.
 */
function childEntry(): { file: string; execArgv: string[]; nice: number } {
  const { file, register } = ownEntry(__dirname, 'network-analysis-child');
  return register
    ? { file, execArgv: ['--require', register], nice: 0 }
    : { file, execArgv: [], nice: ANALYSIS_NICE };
}

/**
 * Communities and bridges of the collaboration network, computed off the request path, once for all
 * replicas, and served from the database. When the tables the analysis reads have changed since the newest
 * stored run, a replica takes the analysis lease (database/leases.ts; the others leave it) and forks a
 * child process that reads the authorship rows, computes and stores a new run
 * (network-analysis-child.ts), so the graph never lives in the API's heap. Every replica reads the
 * newest finished run and looks for a newer one every second. See docs/architecture.md "Insights".
 */
@Injectable()
export class NetworkAnalysisService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('NetworkAnalysis');
  /** This replica in the lease. */
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** The newest finished run this replica knows. */
  private run: StoredRun | null = null;
  /** Changes to ANALYSIS_READS seen (local writes, and other replicas' at the poll). */
  private changes = 0;
  /**
   * `changes` when `run` was last found to match the data: while it still equals `changes` the run is
   * current and its answers are cached; otherwise they are sent uncached, so that nothing kept (the
   * cache, the replay of the URL) outlives the newer run that is on its way.
   */
  private currentAt = -1;
  private waiters: Array<{ resolve: (run: StoredRun) => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  /** The timer was set by a write (`deferred`), so the next write may push it back. */
  private timerDeferrable = false;
  /** When the first change not analysed yet was seen (null: none). */
  private pendingSince: number | null = null;
  /** Under a stream of writes the analysis rests half as long as it ran, until then (ms since the epoch). */
  private restUntil = 0;
  private poll: NodeJS.Timeout | undefined;
  private checking = false;
  private stopped = false;
  private child: ChildProcess | null = null;
  /**
   * The whole communities answer of one run: the JSON text the child stored, read once per run (it
   * never changes) and sent as those bytes, so their br and gzip forms and ETag are made once per run
   * too, and a request right after a write (the run then no longer matches the data) costs no read and
   * no compression. Once asked for, each newer run's is prepared as soon as it is found.
   */
  private whole: { run: number; body: Promise<Buffer> } | null = null;
  /** The newest run whose whole answer was sent or has its forms made, and the run being prepared. */
  private ready: { run: number; body: Buffer } | null = null;
  private preparing: number | null = null;
  /** How long the last analysis this replica ran took, from the fork to the stored run. */
  lastDurationMs = 0;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    cache.onInvalidate((changed) => {
      if (!isAffected(ANALYSIS_READS_SET, changed)) return; // a suggestion, a title: the same graph
      this.changes += 1;
      this.pendingSince ??= Date.now();
      this.deferred();
    });
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
    this.poll = setInterval(() => void this.refresh().catch(() => undefined), RUN_POLL_MS);
    this.poll.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.poll);
    this.child?.kill('SIGKILL');
    for (const waiter of this.waiters.splice(0))
      waiter.reject(new ServiceUnavailableException('Shutting down'));
  }

  /** Communities of the newest run: all of them, or the first `limit` with their first `members`. */
  communitiesJson(trim: { limit?: number; members?: number } = {}): Promise<Buffer | Communities> {
    const { limit, members } = trim;
    if (limit === undefined && members === undefined) return this.wholeCommunities();
    return this.answer(`communities:${limit ?? ''}:${members ?? ''}`, (manager, run) =>
      readCommunities(manager, run, limit, members),
    );
  }

  /** The communities of the creators `ids` (distinct), for a graph that shows them; see CommunityLookup. */
  communitiesOfJson(ids: readonly number[]): Promise<Buffer | CommunityLookup> {
    return this.answer(`communities:of:${ids.join(',')}`, (manager, run) =>
      readCommunitiesOf(manager, run, ids),
    );
  }

  bridgesJson(limit: number): Promise<Buffer | Bridge[]> {
    return this.answer(`bridges:${limit}`, (manager, run) => readBridges(manager, run, limit));
  }

  /** An answer read from the newest run: cached while that run is current, else sent as it is. */
  private async answer<T>(
    key: string,
    read: (manager: EntityManager, run: number) => Promise<T>,
  ): Promise<Buffer | T> {
    const { id } = await this.current();
    const compute = () => this.tx.read((manager) => read(manager, id));
    if (this.currentAt !== this.changes) return compute();
    return this.cache.json(`network:${id}:${key}`, compute, { reads: ANALYSIS_READS });
  }

  /**
   * The newest run's whole communities answer (see `whole`): replayed like any cached answer while the
   * run is current, else sent to each request and kept nowhere else.
   */
  private async wholeCommunities(): Promise<Buffer> {
    const { id } = await this.current();
    const ready = this.ready;
    // While a newer run's forms are made at a low priority, the run before it goes out, as a stale
    // answer: a request does not wait for work meant to stay out of the requests' way.
    if (this.preparing === id && ready && ready.run < id)
      return this.cache.adopt(ready.body, { reads: ANALYSIS_READS, current: false });
    const body = await this.wholeOf(id);
    if (!this.ready || this.ready.run < id) this.ready = { run: id, body };
    const current = this.run?.id === id && this.currentAt === this.changes;
    return this.cache.adopt(body, { reads: ANALYSIS_READS, current });
  }

  private wholeOf(run: number): Promise<Buffer> {
    if (this.whole?.run === run) return this.whole.body;
    const body = this.tx.read((manager) => readAllCommunities(manager, run));
    this.whole = { run, body };
    body.catch(() => {
      if (this.whole?.body === body) this.whole = null;
    });
    return body;
  }

  /**
   * Reads a newer run's whole answer and makes its ETag and compressed forms before anyone asks, the
   * forms at a low priority (AggregateCache.prepare): about 0.4 s of CPU at 1,000,000 videos, which
   * would otherwise take a core from the requests answered while the run lands.
   */
  private prepareWhole(run: number): void {
    this.preparing = run;
    void this.wholeOf(run)
      .then(async (body) => {
        etagOf(body);
        await this.cache.prepare(body);
        if (!this.ready || this.ready.run < run) this.ready = { run, body };
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.preparing === run) this.preparing = null;
      });
  }

  /** The newest run; until the first one exists (a fresh database), waits for it. */
  private async current(): Promise<StoredRun> {
    if (this.run) return this.run;
    await this.refresh();
    if (this.run) return this.run;
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.schedule(0);
      const look = setInterval(() => {
        if (this.stopped || this.waiters.length === 0) return clearInterval(look);
        void this.refresh().catch(() => undefined);
      }, FIRST_RUN_POLL_MS);
      look.unref();
    });
  }

  /**
   * Reads the newest finished run and what the analysis reads now; a newer run replaces the one
   * served. Answers the data's inputs.
   */
  private async refresh(): Promise<string> {
    const changes = this.changes;
    const { found, inputs } = await this.tx.read(async (manager) => ({
      found: await latestRun(manager),
      inputs: await analysisInputs(manager),
    }));
    if (found && (!this.run || found.id > this.run.id)) {
      this.run = found;
      if (this.whole) this.prepareWhole(found.id);
      for (const waiter of this.waiters.splice(0)) waiter.resolve(found);
    }
    if (this.run && this.run.inputs === inputs) this.currentAt = changes;
    return inputs;
  }

  private schedule(delayMs: number, deferrable = false): void {
    if (this.stopped || this.checking) return;
    if (this.timer) {
      // Only a timer a write set moves (to the next write's time); a first run or a retry stays.
      if (!(deferrable && this.timerDeferrable)) return;
      clearTimeout(this.timer);
    }
    this.timerDeferrable = deferrable;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * The check for changes not analysed yet: QUIET_MS after the latest of them, at most MAX_WAIT_MS
   * after the first, and not before the rest after the last analysis is over.
   */
  private deferred(): void {
    if (this.pendingSince === null) return;
    const now = Date.now();
    const at = Math.max(this.restUntil, Math.min(now + QUIET_MS, this.pendingSince + MAX_WAIT_MS));
    this.schedule(Math.max(0, at - now), true);
  }

  /**
   * Runs the analysis when the newest run is stale and this replica gets the lease. Without the lease
   * (another replica is computing) it looks again when the lease would have expired, in case that
   * replica died; a run it publishes meanwhile is found by the poll.
   */
  private async check(): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    const seen = this.changes;
    // What changes from here on is for the next analysis.
    this.pendingSince = null;
    let retryMs: number | null = null;
    try {
      const inputs = await this.refresh();
      if (this.run?.inputs === inputs) return;
      const taken = await this.tx.write(
        (manager) => takeLease(manager, ANALYSIS_LEASE, this.holder, LEASE_MS),
        { affectsAnswers: false },
      );
      if (!taken) {
        retryMs = LEASE_MS;
        return;
      }
      const started = performance.now();
      try {
        // Another replica may have stored a run of these inputs and let the lease go just before.
        if ((await this.refresh()) === inputs && this.run?.inputs === inputs) return;
        const database = this.config.get('database', { infer: true });
        const outcome = await this.fork({ database, inputs, holder: this.holder });
        if (!outcome.ok) throw new Error(outcome.error);
        this.lastDurationMs = performance.now() - started;
        // Under a stream of writes it then rests half as long as it ran, so it never takes a whole core.
        this.restUntil = Date.now() + this.lastDurationMs / 2;
        await this.refresh();
      } finally {
        await this.tx
          .write((manager) => releaseLease(manager, ANALYSIS_LEASE, this.holder), { affectsAnswers: false })
          .catch(() => undefined);
      }
    } catch (error) {
      if (this.stopped) return;
      this.log.warn(`network analysis failed: ${String(error)}`);
      retryMs = Math.max(RETRY_MS, this.lastDurationMs);
      if (!this.run) {
        const failure = new ServiceUnavailableException('The network analysis is not available yet');
        for (const waiter of this.waiters.splice(0)) waiter.reject(failure);
      }
    } finally {
      this.checking = false;
    }
    if (retryMs !== null) this.schedule(retryMs);
    else if (this.changes !== seen) this.deferred();
  }

  /** Runs one analysis in a child process, renewing the lease while it works. */
  private fork(job: AnalysisJob): Promise<AnalysisOutcome> {
    const { file, execArgv, nice } = childEntry();
    return new Promise((resolve, reject) => {
      const child = fork(file, [], { execArgv, serialization: 'advanced', stdio: 'inherit' });
      this.child = child;
      try {
        if (child.pid !== undefined && nice > 0) setPriority(child.pid, Math.min(19, getPriority() + nice));
      } catch {
        // Not allowed here (some containers): it runs at the API's priority.
      }
      // The child writes only between this replica's writes (network-analysis-child.ts `parentIdle`).
      const stopTelling = this.tx.onWriting((writing) => {
        if (child.connected) child.send({ parentWriting: writing } satisfies ParentWriting, () => undefined);
      });
      const renew = setInterval(() => {
        void this.tx
          .write((manager) => takeLease(manager, ANALYSIS_LEASE, this.holder, LEASE_MS), {
            affectsAnswers: false,
          })
          .catch(() => undefined);
      }, LEASE_MS / 3);
      let outcome: AnalysisOutcome | null = null;
      child.once('message', (message: AnalysisOutcome) => (outcome = message));
      child.once('error', (error) => {
        clearInterval(renew);
        stopTelling();
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearInterval(renew);
        stopTelling();
        if (this.child === child) this.child = null;
        if (outcome) resolve(outcome);
        else reject(new Error(`the analysis process exited (${signal ?? code}) without an answer`));
      });
      child.send(job);
    });
  }
}
