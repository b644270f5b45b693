import betweennessCentrality from 'graphology-metrics/centrality/betweenness';
import {
  analyseNetwork,
  betweenness,
  collaborationGraph,
  type AuthorshipColumns,
} from './community-analysis';

/** Authorship rows of the given videos (each a list of creator ids), ordered by video id. */
function columns(videos: number[][]): AuthorshipColumns {
  const videoIds: number[] = [];
  const creatorIds: number[] = [];
  videos.forEach((authors, index) => {
    for (const id of authors) {
      videoIds.push(index + 1);
      creatorIds.push(id);
    }
  });
  return { videoIds: Int32Array.from(videoIds), creatorIds: Int32Array.from(creatorIds) };
}

/** Two tight circles {1,2,3,4} and {6,7,8,9}, joined only through 5. */
const TWO_CIRCLES = [
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
  [1, 2, 3],
  [6, 7],
  [6, 8],
  [6, 9],
  [7, 8],
  [7, 9],
  [8, 9],
  [7, 8, 9],
  [4, 5],
  [5, 6],
  [10], // solo: not in the network
];

describe('collaborationGraph', () => {
  it('weighs each pair by videos together and leaves solo creators out', () => {
    const graph = collaborationGraph(columns([[1, 2], [2, 1, 3], [4], [2, 2, 1]]));
    expect(graph.nodes()).toEqual(['1', '2', '3']);
    expect(graph.getEdgeAttribute(graph.edge('1', '2')!, 'weight')).toBe(3);
    expect(graph.getEdgeAttribute(graph.edge('2', '3')!, 'weight')).toBe(1);
  });
});

describe('betweenness', () => {
  it('is exactly graphology-metrics’ normalised betweenness when every node is a source', () => {
    const graph = collaborationGraph(columns(TWO_CIRCLES));
    const exact = betweennessCentrality(graph, { getEdgeWeight: null });
    const ours = betweenness(graph, graph.order);
    graph.nodes().forEach((node, index) => expect(ours[index]).toBeCloseTo(exact[node]!, 10));
  });

  it('estimates it from fewer sources, keeping the bridge on top', () => {
    const graph = collaborationGraph(columns(TWO_CIRCLES));
    const estimate = betweenness(graph, 5);
    const top = graph.nodes()[estimate.indexOf(Math.max(...estimate))];
    expect(['4', '5', '6']).toContain(top);
  });
});

describe('analyseNetwork', () => {
  it('finds the two circles and the creators that join them', () => {
    const analysis = analyseNetwork(columns(TWO_CIRCLES), { pivots: 100, bridges: 3 });
    const sets = analysis.communities.map((community) => [...community.members].sort((a, b) => a - b));
    // 5 joins one side or the other; each circle stays whole.
    expect(sets).toHaveLength(2);
    expect(sets.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sets.some((set) => [1, 2, 3, 4].every((id) => set.includes(id)))).toBe(true);
    expect(sets.some((set) => [6, 7, 8, 9].every((id) => set.includes(id)))).toBe(true);
    expect(analysis.bridges.map(([id]) => id)).toEqual([5, 4, 6]);
    expect(analysis.bridges[0]![1]).toBeCloseTo(16 / 28, 10); // 4×4 of the 8·7/2 = 28 pairs pass through 5
  });

  it('is the same on every run (a seeded Louvain)', () => {
    const first = analyseNetwork(columns(TWO_CIRCLES));
    for (let run = 0; run < 3; run++) expect(analyseNetwork(columns(TWO_CIRCLES))).toEqual(first);
  });

  it('answers nothing for a network without collaborations', () => {
    expect(analyseNetwork(columns([[1], [2]]))).toEqual({ communities: [], bridges: [] });
  });
});
