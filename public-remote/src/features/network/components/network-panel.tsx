/**
 * 'Show collaboration network' on the creator page. The graph, its force layout (d3-force) and the
 * ranked list load as their own chunk, only when the visitor opens the panel, so neither the search
 * page nor a creator page that never opens it downloads them.
 */
import { lazy, Suspense, useState } from 'react';
import type { NetworkColour } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import './network.css';

const NetworkExplorer = lazy(() => import(/* webpackChunkName: "network-graph" */ './network-explorer'));

export interface NetworkPanelProps {
  creatorId: number;
  creatorName: string;
  onOpenCreator: (id: number) => void;
  onOpenPair: (a: number, b: number) => void;
  /** What the node colours show (the page mirrors it in the address); community when absent. */
  colour?: NetworkColour;
  onColourChange?: (colour: NetworkColour) => void;
}

export function NetworkPanel(props: NetworkPanelProps) {
  // An address asking for group colours opens the graph: it is what the link shows.
  const [open, setOpen] = useState(props.colour === 'group');
  return (
    <section className="pr-section pr-network" aria-labelledby="pr-network-title">
      <div className="pr-section__head">
        <h3 id="pr-network-title" className="pr-section__title">
          Collaboration Network
        </h3>
        <button
          type="button"
          className="pr-button"
          aria-expanded={open}
          aria-controls="pr-network-body"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide collaboration network' : 'Show collaboration network'}
        </button>
      </div>
      {open && (
        <div id="pr-network-body">
          <Suspense fallback={<Spinner label="Loading the network" />}>
            <NetworkExplorer {...props} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
