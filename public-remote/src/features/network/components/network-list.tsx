/**
 * The network as ranked lists (the keyboard and screen-reader alternative to the graph): collaborators
 * by videos together, each with its pair page; with two hops, their collaborators by videos with them.
 */
import { countOf, type CreatorNetwork, type NetworkNode } from '@friends/shared';
import { PairLink } from '../../../components/pair-link';

interface NetworkListProps {
  network: CreatorNetwork;
  onOpenCreator: (id: number) => void;
  onOpenPair: (a: number, b: number) => void;
}

export function NetworkList({ network, onOpenCreator, onOpenPair }: NetworkListProps) {
  const center = network.nodes.find((node) => node.id === network.center);
  if (!center) return null;
  const byId = new Map(network.nodes.map((node) => [node.id, node]));
  const withCenter = new Map<number, number>();
  // For each second-hop creator: videos with the first hop, and the first-hop creator it shares most with.
  const via = new Map<number, { weight: number; through: NetworkNode }>();
  for (const edge of network.edges) {
    if (edge.source === center.id || edge.target === center.id) {
      withCenter.set(edge.source === center.id ? edge.target : edge.source, edge.weight);
      continue;
    }
    for (const [outer, inner] of [
      [edge.source, edge.target],
      [edge.target, edge.source],
    ] as const) {
      const node = byId.get(outer);
      const through = byId.get(inner);
      if (node?.hop !== 2 || through?.hop !== 1) continue;
      const best = via.get(outer);
      if (!best || edge.weight > best.weight) via.set(outer, { weight: edge.weight, through });
    }
  }
  // What an edge counts: videos together, or collab events together (`?weight=events`).
  const unit = network.weight === 'events' ? 'event' : 'video';
  const first = network.nodes.filter((node) => node.hop === 1);
  const second = network.nodes.filter((node) => node.hop === 2);

  return (
    <div className="pr-network__lists">
      <section aria-labelledby="pr-network-first">
        <h4 id="pr-network-first" className="pr-network__list-title">
          {center.name}&apos;s collaborators ({first.length}), most {unit}s together first
        </h4>
        <ol className="pr-network__list">
          {first.map((node) => (
            <li key={node.id} className="pr-network__row">
              <button type="button" className="pr-link-button" onClick={() => onOpenCreator(node.id)}>
                {node.name}
              </button>
              <span className="pr-network__count">
                {countOf(withCenter.get(node.id) ?? 0, unit)} together
              </span>
              <PairLink
                a={center.id}
                b={node.id}
                label={`Videos together: ${center.name} × ${node.name}`}
                onOpen={() => onOpenPair(center.id, node.id)}
              />
            </li>
          ))}
        </ol>
      </section>
      {second.length > 0 && (
        <section aria-labelledby="pr-network-second">
          <h4 id="pr-network-second" className="pr-network__list-title">
            Their collaborators ({second.length})
          </h4>
          <ol className="pr-network__list">
            {second.map((node) => {
              const link = via.get(node.id);
              return (
                <li key={node.id} className="pr-network__row">
                  <button type="button" className="pr-link-button" onClick={() => onOpenCreator(node.id)}>
                    {node.name}
                  </button>
                  {link && (
                    <span className="pr-network__count">
                      via {link.through.name} ({countOf(link.weight, unit)})
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}
