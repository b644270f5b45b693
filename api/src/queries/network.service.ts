import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  NETWORK_LIMITS,
  PAIR_MUST_DIFFER,
  SUGGESTED_SIZE,
  collaborationSide,
  countEvents,
  defaultAvatarUrl,
  type Activity,
  type CollaborationPath,
  type CreatorNetwork,
  type NetworkCreator,
  type NetworkEdge,
  type NetworkHops,
  type NetworkNode,
  type NetworkWeight,
  type PairVideoSide,
  type PairVideos,
  type SuggestedCreator,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { resolveCreatorId } from '../creators/creator-reader';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import { chunks, int, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { readMembershipsOf } from '../groups/group-reader';
import { readVideosById } from '../videos/video-reader';

interface WeightRow {
  source: number;
  target: number;
  weight: number;
}

/** The pair counts' column an edge weighs: videos together, or collab events together (an event once). */
const PAIR_COLUMN: Record<NetworkWeight, 'videos' | 'events'> = { videos: 'videos', events: 'events' };

/** Ids per IN list (a weight query can take two lists; NETWORK_LIMITS.neighbours keeps them short). */
const ID_CHUNK = 250;

/**
 * The collaboration network, answered from SQL (cached by the routes, see common/cached-answer.ts): a creator's ego network (one or two hops, capped by NETWORK_LIMITS so a hub with
 * thousands of collaborators answers fast), a pair's videos together, the shortest chain of
 * collaborations between two creators (bidirectional breadth-first search over SQL adjacency,
 * bounded in depth and visited creators), collaborations per month, and who might collaborate.
 */
@Injectable()
export class NetworkService {
  constructor(private readonly tx: TransactionRunner) {}

  networkOf(id: number, hops: NetworkHops, weight: NetworkWeight = 'videos') {
    return this.tx.read((manager) => this.network(manager, id, hops, weight));
  }

  pairOf(a: number, b: number) {
    return this.tx.read((manager) => this.pair(manager, a, b));
  }

  pathBetween(from: number, to: number) {
    return this.tx.read((manager) => this.path(manager, from, to));
  }

  activityOf(id: number) {
    return this.tx.read((manager) => this.activity(manager, id));
  }

  /** "Might collaborate". */
  suggestionsFor(id: number) {
    return this.tx.read((manager) => this.suggested(manager, id));
  }

  everyActivity() {
    return this.tx.read((manager) => this.allActivity(manager));
  }

  private async network(
    manager: EntityManager,
    requestedId: number,
    hops: NetworkHops,
    weight: NetworkWeight,
  ): Promise<CreatorNetwork> {
    const center = await this.resolveOrFail(manager, requestedId);
    const column = PAIR_COLUMN[weight];

    // First hop: the centre's collaborators, most videos (or events) together first: the first rows of
    // the pair counts' index (counts/pair-counts.ts).
    const around = await rows<{ id: number; weight: number }>(
      manager,
      `SELECT other_id AS id, ${column} AS weight
         FROM creator_pairs
        WHERE creator_id = ?
        ORDER BY weight DESC, id ASC
        LIMIT ${NETWORK_LIMITS.neighbours + 1}`,
      [center],
    );
    let truncated = around.length > NETWORK_LIMITS.neighbours;
    const first = around.slice(0, NETWORK_LIMITS.neighbours).map((row) => ({
      id: int(row.id),
      weight: int(row.weight),
    }));
    const firstIds = new Set(first.map((row) => row.id));
    const edges = new Map<string, NetworkEdge>();
    const addEdge = (a: number, b: number, weight: number) => {
      const [source, target] = a < b ? [a, b] : [b, a];
      edges.set(`${source}-${target}`, { source, target, weight });
    };
    for (const row of first) addEdge(center, row.id, row.weight);

    const hopOf = new Map<number, 0 | 1 | 2>([[center, 0]]);
    for (const row of first) hopOf.set(row.id, 1);

    if (hops === 1) {
      // The ties among the collaborators themselves.
      for (const row of await this.weightsAmong(manager, [...firstIds], weight)) {
        addEdge(int(row.source), int(row.target), int(row.weight));
      }
    } else {
      // Everyone the first hop made videos with: second-hop candidates scored by their videos with the
      // (most connected) first-hop creators, then the ties from those creators to the first and second
      // hop. SQL sums and filters the expanded creators' pairs (thousands at 1M) and hands over only the
      // rows shown: building a row object costs more than reading its index entry.
      const expanded = first.slice(0, NETWORK_LIMITS.expandedNeighbours).map((row) => row.id);
      if (first.length > expanded.length) truncated = true;
      const scored = await this.secondHopScores(manager, expanded, [center, ...firstIds], weight);
      const second = scored.slice(0, NETWORK_LIMITS.secondHop).map((row) => int(row.id));
      if (scored.length > second.length) truncated = true;
      for (const id of second) hopOf.set(id, 2);
      for (const row of await this.weightsFromTo(manager, expanded, [...firstIds, ...second], weight)) {
        addEdge(int(row.source), int(row.target), int(row.weight));
      }
      // Ties among first-hop creators that were not expanded.
      const rest = first.slice(expanded.length).map((row) => row.id);
      if (rest.length > 0) {
        for (const row of await this.weightsAmong(manager, rest, weight)) {
          addEdge(int(row.source), int(row.target), int(row.weight));
        }
      }
    }

    const ids = [...hopOf.keys()];
    const named = await this.named(manager, ids);
    const collabs = await this.collabCounts(manager, ids, weight);
    const order = new Map(ids.map((id, index) => [id, index]));
    const nodes: NetworkNode[] = ids
      .filter((id) => named.has(id))
      .map((id) =>
        Object.assign({}, named.get(id) as NetworkCreator, {
          collabCount: collabs.get(id) ?? 0,
          hop: hopOf.get(id) ?? 2,
        }),
      )
      .sort((a, b) => a.hop - b.hop || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const network: CreatorNetwork = {
      center,
      hops,
      nodes,
      edges: [...edges.values()].sort(
        (a, b) => b.weight - a.weight || a.source - b.source || a.target - b.target,
      ),
      truncated,
    };
    return weight === 'events' ? { ...network, weight } : network;
  }

  /** Videos (or events) together for every pair of the given creators (each pair once, source < target). */
  private weightsAmong(
    manager: EntityManager,
    ids: readonly number[],
    weight: NetworkWeight,
  ): Promise<WeightRow[]> {
    return ids.length < 2 ? Promise.resolve([]) : this.weightsFromTo(manager, ids, ids, weight, 'once');
  }

  /**
   * Creators outside `known` by their videos (or events) with the given creators together, most first
   * (ties by id), one more than the second hop shows so a cut is known.
   */
  private async secondHopScores(
    manager: EntityManager,
    ids: readonly number[],
    known: readonly number[],
    weight: NetworkWeight,
  ): Promise<{ id: number; score: number }[]> {
    if (ids.length === 0) return [];
    return rows<{ id: number; score: number }>(
      manager,
      `SELECT other_id AS id, SUM(${PAIR_COLUMN[weight]}) AS score
         FROM creator_pairs
        WHERE creator_id IN ${placeholders(ids.length)} AND other_id NOT IN ${placeholders(known.length)}
        GROUP BY other_id
        ORDER BY score DESC, id ASC
        LIMIT ${NETWORK_LIMITS.secondHop + 1}`,
      [...ids, ...known],
    );
  }

  /**
   * Videos (or events) together of each given creator with each of `targets`; with 'once', a pair
   * both lists hold comes once (source < target).
   */
  private async weightsFromTo(
    manager: EntityManager,
    ids: readonly number[],
    targets: readonly number[],
    weight: NetworkWeight,
    pairs: 'both ways' | 'once' = 'both ways',
  ): Promise<WeightRow[]> {
    const found: WeightRow[] = [];
    if (targets.length === 0) return found;
    for (const part of chunks(ids, ID_CHUNK)) {
      // The unary plus reads each creator's pairs and filters them, rather than probing every
      // (creator, other) of the two lists.
      found.push(
        ...(await rows<WeightRow>(
          manager,
          `SELECT creator_id AS source, other_id AS target, ${PAIR_COLUMN[weight]} AS weight
             FROM creator_pairs
            WHERE creator_id IN ${placeholders(part.length)} AND +other_id IN ${placeholders(targets.length)}
            ${pairs === 'once' ? 'AND other_id > creator_id' : ''}`,
          [...part, ...targets],
        )),
      );
    }
    return found;
  }

  /** Collaborations per creator (counted by event when the edges are), from the counts kept on write. */
  private async collabCounts(
    manager: EntityManager,
    ids: readonly number[],
    weight: NetworkWeight,
  ): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    const [column, table] =
      weight === 'events' ? ['events', 'creator_event_counts'] : ['collaborations', 'creator_counts'];
    for (const part of chunks(ids)) {
      for (const row of await rows<{ id: number; collabs: number }>(
        manager,
        `SELECT creator_id AS id, ${column} AS collabs
           FROM ${table} WHERE creator_id IN ${placeholders(part.length)}`,
        part,
      )) {
        counts.set(int(row.id), int(row.collabs));
      }
    }
    return counts;
  }

  private async named(manager: EntityManager, ids: readonly number[]): Promise<Map<number, NetworkCreator>> {
    const found = new Map<number, NetworkCreator>();
    for (const part of chunks(ids)) {
      for (const row of await rows<NetworkCreator>(
        manager,
        `SELECT id, name, photo FROM creators WHERE id IN ${placeholders(part.length)}`,
        part,
      )) {
        found.set(int(row.id), {
          id: int(row.id),
          name: row.name,
          photo: row.photo || defaultAvatarUrl(row.name),
        });
      }
    }
    return found;
  }

  private async pair(manager: EntityManager, requestedA: number, requestedB: number): Promise<PairVideos> {
    const a = await this.resolveOrFail(manager, requestedA);
    const b = await this.resolveOrFail(manager, requestedB);
    if (a === b) throw new BadRequestException(PAIR_MUST_DIFFER);
    const together = await rows<{ id: number; date: string }>(
      manager,
      `SELECT v.id, v.date
         FROM video_authors x
         JOIN video_authors y ON y.video_id = x.video_id AND y.creator_id = ?
         JOIN videos v ON v.id = x.video_id
        WHERE x.creator_id = ?
        ORDER BY v.date DESC, v.id DESC`,
      [b, a],
    );
    const byId = new Map(
      (
        await readVideosById(
          manager,
          together.map((row) => int(row.id)),
        )
      ).map((v) => [v.id, v]),
    );
    const videos = together.flatMap((row) => byId.get(int(row.id)) ?? []);
    const dates = videos.map((video) => video.date).filter((date) => date !== '');
    const named = await this.named(manager, [a, b]);
    const memberships = await readMembershipsOf(
      manager,
      videos.flatMap((video) => video.authorIds),
    );
    const sides = videos.flatMap((video): PairVideoSide[] => {
      const side = collaborationSide(video, memberships);
      return side ? [{ videoId: video.id, ...side }] : [];
    });
    return {
      a: named.get(a) as NetworkCreator,
      b: named.get(b) as NetworkCreator,
      videos,
      collaborationEvents: countEvents(videos),
      first: dates.length ? dates.reduce((min, date) => (date < min ? date : min)) : null,
      latest: dates.length ? dates.reduce((max, date) => (date > max ? date : max)) : null,
      sides,
    };
  }

  /**
   * Breadth-first from both ends, one level at a time from the smaller frontier, until the two meet;
   * at most NETWORK_LIMITS.pathDepth collaborations long and NETWORK_LIMITS.pathVisited creators seen.
   */
  private async path(
    manager: EntityManager,
    requestedFrom: number,
    requestedTo: number,
  ): Promise<CollaborationPath> {
    const from = await this.resolveOrFail(manager, requestedFrom);
    const to = await this.resolveOrFail(manager, requestedTo);
    const answer = async (ids: number[] | null): Promise<CollaborationPath> => {
      if (!ids) return { from, to, path: null };
      const named = await this.named(manager, ids);
      return { from, to, path: ids.map((id) => named.get(id) as NetworkCreator) };
    };
    if (from === to) return answer([from]);

    // parent maps: how each visited creator was reached from its side's start.
    const forward = new Map<number, number | null>([[from, null]]);
    const backward = new Map<number, number | null>([[to, null]]);
    let forwardFrontier = [from];
    let backwardFrontier = [to];
    let depth = 0;
    while (forwardFrontier.length > 0 && backwardFrontier.length > 0 && depth < NETWORK_LIMITS.pathDepth) {
      const expandForward = forwardFrontier.length <= backwardFrontier.length;
      const [frontier, seen, other] = expandForward
        ? [forwardFrontier, forward, backward]
        : [backwardFrontier, backward, forward];
      const next: number[] = [];
      let meeting: number | null = null;
      for (const row of await this.adjacency(manager, frontier)) {
        const source = int(row.source);
        const target = int(row.target);
        if (seen.has(target)) continue;
        seen.set(target, source);
        next.push(target);
        if (other.has(target)) {
          meeting = target;
          break;
        }
      }
      depth++;
      if (meeting !== null) return answer(joinPath(meeting, forward, backward));
      if (forward.size + backward.size > NETWORK_LIMITS.pathVisited) break;
      if (expandForward) forwardFrontier = next;
      else backwardFrontier = next;
    }
    return answer(null);
  }

  /** Each creator's distinct collaborators, in a stable order (smallest ids first). */
  private async adjacency(manager: EntityManager, ids: readonly number[]): Promise<WeightRow[]> {
    const found: WeightRow[] = [];
    const sorted = [...ids].sort((a, b) => a - b);
    for (const part of chunks(sorted)) {
      found.push(
        ...(await rows<WeightRow>(
          manager,
          `SELECT creator_id AS source, other_id AS target
             FROM creator_pairs
            WHERE creator_id IN ${placeholders(part.length)}
            ORDER BY creator_id, other_id`,
          part,
        )),
      );
    }
    return found;
  }

  /** A creator's dated collaborations per month, from the months kept on write (counts/month-counts.ts). */
  private async activity(manager: EntityManager, requestedId: number): Promise<Activity> {
    const id = await this.resolveOrFail(manager, requestedId);
    return toActivity(
      await rows<{ month: string; count: number }>(
        manager,
        `SELECT vm.month, COUNT(*) AS count
           FROM video_authors va JOIN video_months vm ON vm.video_id = va.video_id
          WHERE va.creator_id = ?
          GROUP BY vm.month
          ORDER BY vm.month`,
        [id],
      ),
    );
  }

  /** From the collaborations counted per month on write (counts/month-counts.ts). */
  private async allActivity(manager: EntityManager): Promise<Activity> {
    return toActivity(
      await rows<{ month: string; count: number }>(
        manager,
        `SELECT month, collaborations AS count FROM collaboration_months WHERE collaborations > 0 ORDER BY month`,
      ),
    );
  }

  /**
   * Creators who made videos with this creator's collaborators but never with this creator, by
   * collaborators shared (then name, then id), at most SUGGESTED_SIZE.
   */
  private async suggested(manager: EntityManager, requestedId: number): Promise<SuggestedCreator[]> {
    const id = await resolveCreatorId(manager, requestedId);
    if (id === null) throw new NotFoundException(CREATOR_NOT_FOUND);
    // From the pair counts: each (collaborator, their collaborator) pair is one row.
    const found = await rows<{ id: number; name: string; shared: number }>(
      manager,
      `SELECT c.id, c.name, s.shared
         FROM (SELECT fof.other_id AS id, COUNT(*) AS shared
                 FROM creator_pairs f
                 JOIN creator_pairs fof ON fof.creator_id = f.other_id
                WHERE f.creator_id = ?
                  AND fof.other_id <> ?
                  AND fof.other_id NOT IN (SELECT other_id FROM creator_pairs WHERE creator_id = ?)
                GROUP BY fof.other_id) s
         JOIN creators c ON c.id = s.id
        ORDER BY s.shared DESC, LOWER(c.name) ASC, c.id ASC
        LIMIT ${SUGGESTED_SIZE}`,
      [id, id, id],
    );
    return found.map((row) => ({ id: int(row.id), name: row.name, sharedCollaborators: int(row.shared) }));
  }

  /** resolveCreatorId, or 404 when the id names no creator. */
  private async resolveOrFail(manager: EntityManager, id: number): Promise<number> {
    const resolved = await resolveCreatorId(manager, id);
    if (resolved === null) throw new NotFoundException(CREATOR_NOT_FOUND);
    return resolved;
  }
}

function toActivity(found: { month: string; count: number }[]): Activity {
  return found
    .filter((row) => /^\d{4}-\d{2}$/.test(String(row.month)))
    .map((row) => ({ month: String(row.month), count: int(row.count) }));
}

/** The chain through `meeting`: the forward parents back to the start, then the backward ones to the end. */
function joinPath(
  meeting: number,
  forward: ReadonlyMap<number, number | null>,
  backward: ReadonlyMap<number, number | null>,
): number[] {
  const head: number[] = [];
  for (let id: number | null | undefined = meeting; id !== null && id !== undefined; id = forward.get(id)) {
    head.unshift(id);
  }
  const tail: number[] = [];
  for (let id = backward.get(meeting); id !== null && id !== undefined; id = backward.get(id)) tail.push(id);
  return [...head, ...tail];
}
