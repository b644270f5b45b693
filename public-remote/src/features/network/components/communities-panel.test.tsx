import { screen, waitFor, within } from '@testing-library/react';
import { INSIGHTS_ROUTES, type Bridge, type Communities } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient } from '../../../test-utils/render';
import { CommunitiesPanel } from './communities-panel';

/** What GET /api/network/communities?limit=8&members=6 answers: the first members, sizes and total of all. */
const COMMUNITIES: Communities = {
  communities: [
    {
      id: 1,
      label: 'Ada Lumen & Bram Koster',
      size: 7,
      members: ['Ada Lumen', 'Bram Koster', 'Cleo Park', 'Dario Vance', 'Esme Quill', 'Finn Otto'].map(
        (name, index) => ({ id: index + 1, name }),
      ),
    },
    {
      id: 9,
      label: 'Hana Ito & Ivo Brandt',
      size: 2,
      members: [
        { id: 9, name: 'Hana Ito' },
        { id: 10, name: 'Ivo Brandt' },
      ],
    },
  ],
  total: 12,
};
const BRIDGES: Bridge[] = [
  { id: 4, name: 'Dario Vance', score: 0.5714 },
  { id: 9, name: 'Hana Ito', score: 0.125 },
];

describe('CommunitiesPanel', () => {
  it('explains and lists the communities and the bridges; a name opens that creator', async () => {
    mockFetch({
      [`GET ${INSIGHTS_ROUTES.communitiesSummary(8, 6)}`]: { body: COMMUNITIES },
      [`GET ${INSIGHTS_ROUTES.bridges(10)}`]: { body: BRIDGES },
    });
    const open = jest.fn();
    const { user } = renderWithClient(<CommunitiesPanel onOpenCreator={open} />);

    const communities = within(await screen.findByRole('region', { name: 'Communities' }));
    expect(communities.getByText(/mostly make videos with each other/)).toBeInTheDocument();
    const first = within(communities.getByRole('list', { name: 'Members of Ada Lumen & Bram Koster' }));
    expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ada Lumen',
      'Bram Koster',
      'Cleo Park',
      'Dario Vance',
      'Esme Quill',
      'Finn Otto',
      'and 1 more',
    ]);
    expect(communities.getByText('and 10 smaller communities')).toBeInTheDocument();
    expect(communities.getByText('· 7 creators', { exact: false })).toBeInTheDocument();
    await user.click(first.getByRole('button', { name: 'Cleo Park' }));
    expect(open).toHaveBeenLastCalledWith(3);

    const bridges = within(screen.getByRole('region', { name: 'Bridges' }));
    expect(bridges.getByText(/connect otherwise separate circles/)).toBeInTheDocument();
    expect((await bridges.findAllByRole('button')).map((row) => row.textContent)).toEqual([
      '#1Dario Vance57.1% of chains',
      '#2Hana Ito12.5% of chains',
    ]);
    await user.click(bridges.getByRole('button', { name: /Hana Ito/ }));
    expect(open).toHaveBeenLastCalledWith(9);
  });

  it('shows nothing while nobody has collaborated', async () => {
    const { calls } = mockFetch({
      [`GET ${INSIGHTS_ROUTES.communitiesSummary(8, 6)}`]: { body: { communities: [], total: 0 } },
      [`GET ${INSIGHTS_ROUTES.bridges(10)}`]: { body: [] },
    });
    const { queryClient } = renderWithClient(<CommunitiesPanel onOpenCreator={jest.fn()} />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls.map((call) => call.url)).toContain(INSIGHTS_ROUTES.communitiesSummary(8, 6));
    expect(screen.queryByRole('region', { name: 'Communities' })).not.toBeInTheDocument();
  });
});
