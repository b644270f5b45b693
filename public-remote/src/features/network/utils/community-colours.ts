import type { CommunityLookup } from '@friends/shared';

/**
 * Community colours: eight hues dark enough for 4.5:1 against the white page (graphical objects need
 * 3:1), then grey for any further community. Given in the order communities first appear in a graph,
 * so the communities of one graph always look different.
 */
export const COMMUNITY_COLOURS = [
  '#1d4ed8',
  '#c2410c',
  '#15803d',
  '#7e22ce',
  '#a16207',
  '#be185d',
  '#0f766e',
  '#4338ca',
] as const;
export const OTHER_COMMUNITY_COLOUR = '#6b7280';

export interface CommunityColour {
  communityId: number;
  label: string;
  colour: string;
}

export interface CommunityColouring {
  /** What the colours stand for: communities unless said (groups, utils/group-colours.ts). */
  by?: 'community' | 'group';
  byCreator: Map<number, CommunityColour>;
  /** One entry per community shown, in colour order ('Other communities' last, once). */
  legend: CommunityColour[];
  /**
   * By group: the legend entries (their `communityId`) each creator falls under, every group of a
   * creator in several; what selecting a legend entry highlights.
   */
  legendKeys?: Map<number, Set<number>>;
}

/** Colours for the creators `ids` (in drawing order) from the lookup of their communities. */
export function colourCommunities(
  ids: readonly number[],
  answer: CommunityLookup | undefined,
): CommunityColouring {
  const byCreator = new Map<number, CommunityColour>();
  const legend: CommunityColour[] = [];
  if (!answer) return { byCreator, legend };
  const labels = new Map(answer.communities.map((community) => [community.id, community]));
  const communityOf = new Map<number, { id: number; label: string }>();
  for (const [creatorId, communityId] of answer.members) {
    const community = labels.get(communityId);
    if (community) communityOf.set(creatorId, community);
  }
  const assigned = new Map<number, CommunityColour>();
  let other: CommunityColour | null = null;
  for (const id of ids) {
    const community = communityOf.get(id);
    if (!community) continue;
    let colour = assigned.get(community.id);
    if (!colour) {
      if (assigned.size < COMMUNITY_COLOURS.length) {
        colour = {
          communityId: community.id,
          label: community.label,
          colour: COMMUNITY_COLOURS[assigned.size]!,
        };
        legend.push(colour);
      } else {
        if (!other) {
          other = { communityId: -1, label: 'Other communities', colour: OTHER_COMMUNITY_COLOUR };
        }
        colour = { communityId: community.id, label: community.label, colour: OTHER_COMMUNITY_COLOUR };
      }
      assigned.set(community.id, colour);
    }
    byCreator.set(id, colour);
  }
  if (other) legend.push(other);
  return { byCreator, legend };
}
