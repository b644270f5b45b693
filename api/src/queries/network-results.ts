/**
 * The network analysis's results as stored in the database (`network_runs`, `network_communities`,
 * `network_members`; see the NetworkAnalysisRuns migration): written by the analysis child process, read
 * by every replica. Readers use the newest finished run; the child writes a new run in short chunks and
 * marks it finished last, so a reader never sees half of one.
 */
import type { Bridge, Communities, Community, CommunityLookup } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, int, placeholders, rows } from '../database/sql';

/** The lease that lets one process at a time compute the analysis (see database/leases.ts). */
export const ANALYSIS_LEASE = 'network-analysis';

export interface StoredRun {
  id: number;
  /** What the run was computed from (see NetworkAnalysisService's `inputs`). */
  inputs: string;
}

/** The newest finished run, or null before the first one. */
export async function latestRun(manager: EntityManager): Promise<StoredRun | null> {
  const [row] = await rows<{ id: number; inputs: string }>(
    manager,
    'SELECT id, inputs FROM network_runs WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1',
  );
  return row ? { id: int(row.id), inputs: String(row.inputs) } : null;
}

/**
 * Every community with every member: the run's whole answer, stored as it is sent, so it is sent as
 * those bytes (a few megabytes at 1,000,000 videos, not parsed and written again).
 */
export async function readAllCommunities(manager: EntityManager, run: number): Promise<Buffer> {
  const [row] = await rows<{ communities: string | null }>(
    manager,
    'SELECT communities FROM network_runs WHERE id = ?',
    [run],
  );
  const empty: Communities = { communities: [], total: 0 };
  return Buffer.from(row?.communities ? String(row.communities) : JSON.stringify(empty));
}

/** The first `limit` communities (all when undefined) with their first `members` members (all when undefined). */
export async function readCommunities(
  manager: EntityManager,
  run: number,
  limit: number | undefined,
  members: number | undefined,
): Promise<Communities> {
  const [count] = await rows<{ total: number }>(
    manager,
    'SELECT COUNT(*) AS total FROM network_communities WHERE run_id = ?',
    [run],
  );
  const heads = await rows<{ id: number; label: string; size: number }>(
    manager,
    `SELECT id, label, size FROM network_communities WHERE run_id = ? ORDER BY position
     ${limit === undefined ? '' : `LIMIT ${Math.trunc(limit)}`}`,
    [run],
  );
  const byId = new Map<number, Community>();
  const communities = heads.map((head): Community => {
    const community = { id: int(head.id), label: head.label, size: int(head.size), members: [] };
    byId.set(community.id, community);
    return community;
  });
  if (members !== 0) {
    for (const part of chunks([...byId.keys()])) {
      for (const row of await rows<{ community_id: number; creator_id: number; name: string }>(
        manager,
        `SELECT community_id, creator_id, name FROM network_members
          WHERE run_id = ? AND community_id IN ${placeholders(part.length)}
                ${members === undefined ? '' : `AND position < ${Math.trunc(members)}`}
          ORDER BY community_id, position`,
        [run, ...part],
      )) {
        byId.get(int(row.community_id))?.members.push({ id: int(row.creator_id), name: row.name });
      }
    }
  }
  return { communities, total: int(count?.total) };
}

/** The communities of the creators `ids` (distinct): ids, labels and sizes, in the order of the run. */
export async function readCommunitiesOf(
  manager: EntityManager,
  run: number,
  ids: readonly number[],
): Promise<CommunityLookup> {
  const communityOf = new Map<number, number>();
  for (const part of chunks(ids)) {
    for (const row of await rows<{ creator_id: number; community_id: number }>(
      manager,
      `SELECT creator_id, community_id FROM network_members
        WHERE run_id = ? AND creator_id IN ${placeholders(part.length)}`,
      [run, ...part],
    )) {
      communityOf.set(int(row.creator_id), int(row.community_id));
    }
  }
  const members: [number, number][] = ids.flatMap((id): [number, number][] => {
    const community = communityOf.get(id);
    return community === undefined ? [] : [[id, community]];
  });
  const used = [...new Set(communityOf.values())];
  const found: { id: number; label: string; size: number; position: number }[] = [];
  for (const part of chunks(used)) {
    for (const row of await rows<{ id: number; label: string; size: number; position: number }>(
      manager,
      `SELECT id, label, size, position FROM network_communities
        WHERE run_id = ? AND id IN ${placeholders(part.length)}`,
      [run, ...part],
    )) {
      found.push({ id: int(row.id), label: row.label, size: int(row.size), position: int(row.position) });
    }
  }
  const communities = found
    .sort((a, b) => a.position - b.position)
    .map(({ id, label, size }) => ({ id, label, size }));
  return { communities, members };
}

/** The run's bridges, highest first, at most `limit`. */
export async function readBridges(manager: EntityManager, run: number, limit: number): Promise<Bridge[]> {
  const [row] = await rows<{ bridges: string | null }>(
    manager,
    'SELECT bridges FROM network_runs WHERE id = ?',
    [run],
  );
  return row?.bridges ? (JSON.parse(row.bridges) as Bridge[]).slice(0, limit) : [];
}
