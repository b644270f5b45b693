/**
 * The ego network drawn in SVG with a d3-force layout computed once per answer (no animation, so 400
 * nodes cost one synchronous layout and then plain SVG): edge width grows with videos together, node
 * size with collaborations. A click on a node opens that creator, on an edge the pair's page. The
 * centre and the closest collaborators carry a visible name where it overlaps nothing
 * (label-placement.ts); at two hops the most connected second-hop creators do too, a little smaller,
 * since a touch screen has no hover. No name is drawn outside the drawing. Every other name shows on
 * hover and as a tooltip, and the lists below the graph hold them all.
 */
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
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
import { countOf, type CreatorNetwork, type NetworkNode } from '@friends/shared';
import type { CommunityColouring } from '../utils/community-colours';
import {
  estimateWidth,
  placeLabels,
  type Box,
  type LabelCandidate,
  type PlacedLabel,
} from './label-placement';

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
/** The names' size on screen, in CSS pixels, whatever the graph's scale. */
const LABEL_PX = 12;
/** Second-hop names, placed after the others where room is left: smaller, still readable. */
const SECOND_HOP_LABEL_PX = 10;
/** Second-hop names tried at most, most connected first. */
const SECOND_HOP_LABELS = 40;

interface Layout {
  nodes: GraphNode[];
  links: GraphLink[];
  viewBox: string;
  width: number;
  height: number;
  labelled: Set<number>;
  /** The drawing's area in graph units (the viewBox): names stay inside it. */
  bounds: Box;
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
  return {
    nodes,
    links,
    labelled,
    bounds: { left: minX - PADDING, top: minY - PADDING, right: maxX + PADDING, bottom: maxY + PADDING },
    width,
    height,
    viewBox: `${minX - PADDING} ${minY - PADDING} ${width} ${height}`,
  };
}

interface NetworkGraphProps {
  network: CreatorNetwork;
  /** A newer answer is loading. */
  busy?: boolean;
  /** Node colours by community or by group; the explorer shows their legend. */
  colouring?: CommunityColouring;
  /** A legend entry selected (its `communityId`): its creators stand out, the others fade. */
  highlight?: number | null;
  onOpenCreator: (id: number) => void;
  onOpenPair: (a: number, b: number) => void;
}

/** Text width in graph units, measured with the graph's font where the browser can, else estimated. */
function textMeasurer(svg: SVGSVGElement | null): (text: string, fontSize: number) => number {
  const context =
    svg && typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  if (!context || !svg) return estimateWidth;
  const family = getComputedStyle(svg).fontFamily || 'sans-serif';
  return (text, fontSize) => {
    context.font = `${fontSize}px ${family}`;
    return context.measureText(text).width;
  };
}

/** How many screen pixels one graph unit takes (the SVG keeps its aspect ratio), null before layout. */
function useGraphScale(svg: RefObject<SVGSVGElement | null>, layout: Layout): number | null {
  const [scale, setScale] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = svg.current;
    if (!element) return;
    const update = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) setScale(Math.min(width / layout.width, height / layout.height));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [svg, layout]);
  return scale;
}

export function NetworkGraph({
  network,
  busy = false,
  colouring,
  highlight = null,
  onOpenCreator,
  onOpenPair,
}: NetworkGraphProps) {
  const layout = useMemo(() => layoutNetwork(network), [network]);
  const center = network.nodes.find((node) => node.id === network.center);
  const svgRef = useRef<SVGSVGElement>(null);
  const scale = useGraphScale(svgRef, layout);
  const fontSize = LABEL_PX / (scale ?? 1);
  const labels = useMemo(() => {
    const circles = layout.nodes.map((node) => ({ id: node.id, x: node.x ?? 0, y: node.y ?? 0, r: node.r }));
    const candidate = (node: GraphNode, scale = 1): LabelCandidate => ({
      id: node.id,
      x: node.x ?? 0,
      y: node.y ?? 0,
      r: node.r,
      text: node.node.name,
      scale,
    });
    const secondHop = layout.nodes
      .filter((node) => node.node.hop === 2)
      .sort((a, b) => b.node.collabCount - a.node.collabCount || a.id - b.id)
      .slice(0, SECOND_HOP_LABELS)
      .map((node) => candidate(node, SECOND_HOP_LABEL_PX / LABEL_PX));
    const candidates = [
      ...layout.nodes.filter((node) => layout.labelled.has(node.id)).map((node) => candidate(node)),
      ...secondHop,
    ];
    const placed = placeLabels(candidates, circles, fontSize, textMeasurer(svgRef.current), layout.bounds);
    return new Map<number, PlacedLabel>(placed.map((label) => [label.id, label]));
  }, [layout, fontSize]);
  return (
    <svg
      ref={svgRef}
      className={`pr-graph${busy ? ' pr-graph--busy' : ''}`}
      viewBox={layout.viewBox}
      role="img"
      data-labels={labels.size}
      aria-label={`Collaboration network of ${center?.name ?? 'this creator'}: ${network.nodes.length} creators, ${network.edges.length} links. The lists below hold the same data.`}
    >
      <g className="pr-graph__edges">
        {layout.links.map((link) => {
          const title = `${link.source.node.name} × ${link.target.node.name}: ${countOf(link.weight, network.weight === 'events' ? 'event' : 'video')} together`;
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
        {layout.nodes.map((node) => {
          const community = colouring?.byCreator.get(node.id);
          const byGroup = colouring?.by === 'group';
          const colourClass = community
            ? ' pr-graph__node--community'
            : byGroup
              ? ' pr-graph__node--neutral'
              : '';
          const highlightClass =
            highlight === null
              ? ''
              : colouring?.legendKeys?.get(node.id)?.has(highlight)
                ? ' pr-graph__node--highlighted'
                : ' pr-graph__node--faded';
          const colourNote = community
            ? `; ${byGroup ? 'groups' : 'community'} ${community.label}`
            : byGroup
              ? '; in no group'
              : '';
          return (
            <g
              key={node.id}
              className={`pr-graph__node pr-graph__node--hop${node.node.hop}${colourClass}${highlightClass}`}
              data-creator-id={node.id}
              data-community-id={byGroup ? undefined : community?.communityId}
              data-group-id={byGroup ? (community?.communityId ?? 0) : undefined}
              style={community ? ({ '--community': community.colour } as CSSProperties) : undefined}
              transform={`translate(${node.x ?? 0} ${node.y ?? 0})`}
              onClick={() => onOpenCreator(node.id)}
            >
              <title>{`${node.node.name}: ${node.node.collabCount} collaboration${node.node.collabCount === 1 ? '' : 's'}${colourNote}`}</title>
              <circle r={node.r} />
              <NodeLabel
                node={node}
                placed={labels.get(node.id)}
                fontSize={fontSize}
                bounds={layout.bounds}
              />
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/**
 * The node's name where placement left room, else a label shown only while the node is hovered: below
 * the node, or above it at the bottom edge, and aligned to the side edge it would cross.
 */
function NodeLabel({
  node,
  placed,
  fontSize,
  bounds,
}: {
  node: GraphNode;
  placed?: PlacedLabel;
  fontSize: number;
  bounds: Box;
}) {
  const [x, y] = [node.x ?? 0, node.y ?? 0];
  if (placed)
    return (
      <text
        className="pr-graph__label"
        data-hop={node.node.hop}
        x={placed.x - x}
        y={placed.y - y}
        textAnchor={placed.anchor}
        style={{ fontSize: placed.fontSize }}
      >
        {node.node.name}
      </text>
    );
  const half = estimateWidth(node.node.name, fontSize) / 2;
  const below = y + node.r + fontSize * 1.2 <= bounds.bottom;
  const anchor = x - half < bounds.left ? 'start' : x + half > bounds.right ? 'end' : 'middle';
  const dx = anchor === 'start' ? bounds.left - x + 2 : anchor === 'end' ? bounds.right - x - 2 : 0;
  return (
    <text
      className="pr-graph__label pr-graph__label--hover"
      data-hop={node.node.hop}
      x={dx}
      y={below ? node.r + fontSize : -node.r - fontSize * 0.3}
      textAnchor={anchor}
      style={{ fontSize }}
    >
      {node.node.name}
    </text>
  );
}
