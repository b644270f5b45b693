/** The opened network (its own chunk): the 'Show two hops' toggle, the graph and the same data as a ranked list. */
import { useState } from 'react';
import type { NetworkHops } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useCreatorNetwork } from '../api/get-creator-network';
import type { NetworkPanelProps } from './network-panel';
import { NetworkGraph } from './network-graph';
import { NetworkList } from './network-list';

export default function NetworkExplorer({
  creatorId,
  creatorName,
  onOpenCreator,
  onOpenPair,
}: NetworkPanelProps) {
  const [hops, setHops] = useState<NetworkHops>(1);
  const { data, isError, isFetching } = useCreatorNetwork(creatorId, hops);
  const current = data && data.center === creatorId && data.hops === hops ? data : undefined;

  return (
    <div className="pr-network__body">
      <label className="pr-network__toggle">
        <input
          type="checkbox"
          checked={hops === 2}
          onChange={(event) => setHops(event.target.checked ? 2 : 1)}
        />
        Show two hops
      </label>
      {isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The network could not be loaded. Please try again later.
        </p>
      ) : !current ? (
        <Spinner label="Loading the network" />
      ) : current.nodes.length < 2 ? (
        <p className="pr-empty">{creatorName} has no collaborators yet</p>
      ) : (
        <>
          {current.truncated && (
            <p className="pr-network__note">
              Showing the closest {current.nodes.length - 1} creators; the API leaves out the rest so the
              graph stays readable.
            </p>
          )}
          <NetworkGraph
            network={current}
            busy={isFetching}
            onOpenCreator={onOpenCreator}
            onOpenPair={onOpenPair}
          />
          <NetworkList network={current} onOpenCreator={onOpenCreator} onOpenPair={onOpenPair} />
        </>
      )}
    </div>
  );
}
