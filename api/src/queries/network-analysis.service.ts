import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  Injectable,
  Logger,
  ServiceUnavailableException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  BRIDGES_MAX_LIMIT,
  communityLabel,
  type Bridge,
  type Communities,
  type Community,
  type CommunityLookup,
} from '@friends/shared';
import { AggregateCache, isAffected } from '../database/aggregate-cache.service';
import { chunks, int, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { isCollaborationSql } from '../videos/collaboration-sql';
import {
  DEFAULT_ANALYSIS_OPTIONS,
  analyseNetwork,
  type AuthorshipColumns,
  type NetworkAnalysis,
} from './community-analysis';

/** A burst of writes is analysed once: the recompute starts this long after the first of them. */
const DEBOUNCE_MS = 200;
/** Authorship rows per read, so no single statement holds SQLite's one connection for long. */
const READ_CHUNK = 5000;
const WORKER_FILE = join(__dirname, 'community-worker.js');
/**
 * The tables the analysis and its answers are built from: a write that changes none of them neither
 * reruns it nor drops its answers.
 */
export const ANALYSIS_READS = ['creators', 'video_authors', 'video_counts'] as const;
const ANALYSIS_READS_SET: ReadonlySet<string> = new Set(ANALYSIS_READS);

interface Published {
  /** Counts the analyses published, so each one's cached answers have their own keys. */
  seq: number;
  /** The data changes counted when its read began (see `changes`). */
  changes: number;
  communities: Communities;
  /** Each member's community, for the lookups of a graph's creators. */
  communityOf: Map<number, Community>;
  bridges: Bridge[];
}

/**
 * Communities and bridges of the collaboration network, computed off the request path and
 * served from the last result. Every change of the data version (a write here, or another replica's
 * write seen by the poll) schedules a recompute: the authorship rows are read in short chunks, the
 * analysis runs in a worker thread, and the result replaces the previous one. Each replica computes
 * from the database itself; the analysis is deterministic, so replicas agree. Until the first result
 * exists requests wait for it; afterwards they never wait. See docs/architecture.md "Insights".
 */
@Injectable()
export class NetworkAnalysisService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('NetworkAnalysis');
  private published: Published | null = null;
  private waiters: Array<{ resolve: (value: Published) => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Data-version changes seen: a result read after the latest one is current. */
  private changes = 0;
  private stopped = false;
  private worker: Worker | null = null;
  /** How long the last analysis took, from the first read to its publication. */
  lastDurationMs = 0;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
  ) {
    cache.onInvalidate((changed) => {
      if (!isAffected(ANALYSIS_READS_SET, changed)) return; // a suggestion, a title: same graph
      this.changes += 1;
      this.schedule(DEBOUNCE_MS);
    });
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.worker?.terminate();
    for (const waiter of this.waiters.splice(0))
      waiter.reject(new ServiceUnavailableException('Shutting down'));
  }

  /**
   * Communities; cached as bytes when the result is current, sent uncached while a newer one is pending
   * (a cached answer is kept, and replayed, until the next data change).
   */
  async communitiesJson(trim: { limit?: number; members?: number } = {}): Promise<Buffer | Communities> {
    const result = await this.result();
    const { limit, members } = trim;
    const answer = (): Communities =>
      limit === undefined && members === undefined
        ? result.communities
        : {
            communities: result.communities.communities
              .slice(0, limit)
              .map((community) =>
                members === undefined
                  ? community
                  : { ...community, members: community.members.slice(0, members) },
              ),
            total: result.communities.total,
          };
    if (result.changes !== this.changes) return answer();
    return this.cache.json(
      `network:communities:${result.seq}:${limit ?? ''}:${members ?? ''}`,
      async () => answer(),
      { reads: ANALYSIS_READS },
    );
  }

  /** The communities of the creators `ids` (distinct), for a graph that shows them; see CommunityLookup. */
  async communitiesOfJson(ids: readonly number[]): Promise<Buffer | CommunityLookup> {
    const result = await this.result();
    const answer = (): CommunityLookup => {
      const members: [number, number][] = [];
      const used = new Set<Community>();
      for (const id of ids) {
        const community = result.communityOf.get(id);
        if (!community) continue;
        members.push([id, community.id]);
        used.add(community);
      }
      const communities = result.communities.communities
        .filter((community) => used.has(community))
        .map(({ id, label, size }) => ({ id, label, size }));
      return { communities, members };
    };
    if (result.changes !== this.changes) return answer();
    return this.cache.json(`network:communities:of:${result.seq}:${ids.join(',')}`, async () => answer(), {
      reads: ANALYSIS_READS,
    });
  }

  async bridgesJson(limit: number): Promise<Buffer | Bridge[]> {
    const result = await this.result();
    const top = () => result.bridges.slice(0, limit);
    if (result.changes !== this.changes) return top();
    return this.cache.json(`network:bridges:${result.seq}:${limit}`, async () => top(), {
      reads: ANALYSIS_READS,
    });
  }

  private result(): Promise<Published> {
    if (this.published) return Promise.resolve(this.published);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.schedule(0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    const seen = this.changes;
    const started = performance.now();
    try {
      const analysis = await this.analyse(await this.readAuthorships());
      const result = await this.name(analysis, seen);
      if (this.stopped) return;
      this.published = result;
      this.lastDurationMs = performance.now() - started;
      for (const waiter of this.waiters.splice(0)) waiter.resolve(result);
    } catch (error) {
      if (this.stopped) return;
      this.changes += 1; // try again
      this.log.warn(`network analysis failed: ${String(error)}`);
      const failure = new ServiceUnavailableException('The network analysis is not available yet');
      for (const waiter of this.waiters.splice(0)) waiter.reject(failure);
    } finally {
      this.running = false;
    }
    // Under a stream of writes the worker rests half as long as it ran, so it never takes a whole core.
    if (this.changes !== seen) this.schedule(Math.max(DEBOUNCE_MS, this.lastDurationMs / 2));
  }

  /**
   * The authorship rows of every collaboration (solo videos add nothing to the graph and are three in
   * four videos: reading them cost most of the time and memory), ordered by video, a chunk at a time
   * (whole videos per chunk), from the video counts kept on write.
   */
  private async readAuthorships(): Promise<AuthorshipColumns> {
    const videoIds: number[] = [];
    const creatorIds: number[] = [];
    for (let after = 0; ;) {
      const part = await this.tx.read((manager) =>
        rows<{ video_id: number; creator_id: number }>(
          manager,
          `SELECT va.video_id, va.creator_id
             FROM video_counts vc JOIN video_authors va ON va.video_id = vc.video_id
            WHERE vc.video_id > ? AND ${isCollaborationSql('vc.authors')}
            ORDER BY va.video_id, va.creator_id LIMIT ${READ_CHUNK}`,
          [after],
        ),
      );
      const full = part.length === READ_CHUNK;
      // A full chunk may end inside a video: its last video is read again, whole, with the next one.
      const last = full ? int(part[part.length - 1]!.video_id) : null;
      let kept = 0;
      for (const row of part) {
        const video = int(row.video_id);
        if (video === last) break;
        videoIds.push(video);
        creatorIds.push(int(row.creator_id));
        kept++;
      }
      if (!full) break;
      if (kept === 0) throw new Error(`a video with more than ${READ_CHUNK} authors`);
      after = videoIds[videoIds.length - 1]!;
    }
    return { videoIds: Int32Array.from(videoIds), creatorIds: Int32Array.from(creatorIds) };
  }

  /**
   * In a worker thread when running the compiled build; running from the TypeScript sources (the API
   * test suites) in this thread, as a worker can only load compiled JavaScript.
   */
  private analyse(columns: AuthorshipColumns): Promise<NetworkAnalysis> {
    const options = { ...DEFAULT_ANALYSIS_OPTIONS, bridges: BRIDGES_MAX_LIMIT };
    if (!__filename.endsWith('.js') || !existsSync(WORKER_FILE)) {
      return Promise.resolve(analyseNetwork(columns, options));
    }
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_FILE);
      this.worker = worker;
      const done = () => {
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      };
      worker.once('message', (analysis: NetworkAnalysis) => {
        done();
        resolve(analysis);
      });
      worker.once('error', (error) => {
        done();
        reject(error);
      });
      worker.once('exit', (code) => {
        if (this.worker === worker) reject(new Error(`analysis worker exited with code ${code}`));
      });
      worker.postMessage({ rows: columns, options }, [
        columns.videoIds.buffer as ArrayBuffer,
        columns.creatorIds.buffer as ArrayBuffer,
      ]);
    });
  }

  /** Names for the ids of the analysis, a chunk per read; a creator deleted meanwhile is left out. */
  private async name(analysis: NetworkAnalysis, changes: number): Promise<Published> {
    const ids = analysis.communities.flatMap((community) => community.members);
    const names = new Map<number, string>();
    for (const part of chunks(ids)) {
      const found = await this.tx.read((manager) =>
        rows<{ id: number; name: string }>(
          manager,
          `SELECT id, name FROM creators WHERE id IN ${placeholders(part.length)}`,
          part,
        ),
      );
      for (const row of found) names.set(int(row.id), row.name);
    }
    const communities = analysis.communities
      .map((community) => community.members.filter((id) => names.has(id)))
      .filter((members) => members.length > 0)
      .map((members): Community => ({
        id: Math.min(...members),
        label: communityLabel(members.map((id) => names.get(id)!)),
        size: members.length,
        members: members.map((id) => ({ id, name: names.get(id)! })),
      }));
    const communityOf = new Map<number, Community>();
    for (const community of communities) {
      for (const member of community.members) communityOf.set(member.id, community);
    }
    const bridges = analysis.bridges
      .filter(([id]) => names.has(id))
      .map(([id, score]) => ({ id, name: names.get(id)!, score: Math.round(score * 1e6) / 1e6 }));
    return {
      seq: (this.published?.seq ?? 0) + 1,
      changes,
      communities: { communities, total: communities.length },
      communityOf,
      bridges,
    };
  }
}
