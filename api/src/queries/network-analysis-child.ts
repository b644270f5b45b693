/**
 * The network analysis as its own process (child_process.fork from NetworkAnalysisService): it opens
 * its own connection to the database, reads the authorship rows, computes communities and bridges, and
 * stores them as a new run (network-results.ts). The graph (hundreds of MB at 1,000,000 videos) lives
 * and dies here, never in the API's heap. It publishes the run only while its replica still holds the
 * analysis lease, and exits when that replica goes away.
 */
import {
  BRIDGES_MAX_LIMIT,
  communityLabel,
  type Bridge,
  type Communities,
  type Community,
} from '@friends/shared';
import { DataSource, type EntityManager } from 'typeorm';
import type { DatabaseConfig } from '../config/configuration';
import { dataSourceOptions } from '../database/data-source-options';
import { chunks, int, placeholders, rows } from '../database/sql';
import { isCollaborationSql } from '../videos/collaboration-sql';
import {
  DEFAULT_ANALYSIS_OPTIONS,
  analyseNetwork,
  type AuthorshipColumns,
  type NetworkAnalysis,
} from './community-analysis';
import { ANALYSIS_LEASE } from './network-results';

/** What the parent sends. */
export interface AnalysisJob {
  database: DatabaseConfig;
  /** Recorded with the run: what it was computed from. */
  inputs: string;
  /** The lease holder (the parent replica); the run is published only while it holds the lease. */
  holder: string;
}

/** What the child answers before it exits. */
export type AnalysisOutcome = { ok: true; run: number | null } | { ok: false; error: string };

/** The parent tells the child when its own writes start and end (see `parentIdle`). */
export interface ParentWriting {
  parentWriting: boolean;
}

/** How long the child holds its next write back at most while the parent keeps writing. */
const MAX_HOLD_BACK_MS = 5000;
/** How often it looks again meanwhile. */
const HOLD_BACK_POLL_MS = 2;

let parentWriting = false;

/**
 * Resolves when the parent replica is not in a write transaction (or after MAX_HOLD_BACK_MS). On SQLite
 * one connection writes at a time and a writer that finds the lock taken waits inside the statement,
 * on the API's event loop: the parent's write then waited out this process's transactions back to
 * back (the busy handler sleeping while the next chunk took the lock again), 100–200 ms with every
 * request behind it. So the child takes the write lock only between the parent's writes; a write
 * of the parent's that starts meanwhile waits for one chunk at most.
 */
async function parentIdle(): Promise<void> {
  // The statements before resolve as promises without a turn of the event loop, which would leave
  // the parent's messages unread: let the loop poll for them first.
  await new Promise((resolve) => setImmediate(resolve));
  const until = Date.now() + MAX_HOLD_BACK_MS;
  while (parentWriting && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, HOLD_BACK_POLL_MS));
}

/** Authorship rows per read, so no single statement holds SQLite's write-ahead log back for long. */
const READ_CHUNK = 5000;
/** Rows per INSERT and per write transaction, so the API's own writes never wait long for ours. */
const WRITE_CHUNK = 500;

/**
 * The authorship rows of every collaboration (solo videos add nothing to the graph and are three in
 * four videos), ordered by video, a chunk at a time (whole videos per chunk), from the video counts.
 */
async function readAuthorships(manager: EntityManager): Promise<AuthorshipColumns> {
  const videoIds: number[] = [];
  const creatorIds: number[] = [];
  for (let after = 0; ;) {
    const part = await rows<{ video_id: number; creator_id: number }>(
      manager,
      `SELECT va.video_id, va.creator_id
         FROM video_counts vc JOIN video_authors va ON va.video_id = vc.video_id
        WHERE vc.video_id > ? AND ${isCollaborationSql('vc.authors')}
        ORDER BY va.video_id, va.creator_id LIMIT ${READ_CHUNK}`,
      [after],
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

/** The analysis with names; a creator deleted meanwhile is left out. */
async function named(
  manager: EntityManager,
  analysis: NetworkAnalysis,
): Promise<{ communities: Community[]; bridges: Bridge[] }> {
  const ids = analysis.communities.flatMap((community) => community.members);
  const names = new Map<number, string>();
  for (const part of chunks(ids)) {
    for (const row of await rows<{ id: number; name: string }>(
      manager,
      `SELECT id, name FROM creators WHERE id IN ${placeholders(part.length)}`,
      part,
    )) {
      names.set(int(row.id), row.name);
    }
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
  const bridges = analysis.bridges
    .filter(([id]) => names.has(id))
    .map(([id, score]) => ({ id, name: names.get(id)!, score: Math.round(score * 1e6) / 1e6 }));
  return { communities, bridges };
}

/** Multi-row INSERTs of `columns`, WRITE_CHUNK rows per statement and per transaction. */
async function insertRows(
  dataSource: DataSource,
  table: string,
  columns: readonly string[],
  values: readonly unknown[][],
): Promise<void> {
  const row = placeholders(columns.length);
  for (const part of chunks(values, WRITE_CHUNK)) {
    await parentIdle();
    await dataSource.transaction((manager) =>
      manager.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => row).join(', ')}`,
        part.flat(),
      ),
    );
  }
}

/** Run rows kept as a record of the analyses (their results are removed sooner, see `store`). */
const RUNS_KEPT = 50;

/**
 * Removes a run's results a chunk at a time (one statement of 100,000 deletions would hold the write
 * lock long), and the run's row too unless `keepRow`.
 */
async function discardRun(dataSource: DataSource, run: number, keepRow: boolean): Promise<void> {
  for (;;) {
    const [edge] = await rows<{ creator_id: number }>(
      dataSource.manager,
      `SELECT creator_id FROM network_members WHERE run_id = ? ORDER BY creator_id LIMIT 1 OFFSET ${WRITE_CHUNK - 1}`,
      [run],
    );
    if (!edge) break;
    await parentIdle();
    await dataSource.query('DELETE FROM network_members WHERE run_id = ? AND creator_id <= ?', [
      run,
      int(edge.creator_id),
    ]);
  }
  await parentIdle();
  await dataSource.transaction(async (manager) => {
    await manager.query('DELETE FROM network_members WHERE run_id = ?', [run]);
    await manager.query('DELETE FROM network_communities WHERE run_id = ?', [run]);
    if (keepRow)
      await manager.query('UPDATE network_runs SET communities = NULL, bridges = NULL WHERE id = ?', [run]);
    else await manager.query('DELETE FROM network_runs WHERE id = ?', [run]);
  });
}

/**
 * Stores the result as a new run and publishes it if `holder` still holds the lease; then removes the
 * runs before the previous one (readers still on the previous run find its rows). The run id, or null
 * when the lease was lost meanwhile (the run is removed again).
 */
async function store(
  dataSource: DataSource,
  job: AnalysisJob,
  result: { communities: Community[]; bridges: Bridge[] },
): Promise<number | null> {
  const whole: Communities = { communities: result.communities, total: result.communities.length };
  await parentIdle();
  const inserted: unknown = await dataSource.query(
    'INSERT INTO network_runs (inputs, holder, started_at, communities, bridges) VALUES (?, ?, ?, ?, ?)',
    [
      job.inputs,
      job.holder,
      Date.now(),
      JSON.stringify(whole),
      JSON.stringify(result.bridges.slice(0, BRIDGES_MAX_LIMIT)),
    ],
  );
  // better-sqlite3 answers the new row's id, mysql2 a header carrying it.
  const run = int(
    typeof inserted === 'object' && inserted !== null
      ? (inserted as { insertId: unknown }).insertId
      : inserted,
  );
  if (!(run > 0)) throw new Error('the new run has no id');
  await insertRows(
    dataSource,
    'network_communities',
    ['run_id', 'position', 'id', 'label', 'size'],
    result.communities.map((community, position) => [
      run,
      position,
      community.id,
      community.label,
      community.size,
    ]),
  );
  await insertRows(
    dataSource,
    'network_members',
    ['run_id', 'creator_id', 'community_id', 'position', 'name'],
    result.communities.flatMap((community) =>
      community.members.map((member, position) => [run, member.id, community.id, position, member.name]),
    ),
  );
  await parentIdle();
  const published = await dataSource.transaction(async (manager) => {
    const now = Date.now();
    const outcome = await manager.queryRunner!.query(
      `UPDATE network_runs SET finished_at = ?
        WHERE id = ? AND EXISTS (SELECT 1 FROM leases WHERE name = ? AND holder = ? AND expires_at >= ?)`,
      [now, run, ANALYSIS_LEASE, job.holder, now],
      true,
    );
    return Number(outcome.affected ?? 0) === 1;
  });
  if (!published) {
    await discardRun(dataSource, run, false);
    return null;
  }
  const [previous] = await rows<{ id: number }>(
    dataSource.manager,
    'SELECT MAX(id) AS id FROM network_runs WHERE id < ? AND finished_at IS NOT NULL',
    [run],
  );
  const keep = int(previous?.id);
  // Results before the previous run are removed (readers still on the previous run find its rows); an
  // unfinished run newer than it may still be written by a process that lost the lease, and is left to
  // that process (it removes its own run when it cannot publish it).
  const older = await rows<{ id: number; results: number }>(
    dataSource.manager,
    `SELECT id, CASE WHEN communities IS NULL THEN 0 ELSE 1 END AS results
       FROM network_runs WHERE id < ? ORDER BY id DESC`,
    [keep],
  );
  for (const [index, row] of older.entries()) {
    const keepRow = index < RUNS_KEPT - 2;
    if (int(row.results) === 1 || !keepRow) await discardRun(dataSource, int(row.id), keepRow);
  }
  return run;
}

export async function runAnalysis(job: AnalysisJob): Promise<number | null> {
  if (job.database.type === 'sqlite' && job.database.path === ':memory:') {
    throw new Error('the network analysis needs a database file or server, not an in-memory SQLite');
  }
  const options = dataSourceOptions(job.database);
  const dataSource = new DataSource(
    options.type === 'mysql'
      ? { ...options, migrations: [], entities: [], poolSize: 2 }
      : { ...options, migrations: [], entities: [] },
  );
  await dataSource.initialize();
  try {
    const analysis = analyseNetwork(await readAuthorships(dataSource.manager), {
      ...DEFAULT_ANALYSIS_OPTIONS,
      bridges: BRIDGES_MAX_LIMIT,
    });
    return await store(dataSource, job, await named(dataSource.manager, analysis));
  } finally {
    await dataSource.destroy();
  }
}

if (process.send) {
  // The replica that started us went away: its lease will expire, another replica takes over.
  process.once('disconnect', () => process.exit(1));
  let started = false;
  process.on('message', (message: AnalysisJob | ParentWriting) => {
    if ('parentWriting' in message) {
      parentWriting = message.parentWriting;
      return;
    }
    if (started) return;
    started = true;
    const job = message;
    runAnalysis(job).then(
      (run) => process.send?.({ ok: true, run } satisfies AnalysisOutcome, () => process.exit(0)),
      (error: unknown) =>
        process.send?.({ ok: false, error: String(error) } satisfies AnalysisOutcome, () => process.exit(1)),
    );
  });
}
