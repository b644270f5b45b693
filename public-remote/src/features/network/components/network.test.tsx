import { screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
  type Activity,
  type CollaborationPath,
  type CreatorNetwork,
  type PairVideos,
} from '@friends/shared';
import { CreatorPage } from '../../../app/views/creator-page';
import { CREATORS, PROFILE } from '../../../test-utils/fixtures';
import { creatorsRoutes, mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { ActivityChart } from './activity-chart';
import { ConnectionFinder } from './connection-finder';
import { PairView } from './pair-view';

const node = (id: number, name: string, hop: 0 | 1 | 2, collabCount: number) => ({
  id,
  name,
  photo: '',
  hop,
  collabCount,
});

const ONE_HOP: CreatorNetwork = {
  center: 1,
  hops: 1,
  truncated: false,
  nodes: [node(1, 'Ada Lumen', 0, 2), node(2, 'Bram Koster', 1, 3), node(4, 'Dario Vance', 1, 1)],
  edges: [
    { source: 1, target: 2, weight: 2 },
    { source: 1, target: 4, weight: 1 },
    { source: 2, target: 4, weight: 1 },
  ],
};
const TWO_HOPS: CreatorNetwork = {
  ...ONE_HOP,
  hops: 2,
  nodes: [...ONE_HOP.nodes, node(7, 'Gus Ferrow', 2, 1)],
  edges: [...ONE_HOP.edges, { source: 2, target: 7, weight: 1 }],
};
/** The one-hop network weighed by events: Ada and Bram's two videos were uploads of one event. */
const BY_EVENT: CreatorNetwork = {
  ...ONE_HOP,
  weight: 'events',
  nodes: [node(1, 'Ada Lumen', 0, 1), node(2, 'Bram Koster', 1, 2), node(4, 'Dario Vance', 1, 1)],
  edges: ONE_HOP.edges.map((edge) => ({ ...edge, weight: 1 })),
};
const ACTIVITY: Activity = [
  { month: '2023-11', count: 1 },
  { month: '2024-03', count: 2 },
];

function renderCreatorPage() {
  const { calls } = mockFetch({
    [`GET ${API_ROUTES.creatorProfile(1)}`]: { body: PROFILE },
    [`GET ${NETWORK_ROUTES.activity(1)}`]: { body: ACTIVITY },
    [`GET ${NETWORK_ROUTES.network(1, 1)}`]: { body: ONE_HOP },
    [`GET ${NETWORK_ROUTES.network(1, 2)}`]: { body: TWO_HOPS },
    [`GET ${NETWORK_ROUTES.network(1, 1)}&weight=events`]: { body: BY_EVENT },
    // Two communities: Ada & Dario, Bram & Gus (the others are in none); answered for the ids asked.
    [`GET ${INSIGHTS_ROUTES.communitiesOf}`]: (request) => {
      const communityOf = new Map([
        [1, 1],
        [4, 1],
        [2, 2],
        [7, 2],
      ]);
      const labels = new Map([
        [1, 'Ada Lumen & Dario Vance'],
        [2, 'Bram Koster & Gus Ferrow'],
      ]);
      const ids = (new URL(request.url, 'http://test').searchParams.get('ids') ?? '').split(',').map(Number);
      const members = ids.flatMap((id): [number, number][] =>
        communityOf.has(id) ? [[id, communityOf.get(id)!]] : [],
      );
      const used = [...new Set(members.map(([, community]) => community))].sort();
      return {
        body: {
          communities: used.map((id) => ({ id, label: labels.get(id)!, size: 2 })),
          members,
        },
      };
    },
    [`GET ${INSIGHTS_ROUTES.suggested(1)}`]: {
      body: [
        { id: 7, name: 'Gus Ferrow', sharedCollaborators: 2 },
        { id: 9, name: 'Ivo Brandt', sharedCollaborators: 1 },
      ],
    },
  });
  const props = viewProps({ params: { creatorId: 1 } });
  return { calls, props, ...renderWithClient(<CreatorPage {...props} />) };
}

describe('the network on the creator page', () => {
  it('loads nothing of the network until the visitor opens it', async () => {
    const { calls } = renderCreatorPage();
    expect(await screen.findByRole('button', { name: 'Show collaboration network' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(calls.some((call) => call.url.includes('/network'))).toBe(false);
  });

  it('draws the graph and the same data as a ranked list; a node or a row opens that creator', async () => {
    const { props, user } = renderCreatorPage();
    await user.click(await screen.findByRole('button', { name: 'Show collaboration network' }));
    const graph = await screen.findByRole('img', {
      name: /^Collaboration network of Ada Lumen: 3 creators, 3 links/,
    });
    expect(graph.querySelectorAll('.pr-graph__node')).toHaveLength(3);
    // Edge width grows with videos together, node size with collaborations.
    const widths = [...graph.querySelectorAll('.pr-graph__edge line:first-of-type')].map((line) =>
      Number(line.getAttribute('stroke-width')),
    );
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    const radius = (id: number) =>
      Number(graph.querySelector(`[data-creator-id="${id}"] circle`)?.getAttribute('r'));
    expect(radius(2)).toBeGreaterThan(radius(4));

    const list = within(screen.getByRole('region', { name: /Ada Lumen's collaborators \(2\)/ }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Bram Koster2 videos togetherTogether',
      'Dario Vance1 video togetherTogether',
    ]);
    await user.click(list.getByRole('button', { name: 'Dario Vance' }));
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 4 });

    await user.click(graph.querySelector('[data-creator-id="2"]') as Element);
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 2 });
    await user.click(graph.querySelector('[data-pair="2-4"]') as Element);
    expect(props.navigate).toHaveBeenLastCalledWith('pair', { pairIds: [2, 4] });

    const pair = list.getByRole('link', { name: 'Videos together: Ada Lumen × Bram Koster' });
    expect(pair).toHaveAttribute('href', '?pair=1-2');
    await user.click(pair);
    expect(props.navigate).toHaveBeenLastCalledWith('pair', { pairIds: [1, 2] });
  });

  it('colours the nodes by community, with a legend naming each community', async () => {
    const { user, calls } = renderCreatorPage();
    await user.click(await screen.findByRole('button', { name: 'Show collaboration network' }));
    const legend = within(await screen.findByRole('region', { name: 'Communities in this graph' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ada Lumen & Dario Vance',
      'Bram Koster & Gus Ferrow',
    ]);
    const graph = screen.getByRole('img', { name: /^Collaboration network of Ada Lumen/ });
    const colour = (id: number) =>
      (graph.querySelector(`[data-creator-id="${id}"]`) as SVGElement).style.getPropertyValue('--community');
    expect(colour(1)).toBe(colour(4));
    expect(colour(2)).not.toBe(colour(1));
    expect(colour(1)).toMatch(/^#[0-9a-f]{6}$/);
    expect(graph.querySelector('[data-creator-id="2"] title')).toHaveTextContent(
      'Bram Koster: 3 collaborations; community Bram Koster & Gus Ferrow',
    );
    // Only the graph's creators are looked up, never the whole communities answer.
    const lookups = calls.map((call) => call.url).filter((url) => url.includes('/communities'));
    expect(lookups).toEqual([INSIGHTS_ROUTES.communitiesOfIds([1, 2, 4])]);
  });

  it("adds their collaborators with 'Show two hops'", async () => {
    const { user, calls } = renderCreatorPage();
    await user.click(await screen.findByRole('button', { name: 'Show collaboration network' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Show two hops' }));
    const second = within(await screen.findByRole('region', { name: 'Their collaborators (1)' }));
    expect(second.getByRole('listitem')).toHaveTextContent('Gus Ferrowvia Bram Koster (1 video)');
    expect(calls.map((call) => call.url)).toContain(NETWORK_ROUTES.network(1, 2));
    expect(screen.getByRole('img', { name: /4 creators, 4 links/ })).toBeInTheDocument();
  });

  it("weighs the edges by events with 'Weigh by: Events', and back by videos", async () => {
    const { user, calls } = renderCreatorPage();
    await user.click(await screen.findByRole('button', { name: 'Show collaboration network' }));
    const weigh = within(await screen.findByRole('group', { name: 'Weigh by' }));
    expect(weigh.getByRole('radio', { name: 'Videos' })).toBeChecked();
    await user.click(weigh.getByRole('radio', { name: 'Events' }));
    const list = within(
      await screen.findByRole('region', {
        name: /Ada Lumen's collaborators \(2\), most events together first/,
      }),
    );
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Bram Koster1 event togetherTogether',
      'Dario Vance1 event togetherTogether',
    ]);
    expect(calls.map((call) => call.url)).toContain(`${NETWORK_ROUTES.network(1, 1)}&weight=events`);
    const graph = screen.getByRole('img', { name: /^Collaboration network of Ada Lumen/ });
    expect(graph.querySelector('[data-pair="1-2"] title')).toHaveTextContent(
      'Ada Lumen × Bram Koster: 1 event together',
    );
    await user.click(weigh.getByRole('radio', { name: 'Videos' }));
    expect(
      await screen.findByRole('region', {
        name: /Ada Lumen's collaborators \(2\), most videos together first/,
      }),
    ).toBeInTheDocument();
  });

  it("links each frequent collaborator's pair page, saying so on screen", async () => {
    const { props, user } = renderCreatorPage();
    const link = await screen.findByRole('link', { name: 'Videos together with Dario Vance' });
    expect(link).toHaveAttribute('href', '?pair=1-4');
    // Not a bare '×', which reads as 'remove this chip'.
    expect(link).toHaveTextContent(/^Together$/);
    await user.click(link);
    expect(props.navigate).toHaveBeenCalledWith('pair', { pairIds: [1, 4] });
  });

  it("lists who 'Might collaborate', most shared collaborators first; a chip opens that creator", async () => {
    const { props, user } = renderCreatorPage();
    const section = within(await screen.findByRole('region', { name: 'Might collaborate' }));
    const chips = section.getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Gus Ferrow2', 'Ivo Brandt1']);
    expect(chips[0]).toHaveAccessibleName('Gus Ferrow 2 shared collaborators');
    await user.click(chips[1]!);
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 9 });
  });

  it('charts collaborations per month', async () => {
    renderCreatorPage();
    const chart = await screen.findByRole('img', {
      name: 'Collaborations per month: 3 from Nov 2023 to Mar 2024, most in Mar 2024 (2)',
    });
    // Nov, Dec, Jan, Feb, Mar: the empty months drawn as 0.
    expect(chart.querySelectorAll('rect')).toHaveLength(5);
    // The same numbers as a table, the chart's text alternative.
    const table = screen.getByRole('table', { name: 'Collaborations per month', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 20231',
      'Dec 20230',
      'Jan 20240',
      'Feb 20240',
      'Mar 20242',
    ]);
  });
});

describe('ActivityChart', () => {
  it('says so when there is nothing dated', () => {
    renderWithClient(<ActivityChart activity={[]} title="Collaborations per month" />);
    expect(screen.getByText('No dated collaborations yet')).toBeInTheDocument();
  });
});

const PAIR: PairVideos = {
  a: { id: 1, name: 'Ada Lumen', photo: '' },
  b: { id: 2, name: 'Bram Koster', photo: '' },
  videos: PROFILE.videos.slice(0, 2),
  collaborationEvents: 1,
  sides: [],
  first: '2024-03-15',
  latest: '2024-06-01',
};

describe('PairView', () => {
  it("shows 'A × B', the videos together newest first and the first and latest dates", async () => {
    mockFetch({ [`GET ${NETWORK_ROUTES.pair(1, 2)}`]: { body: PAIR } });
    const props = viewProps({ params: { pairIds: [1, 2] } });
    const { user } = renderWithClient(<PairView {...props} />);
    expect(
      await screen.findByRole('heading', { name: 'Ada Lumen × Bram Koster', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Videos Together (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      'Rooftop Cooking Duel',
      'Workshop Tour',
    ]);
    expect(screen.getByText('First collaboration').nextSibling).toHaveTextContent('Mar 15, 2024');
    expect(screen.getByText('Latest collaboration').nextSibling).toHaveTextContent('Jun 1, 2024');
    // The two videos were uploads of one collab event.
    expect(screen.getByText('2 collaborations in 1 event')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dario Vance' }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 4 });
  });

  it('says so when a creator of the pair does not exist', async () => {
    mockFetch({
      [`GET ${NETWORK_ROUTES.pair(1, 99)}`]: { status: 404, body: { error: 'Creator not found' } },
    });
    renderWithClient(<PairView {...viewProps({ params: { pairIds: [1, 99] } })} />);
    expect(await screen.findByText('These two creators could not be found.')).toBeInTheDocument();
  });
});

describe('ConnectionFinder', () => {
  function renderFinder(answer: CollaborationPath) {
    const { calls } = mockFetch({
      ...creatorsRoutes(CREATORS),
      [`GET ${NETWORK_ROUTES.path(answer.from, answer.to)}`]: { body: answer },
    });
    const onOpenCreator = jest.fn();
    const onOpenPair = jest.fn();
    const result = renderWithClient(
      <ConnectionFinder onOpenCreator={onOpenCreator} onOpenPair={onOpenPair} />,
    );
    return { calls, onOpenCreator, onOpenPair, ...result };
  }

  it('shows the chain as chips with the pair page of each link', async () => {
    const { user, onOpenCreator, onOpenPair } = renderFinder({
      from: 3,
      to: 4,
      path: [
        { id: 3, name: 'Cleo Hart', photo: '' },
        { id: 1, name: 'Ada Lumen', photo: '' },
        { id: 4, name: 'Dario Vance', photo: '' },
      ],
    });
    await user.type(screen.getByLabelText('From creator'), 'cleo hart');
    await user.type(screen.getByLabelText('To creator'), 'Dario Vance');
    await user.click(screen.getByRole('button', { name: 'Find connection' }));
    expect(await screen.findByText('2 degrees of separation')).toBeInTheDocument();
    const chain = within(screen.getByRole('list', { name: 'Chain of collaborations' }));
    expect(chain.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Cleo Hart',
      'Ada Lumen',
      'Dario Vance',
    ]);
    await user.click(chain.getByRole('button', { name: 'Ada Lumen' }));
    expect(onOpenCreator).toHaveBeenCalledWith(1);
    await user.click(chain.getByRole('link', { name: 'Videos together: Ada Lumen × Dario Vance' }));
    expect(onOpenPair).toHaveBeenCalledWith(1, 4);
  });

  it("says 'No connection found' when there is none, and names an unknown creator", async () => {
    const { user, calls } = renderFinder({ from: 1, to: 3, path: null });
    await user.type(screen.getByLabelText('From creator'), 'Ada Lumen');
    await user.type(screen.getByLabelText('To creator'), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Find connection' }));
    expect(await screen.findByText("No creator is called 'Nobody'")).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/path'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('To creator'));
    await user.type(screen.getByLabelText('To creator'), 'Cleo Hart');
    await user.click(screen.getByRole('button', { name: 'Find connection' }));
    expect(await screen.findByText(/^No connection found/)).toBeInTheDocument();
  });

  it('offers matching creators as suggestions', async () => {
    const { user } = renderFinder({ from: 1, to: 2, path: null });
    const input = screen.getByLabelText('From creator');
    await user.type(input, 'ko');
    const list = document.getElementById(input.getAttribute('list') as string) as HTMLElement;
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((option) => option.value)).toEqual(['Bram Koster']),
    );
  });
});
