/**
 * The ego network drawn in SVG with a d3-force layout computed once per answer (no animation, so 400
 * nodes cost one synchronous layout and then plain SVG): edge width grows with videos together, node
 * size with collaborations. A click on a node opens that creator, on an edge the pair's page. Only
 * the centre and the closest collaborators carry a visible name; every node has its name as a tooltip.
 */
import { useMemo } from 'react';
import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import type { CreatorNetwork, NetworkNode } from '@friends/shared';

interface GraphNode extends SimulationNodeDatum {
  id: number;
  node: NetworkNode;
  r: number;
}
interface GraphLink extends SimulationLinkDatum<GraphNode> {
  source: GraphNode;
  target: GraphNode;
  weight: number;
  width: number;
}

/** Names drawn on the graph at most (the centre and its closest collaborators). */
const LABELS = 24;
const PADDING = 40;

interface Layout {
  nodes: GraphNode[];
  links: GraphLink[];
  viewBox: string;
  labelled: Set<number>;
}

export function layoutNetwork(network: CreatorNetwork): Layout {
  const maxCollabs = Math.max(1, ...network.nodes.map((node) => node.collabCount));
  const maxWeight = Math.max(1, ...network.edges.map((edge) => edge.weight));
  const nodes: GraphNode[] = network.nodes.map((node, index) => {
    // Start on rings by hop, so the layout settles quickly and the same answer draws the same graph.
    const angle = index * 2.399963; // the golden angle
    const ring = node.hop === 0 ? 0 : node.hop === 1 ? 140 + (index % 3) * 20 : 300 + (index % 5) * 20;
    return {
      id: node.id,
      node,
      r: 4 + 14 * Math.sqrt(node.collabCount / maxCollabs),
      x: Math.cos(angle) * ring,
      y: Math.sin(angle) * ring,
      ...(node.hop === 0 ? { fx: 0, fy: 0 } : {}),
    };
  });
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const links: GraphLink[] = network.edges.flatMap((edge) => {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) return [];
    return [{ source, target, weight: edge.weight, width: 1 + 7 * Math.sqrt(edge.weight / maxWeight) }];
  });
  const simulation = forceSimulation<GraphNode>(nodes)
    .force(
      'link',
      forceLink<GraphNode, GraphLink>(links)
        .distance((link) => 50 + 90 / Math.sqrt(link.weight))
        .strength((link) => (link.source.node.hop === 0 || link.target.node.hop === 0 ? 0.6 : 0.08)),
    )
    .force('charge', forceManyBody<GraphNode>().strength(-60).distanceMax(350))
    .force(
      'collide',
      forceCollide<GraphNode>((node) => node.r + 3),
    )
    .force('x', forceX<GraphNode>(0).strength(0.03))
    .force('y', forceY<GraphNode>(0).strength(0.03))
    .stop();
  simulation.tick(nodes.length > 250 ? 160 : 240);

  let [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  for (const node of nodes) {
    minX = Math.min(minX, (node.x ?? 0) - node.r);
    maxX = Math.max(maxX, (node.x ?? 0) + node.r);
    minY = Math.min(minY, (node.y ?? 0) - node.r);
    maxY = Math.max(maxY, (node.y ?? 0) + node.r);
  }
  const labelled = new Set(
    network.nodes
      .filter((node) => node.hop < 2)
      .slice(0, LABELS)
      .map((node) => node.id),
  );
  const width = maxX - minX + 2 * PADDING;
  const height = maxY - minY + 2 * PADDING;
  return { nodes, links, labelled, viewBox: `${minX - PADDING} ${minY - PADDING} ${width} ${height}` };
}

interface NetworkGraphProps {
  network: CreatorNetwork;
  /** A newer answer is loading. */
  busy?: boolean;
  onOpenCreator: (id: number) => void;
  onOpenPair: (a: number, b: number) => void;
}

export function NetworkGraph({ network, busy = false, onOpenCreator, onOpenPair }: NetworkGraphProps) {
  const layout = useMemo(() => layoutNetwork(network), [network]);
  const center = network.nodes.find((node) => node.id === network.center);
  return (
    <svg
      className={`pr-graph${busy ? ' pr-graph--busy' : ''}`}
      viewBox={layout.viewBox}
      role="img"
      aria-label={`Collaboration network of ${center?.name ?? 'this creator'}: ${network.nodes.length} creators, ${network.edges.length} links. The lists below hold the same data.`}
    >
      <g className="pr-graph__edges">
        {layout.links.map((link) => {
          const title = `${link.source.node.name} × ${link.target.node.name}: ${link.weight} video${link.weight === 1 ? '' : 's'} together`;
          return (
            <g
              key={`${link.source.id}-${link.target.id}`}
              className="pr-graph__edge"
              data-pair={`${link.source.id}-${link.target.id}`}
              onClick={() => onOpenPair(link.source.id, link.target.id)}
            >
              <title>{title}</title>
              <line
                x1={link.source.x}
                y1={link.source.y}
                x2={link.target.x}
                y2={link.target.y}
                strokeWidth={link.width}
              />
              <line
                className="pr-graph__hit"
                x1={link.source.x}
                y1={link.source.y}
                x2={link.target.x}
                y2={link.target.y}
                strokeWidth={Math.max(8, link.width)}
              />
            </g>
          );
        })}
      </g>
      <g className="pr-graph__nodes">
        {layout.nodes.map((node) => (
          <g
            key={node.id}
            className={`pr-graph__node pr-graph__node--hop${node.node.hop}`}
            data-creator-id={node.id}
            transform={`translate(${node.x ?? 0} ${node.y ?? 0})`}
            onClick={() => onOpenCreator(node.id)}
          >
            <title>{`${node.node.name}: ${node.node.collabCount} collaboration${node.node.collabCount === 1 ? '' : 's'}`}</title>
            <circle r={node.r} />
            {layout.labelled.has(node.id) && (
              <text y={node.r + 12} textAnchor="middle">
                {node.node.name}
              </text>
            )}
          </g>
        ))}
      </g>
    </svg>
  );
}
