/**
 * Communities (Louvain modularity) and bridges (betweenness centrality) of the collaboration network,
 * from the raw authorship rows. Pure and synchronous: it runs in a worker thread (community-worker.ts)
 * so a recompute never blocks requests. See docs/architecture.md "Insights".
 */
import { UndirectedGraph } from 'graphology';
import louvain from 'graphology-communities-louvain';
import { NeighborhoodIndex } from 'graphology-indices/neighborhood';
import { seededRandom } from '@friends/shared';

/** Authorship rows as two parallel arrays, ordered by video id. */
export interface AuthorshipColumns {
  videoIds: Int32Array;
  creatorIds: Int32Array;
}

export interface AnalysedCommunity {
  /** Member ids, most connected inside the community first (then smallest id). */
  members: number[];
}

export interface NetworkAnalysis {
  /** Largest first (then by smallest member id). */
  communities: AnalysedCommunity[];
  /** [creator id, normalised betweenness], highest first, only those above 0, at most `bridges`. */
  bridges: [number, number][];
}

export interface AnalysisOptions {
  /**
   * Shortest-path sources at most for betweenness. Below it the score is exact (Brandes); above it,
   * that many evenly spread sources estimate it (Brandes & Pich's pivots): about a second for a
   * 10,000-creator network.
   */
  pivots: number;
  /** Bridges kept at most. */
  bridges: number;
}

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = { pivots: 200, bridges: 100 };

/**
 * Videos together per pair of creators, from rows ordered by video id. Pairs are counted under one
 * number (low id × span + high id): at 100,000 creators a Map of Maps and per-row sorting took three
 * times as long (6 s for 522,000 pairs) for the same graph.
 */
export function collaborationGraph({ videoIds, creatorIds }: AuthorshipColumns): UndirectedGraph {
  let maxId = 0;
  for (const id of creatorIds) if (id > maxId) maxId = id;
  const span = maxId + 1;
  if (span * span > Number.MAX_SAFE_INTEGER) throw new Error(`creator id ${maxId} too large to pair`);
  const weights = new Map<number, number>();
  for (let start = 0; start < videoIds.length;) {
    let end = start + 1;
    while (end < videoIds.length && videoIds[end] === videoIds[start]) end++;
    const authors = Int32Array.from(new Set(creatorIds.subarray(start, end))).sort();
    for (let i = 0; i < authors.length; i++) {
      for (let j = i + 1; j < authors.length; j++) {
        const key = authors[i]! * span + authors[j]!;
        weights.set(key, (weights.get(key) ?? 0) + 1);
      }
    }
    start = end;
  }
  // Nodes and edges in ascending id order: the same input always builds the same graph.
  const pairs = Float64Array.from(weights.keys()).sort();
  const ids = new Set<number>();
  for (const key of pairs) {
    ids.add(Math.floor(key / span));
    ids.add(key % span);
  }
  const graph = new UndirectedGraph();
  for (const id of Int32Array.from(ids).sort()) graph.addNode(String(id));
  for (const key of pairs) {
    graph.addEdge(String(Math.floor(key / span)), String(key % span), { weight: weights.get(key) });
  }
  return graph;
}

/**
 * Normalised betweenness (as graphology-metrics' betweennessCentrality): exact from every source when
 * the graph has at most `pivots` nodes, else estimated from `pivots` evenly spread sources and scaled.
 * Brandes' algorithm over graphology-indices' compact neighbourhood (CSR) index, with typed arrays
 * allocated once: the library's indexed Brandes allocates a predecessor list per node per source, which
 * at 100,000 creators took 38 s and 450 MB for 200 sources. Predecessors are found again on the way
 * back instead (a neighbour one step nearer the source).
 */
export function betweenness(graph: UndirectedGraph, pivots: number): Float64Array {
  const order = graph.order;
  const centralities = new Float64Array(order);
  if (order < 3) return centralities;
  const { starts, neighborhood } = new NeighborhoodIndex(graph);
  const sources = Math.min(order, Math.max(1, pivots));
  const sigma = new Float64Array(order);
  const distance = new Int32Array(order);
  const delta = new Float64Array(order);
  const visited = new Int32Array(order); // in BFS order: read backwards, it is Brandes' stack
  for (let k = 0; k < sources; k++) {
    const source = Math.floor((k * order) / sources);
    sigma.fill(0);
    distance.fill(-1);
    delta.fill(0);
    sigma[source] = 1;
    distance[source] = 0;
    let head = 0;
    let tail = 0;
    visited[tail++] = source;
    while (head < tail) {
      const v = visited[head++]!;
      const next = distance[v]! + 1;
      for (let j = starts[v]!, end = starts[v + 1]!; j < end; j++) {
        const w = neighborhood[j]!;
        if (distance[w] === -1) {
          distance[w] = next;
          visited[tail++] = w;
        }
        if (distance[w] === next) sigma[w]! += sigma[v]!;
      }
    }
    for (let i = tail - 1; i > 0; i--) {
      const w = visited[i]!;
      const coefficient = (1 + delta[w]!) / sigma[w]!;
      const nearer = distance[w]! - 1;
      for (let j = starts[w]!, end = starts[w + 1]!; j < end; j++) {
        const v = neighborhood[j]!;
        if (distance[v] === nearer) delta[v]! += sigma[v]! * coefficient;
      }
      centralities[w]! += delta[w]!;
    }
  }
  const scale = order / sources / ((order - 1) * (order - 2));
  for (let i = 0; i < order; i++) centralities[i]! *= scale;
  return centralities;
}

export function analyseNetwork(
  rows: AuthorshipColumns,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
): NetworkAnalysis {
  const graph = collaborationGraph(rows);
  if (graph.order === 0) return { communities: [], bridges: [] };
  const nodes = graph.nodes(); // ascending ids: the indexes betweenness() answers by
  const community = louvain(graph, { getEdgeWeight: 'weight', rng: seededRandom(17) });

  // Videos with other members of the same community: who is most connected inside it.
  const inside = new Map<string, number>();
  graph.forEachEdge((_edge, attributes, source, target) => {
    if (community[source] !== community[target]) return;
    const weight = Number(attributes.weight);
    inside.set(source, (inside.get(source) ?? 0) + weight);
    inside.set(target, (inside.get(target) ?? 0) + weight);
  });
  const groups = new Map<number, number[]>();
  for (const node of nodes) {
    const key = community[node]!;
    let members = groups.get(key);
    if (!members) groups.set(key, (members = []));
    members.push(Number(node));
  }
  const communities = [...groups.values()]
    .map((members) => ({
      members: members.sort((a, b) => (inside.get(String(b)) ?? 0) - (inside.get(String(a)) ?? 0) || a - b),
    }))
    .sort((x, y) => y.members.length - x.members.length || Math.min(...x.members) - Math.min(...y.members));

  const scores = betweenness(graph, options.pivots);
  const bridges: [number, number][] = nodes
    .map((node, index): [number, number] => [Number(node), scores[index]!])
    .filter(([, score]) => score > 0)
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, options.bridges);
  return { communities, bridges };
}
