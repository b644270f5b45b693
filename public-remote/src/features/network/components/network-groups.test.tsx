import { screen, within } from '@testing-library/react';
import {
  API_ROUTES,
  GROUP_ROUTES,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
  type CreatorNetwork,
  type GroupLookup,
} from '@friends/shared';
import { CreatorPage } from '../../../app/views/creator-page';
import { PROFILE } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const node = (id: number, name: string, hop: 0 | 1 | 2, collabCount: number) => ({
  id,
  name,
  photo: '',
  hop,
  collabCount,
});

const NETWORK: CreatorNetwork = {
  center: 1,
  hops: 1,
  truncated: false,
  nodes: [
    node(1, 'Ada Lumen', 0, 3),
    node(2, 'Bram Koster', 1, 3),
    node(4, 'Dario Vance', 1, 1),
    node(5, 'Esme Hart', 1, 1),
  ],
  edges: [
    { source: 1, target: 2, weight: 2 },
    { source: 1, target: 4, weight: 1 },
    { source: 1, target: 5, weight: 1 },
  ],
};

/** Ada and Bram in Aurora Live, Ada also in the Night Owls team; Dario and Esme in no group today. */
const GROUPS: GroupLookup = {
  asOf: '2026-11-25',
  groups: [
    { id: 10, name: 'Aurora Live', kind: 'agency', members: 2 },
    { id: 11, name: 'Night Owls', kind: 'team', members: 1 },
  ],
  members: [
    [1, 10],
    [1, 11],
    [2, 10],
  ],
};

function renderCreatorPage(params: { colour?: 'group' } = {}) {
  const { calls } = mockFetch({
    [`GET ${API_ROUTES.creatorProfile(1)}`]: { body: PROFILE },
    [`GET ${NETWORK_ROUTES.activity(1)}`]: { body: [] },
    [`GET ${NETWORK_ROUTES.network(1, 1)}`]: { body: NETWORK },
    [`GET ${INSIGHTS_ROUTES.suggested(1)}`]: { body: [] },
    [`GET ${INSIGHTS_ROUTES.communitiesOf}`]: {
      body: { communities: [{ id: 1, label: 'Ada Lumen & Bram Koster', size: 2 }], members: [[1, 1]] },
    },
    [`GET ${GROUP_ROUTES.of}`]: { body: GROUPS },
  });
  const props = viewProps({ params: { creatorId: 1, ...params } });
  return { calls, props, ...renderWithClient(<CreatorPage {...props} />) };
}

describe('the network coloured by group', () => {
  it('opens coloured by group when the address asks, with a legend naming the groups', async () => {
    const { calls } = renderCreatorPage({ colour: 'group' });
    const colourBy = within(await screen.findByRole('group', { name: 'Colour by' }));
    expect(colourBy.getByRole('radio', { name: 'Group' })).toBeChecked();
    const legend = within(await screen.findByRole('region', { name: 'Groups in this graph' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Aurora Live (agency)',
      'Night Owls (team)',
      'In no group',
    ]);
    const graph = screen.getByRole('img', { name: /^Collaboration network of Ada Lumen/ });
    const nodeOf = (id: number) => graph.querySelector(`[data-creator-id="${id}"]`) as SVGElement;
    const colour = (id: number) => nodeOf(id).style.getPropertyValue('--community');
    expect(colour(1)).toMatch(/^#[0-9a-f]{6}$/);
    expect(colour(2)).toBe(colour(1));
    expect(nodeOf(1).getAttribute('data-group-id')).toBe('10');
    // No group: neutral, no colour of a group.
    expect(nodeOf(4)).toHaveClass('pr-graph__node--neutral');
    expect(colour(4)).toBe('');
    expect(nodeOf(5).getAttribute('data-group-id')).toBe('0');
    expect(nodeOf(1).querySelector('title')).toHaveTextContent(
      'Ada Lumen: 3 collaborations; groups Aurora Live (agency), Night Owls (team)',
    );
    expect(nodeOf(4).querySelector('title')).toHaveTextContent('Dario Vance: 1 collaboration; in no group');
    // The graph's creators only, sorted; no community lookup while colouring by group.
    const urls = calls.map((call) => call.url);
    expect(urls).toContain(GROUP_ROUTES.ofIds([1, 2, 4, 5]));
    expect(urls.some((url) => url.includes('/communities'))).toBe(false);
  });

  it("puts 'Colour by: Group' in the address and asks for groups only then", async () => {
    const { props, user, calls } = renderCreatorPage();
    await user.click(await screen.findByRole('button', { name: 'Show collaboration network' }));
    const colourBy = within(await screen.findByRole('group', { name: 'Colour by' }));
    expect(colourBy.getByRole('radio', { name: 'Community' })).toBeChecked();
    expect(await screen.findByRole('region', { name: 'Communities in this graph' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith(GROUP_ROUTES.of))).toBe(false);
    await user.click(colourBy.getByRole('radio', { name: 'Group' }));
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 1, colour: 'group' });
  });

  it('highlights the creators of a group picked in the legend, by click or by keyboard', async () => {
    const { user } = renderCreatorPage({ colour: 'group' });
    const legend = within(await screen.findByRole('region', { name: 'Groups in this graph' }));
    const graph = screen.getByRole('img', { name: /^Collaboration network of Ada Lumen/ });
    const state = (id: number) => {
      const classes = (graph.querySelector(`[data-creator-id="${id}"]`) as SVGElement).classList;
      return classes.contains('pr-graph__node--highlighted')
        ? 'highlighted'
        : classes.contains('pr-graph__node--faded')
          ? 'faded'
          : 'plain';
    };
    const states = () => [1, 2, 4, 5].map(state);
    const nightOwls = legend.getByRole('button', { name: 'Night Owls (team)' });
    expect(nightOwls).toHaveAttribute('aria-pressed', 'false');
    expect(states()).toEqual(['plain', 'plain', 'plain', 'plain']);

    // Ada is in both groups: the smaller one highlights her alone.
    await user.click(nightOwls);
    expect(nightOwls).toHaveAttribute('aria-pressed', 'true');
    expect(states()).toEqual(['highlighted', 'faded', 'faded', 'faded']);

    // From the keyboard: Tab moves to the next entry, Enter picks it, Space on it again clears it.
    await user.tab();
    const none = legend.getByRole('button', { name: 'In no group' });
    expect(none).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(none).toHaveAttribute('aria-pressed', 'true');
    expect(nightOwls).toHaveAttribute('aria-pressed', 'false');
    expect(states()).toEqual(['faded', 'faded', 'highlighted', 'highlighted']);
    await user.keyboard(' ');
    expect(none).toHaveAttribute('aria-pressed', 'false');
    expect(states()).toEqual(['plain', 'plain', 'plain', 'plain']);

    await user.click(legend.getByRole('button', { name: 'Aurora Live (agency)' }));
    expect(states()).toEqual(['highlighted', 'highlighted', 'faded', 'faded']);
  });
});
