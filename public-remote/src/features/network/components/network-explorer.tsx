/**
 * The opened network (its own chunk): the 'Show two hops' toggle, 'Weigh by: Videos | Events' (edges
 * by videos together, or by collab events together), 'Colour by: Community | Group' (the page keeps
 * it in the address), the graph with its legend (coloured by group, a legend entry pressed highlights
 * that group's creators) and the same data as a ranked list.
 */
import { useMemo, useState } from 'react';
import { NETWORK_COLOURS, NETWORK_WEIGHTS, type NetworkHops, type NetworkWeight } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useCommunityLookup } from '../api/get-communities';
import { useCreatorNetwork } from '../api/get-creator-network';
import { useGroupsOf } from '../api/get-groups-of';
import { colourCommunities } from '../utils/community-colours';
import { colourGroups } from '../utils/group-colours';
import type { NetworkPanelProps } from './network-panel';
import { NetworkGraph } from './network-graph';
import { NetworkList } from './network-list';

export default function NetworkExplorer({
  creatorId,
  creatorName,
  onOpenCreator,
  onOpenPair,
  colour = 'community',
  onColourChange,
}: NetworkPanelProps) {
  const [hops, setHops] = useState<NetworkHops>(1);
  const [weight, setWeight] = useState<NetworkWeight>('videos');
  const { data, isError, isFetching } = useCreatorNetwork(creatorId, hops, weight);
  const current =
    data && data.center === creatorId && data.hops === hops && (data.weight ?? 'videos') === weight
      ? data
      : undefined;
  const nodeIds = useMemo(() => current?.nodes.map((node) => node.id) ?? [], [current]);
  const byGroup = colour === 'group';
  const communities = useCommunityLookup(byGroup ? [] : nodeIds);
  const groups = useGroupsOf(nodeIds, byGroup);
  const colouring = useMemo(
    () => (byGroup ? colourGroups(nodeIds, groups.data) : colourCommunities(nodeIds, communities.data)),
    [byGroup, nodeIds, groups.data, communities.data],
  );
  // The group whose creators stand out (a legend entry's key); forgotten when it leaves the legend.
  const [selected, setSelected] = useState<number | null>(null);
  const highlight =
    byGroup && selected !== null && colouring.legend.some((entry) => entry.communityId === selected)
      ? selected
      : null;

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
      <fieldset className="pr-network__weights">
        <legend className="pr-network__weights-legend">Colour by</legend>
        {NETWORK_COLOURS.map((option) => (
          <label key={option} className="pr-network__toggle">
            <input
              type="radio"
              name={`network-colour-${creatorId}`}
              value={option}
              checked={colour === option}
              onChange={() => onColourChange?.(option)}
            />
            {option === 'community' ? 'Community' : 'Group'}
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
            highlight={highlight}
            onOpenCreator={onOpenCreator}
            onOpenPair={onOpenPair}
          />
          {byGroup && groups.data && colouring.byCreator.size === 0 && (
            <p className="pr-graph-legend__hint">No creator in this graph is in a group today.</p>
          )}
          {colouring.legend.length > 0 && (byGroup ? colouring.byCreator.size > 0 : true) && (
            <section
              className="pr-graph-legend"
              aria-label={byGroup ? 'Groups in this graph' : 'Communities in this graph'}
            >
              <p className="pr-graph-legend__hint">
                {byGroup
                  ? 'Colours show groups: the agency, group or team each creator belongs to today. Select a group to highlight its creators.'
                  : 'Colours show communities: creators who mostly make videos together.'}
              </p>
              <ul className="pr-graph-legend__list">
                {colouring.legend.map((entry) => {
                  const swatch = (
                    <span
                      className="pr-graph-legend__swatch"
                      style={{ background: entry.colour }}
                      aria-hidden="true"
                    />
                  );
                  return (
                    <li key={entry.communityId} className="pr-graph-legend__item">
                      {byGroup ? (
                        <button
                          type="button"
                          className="pr-graph-legend__button"
                          aria-pressed={highlight === entry.communityId}
                          onClick={() =>
                            setSelected(highlight === entry.communityId ? null : entry.communityId)
                          }
                        >
                          {swatch}
                          {entry.label}
                        </button>
                      ) : (
                        <>
                          {swatch}
                          {entry.label}
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <NetworkList network={current} onOpenCreator={onOpenCreator} onOpenPair={onOpenPair} />
        </>
      )}
    </div>
  );
}
