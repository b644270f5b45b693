/**
 * The opened network (its own chunk): the 'Show two hops' toggle, 'Weigh by: Videos | Events' (edges
 * by videos together, or by collab events together), the graph and the same data as a ranked list.
 */
import { useMemo, useState } from 'react';
import { NETWORK_WEIGHTS, type NetworkHops, type NetworkWeight } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useCommunityLookup } from '../api/get-communities';
import { useCreatorNetwork } from '../api/get-creator-network';
import { colourCommunities } from '../utils/community-colours';
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
  const [weight, setWeight] = useState<NetworkWeight>('videos');
  const { data, isError, isFetching } = useCreatorNetwork(creatorId, hops, weight);
  const current =
    data && data.center === creatorId && data.hops === hops && (data.weight ?? 'videos') === weight
      ? data
      : undefined;
  const nodeIds = useMemo(() => current?.nodes.map((node) => node.id) ?? [], [current]);
  const communities = useCommunityLookup(nodeIds);
  const colouring = useMemo(() => colourCommunities(nodeIds, communities.data), [nodeIds, communities.data]);

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
      <fieldset className="pr-network__weights">
        <legend className="pr-network__weights-legend">Weigh by</legend>
        {NETWORK_WEIGHTS.map((option) => (
          <label key={option} className="pr-network__toggle">
            <input
              type="radio"
              name={`network-weight-${creatorId}`}
              value={option}
              checked={weight === option}
              onChange={() => setWeight(option)}
            />
            {option === 'videos' ? 'Videos' : 'Events'}
          </label>
        ))}
      </fieldset>
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
            colouring={colouring}
            onOpenCreator={onOpenCreator}
            onOpenPair={onOpenPair}
          />
          {colouring.legend.length > 0 && (
            <section className="pr-graph-legend" aria-label="Communities in this graph">
              <p className="pr-graph-legend__hint">
                Colours show communities: creators who mostly make videos together.
              </p>
              <ul className="pr-graph-legend__list">
                {colouring.legend.map((entry) => (
                  <li key={entry.communityId} className="pr-graph-legend__item">
                    <span
                      className="pr-graph-legend__swatch"
                      style={{ background: entry.colour }}
                      aria-hidden="true"
                    />
                    {entry.label}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <NetworkList network={current} onOpenCreator={onOpenCreator} onOpenPair={onOpenPair} />
        </>
      )}
    </div>
  );
}
