import { GROUP_KIND_LABELS, type GroupLookup } from '@friends/shared';
import {
  COMMUNITY_COLOURS,
  OTHER_COMMUNITY_COLOUR,
  type CommunityColour,
  type CommunityColouring,
} from './community-colours';

/** The legend's key for the creators of the graph in no group today (drawn neutral, no colour). */
export const NO_GROUP_ID = 0;
/** The fill of a creator in no group (network.css `.pr-graph__node--neutral`). */
export const NEUTRAL_COLOUR = 'var(--color-surface-muted)';

/**
 * Colours by group as of today for the creators `ids` (in drawing order), from the lookup of their
 * groups: the community palette in the lookup's order (the groups with most of these creators first),
 * grey for any further group. A creator in several groups takes the colour of the first and names them
 * all; a creator in none stays neutral, and the legend says so.
 */
export function colourGroups(ids: readonly number[], answer: GroupLookup | undefined): CommunityColouring {
  const byCreator = new Map<number, CommunityColour>();
  const legend: CommunityColour[] = [];
  if (!answer) return { by: 'group', byCreator, legend };
  const colours = new Map<number, CommunityColour>();
  answer.groups.forEach((group, index) => {
    const colour = COMMUNITY_COLOURS[index] ?? OTHER_COMMUNITY_COLOUR;
    const label = `${group.name} (${GROUP_KIND_LABELS[group.kind].toLowerCase()})`;
    colours.set(group.id, { communityId: group.id, label, colour });
  });
  const groupsOf = new Map<number, number[]>();
  for (const [creatorId, groupId] of answer.members) {
    groupsOf.set(creatorId, [...(groupsOf.get(creatorId) ?? []), groupId]);
  }
  const shown = new Set<number>();
  let ungrouped = false;
  const groupsOfShown = new Map<number, number[]>();
  for (const id of ids) {
    const groups = (groupsOf.get(id) ?? []).flatMap((groupId) => colours.get(groupId) ?? []);
    const first = groups[0];
    groupsOfShown.set(
      id,
      groups.map((group) => group.communityId),
    );
    if (!first) {
      ungrouped = true;
      continue;
    }
    for (const group of groups) shown.add(group.communityId);
    byCreator.set(id, { ...first, label: groups.map((group) => group.label).join(', ') });
  }
  const further = answer.groups.filter((group) => shown.has(group.id)).slice(COMMUNITY_COLOURS.length);
  for (const group of answer.groups.slice(0, COMMUNITY_COLOURS.length)) {
    if (shown.has(group.id)) legend.push(colours.get(group.id)!);
  }
  if (further.length > 0) {
    legend.push({ communityId: -1, label: `${further.length} other groups`, colour: OTHER_COMMUNITY_COLOUR });
  }
  if (ungrouped) legend.push({ communityId: NO_GROUP_ID, label: 'In no group', colour: NEUTRAL_COLOUR });
  // The legend entries each creator falls under: its own groups, 'other groups' for those past the
  // palette, 'In no group' when it has none.
  const furtherIds = new Set(further.map((group) => group.id));
  const legendKeys = new Map<number, Set<number>>();
  for (const [id, groups] of groupsOfShown) {
    legendKeys.set(
      id,
      new Set(
        groups.length === 0 ? [NO_GROUP_ID] : groups.map((group) => (furtherIds.has(group) ? -1 : group)),
      ),
    );
  }
  return { by: 'group', byCreator, legend, legendKeys };
}
