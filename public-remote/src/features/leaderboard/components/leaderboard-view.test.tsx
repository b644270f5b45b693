import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { API_ROUTES, INSIGHTS_ROUTES, type PeriodLeaderboard } from '@friends/shared';
import { LEADERBOARD } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { LeaderboardView } from './leaderboard-view';

/** The rows, in order, each read as one accessible name. */
function expectRows(rows: HTMLElement[], names: string[]) {
  expect(rows).toHaveLength(names.length);
  rows.forEach((row, index) => expect(row).toHaveAccessibleName(names[index]));
}

describe('LeaderboardView', () => {
  it('ranks both lists with medals for 1-3, then #n, in collab(s) and person/people', async () => {
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: LEADERBOARD } });
    renderWithClient(<LeaderboardView {...viewProps()} />);

    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
    const collabs = within(await screen.findByRole('region', { name: 'Most Collaborations' }));
    // Each row is one button whose name reads rank, creator and count; ranks 1-3 are medals drawn
    // in SVG (no emoji font needed), named by rank.
    expectRows(collabs.getAllByRole('button'), [
      'Rank 1, gold medal Ada Lumen 4 collabs',
      'Rank 2, silver medal Bram Koster 3 collabs',
      'Rank 3, bronze medal Dario Vance 2 collabs',
      '#4 Esme Quill 1 collab',
    ]);
    const gold = collabs.getByRole('img', { name: 'Rank 1, gold medal' });
    expect(gold.querySelector('svg')).toHaveTextContent('1');
    expect(collabs.queryByText(/🥇|🥈|🥉/)).not.toBeInTheDocument();

    const people = within(screen.getByRole('region', { name: 'Most Collaborators' }));
    expectRows(people.getAllByRole('button'), [
      'Rank 1, gold medal Ada Lumen 3 people',
      'Rank 2, silver medal Bram Koster 2 people',
    ]);
  });

  it('gives tied counts one rank and medal, and counts one person in the singular', async () => {
    const tied = {
      mostCollaborations: [
        { id: 1, name: 'Ada Lumen', photo: '', count: 2 },
        { id: 2, name: 'Bram Koster', photo: '', count: 2 },
        { id: 3, name: 'Cleo Marsh', photo: '', count: 1 },
      ],
      mostCollaborators: [{ id: 1, name: 'Ada Lumen', photo: '', count: 1 }],
    };
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: tied } });
    renderWithClient(<LeaderboardView {...viewProps()} />);
    const collabs = within(await screen.findByRole('region', { name: 'Most Collaborations' }));
    expectRows(collabs.getAllByRole('button'), [
      'Rank 1, gold medal Ada Lumen 2 collabs',
      'Rank 1, gold medal Bram Koster 2 collabs',
      'Rank 3, bronze medal Cleo Marsh 1 collab',
    ]);
    const people = within(screen.getByRole('region', { name: 'Most Collaborators' }));
    expectRows(people.getAllByRole('button'), ['Rank 1, gold medal Ada Lumen 1 person']);
  });

  it('opens the creator page when a row is clicked', async () => {
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: LEADERBOARD } });
    const props = viewProps();
    const { user } = renderWithClient(<LeaderboardView {...props} />);
    await user.click(await screen.findByRole('button', { name: /Esme Quill/ }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 5 });
  });

  it("shows 'No collaborations yet' when nobody has collaborated", async () => {
    mockFetch({
      [`GET ${API_ROUTES.leaderboard}`]: { body: { mostCollaborations: [], mostCollaborators: [] } },
    });
    renderWithClient(<LeaderboardView {...viewProps()} />);
    expect(await screen.findByText('No collaborations yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Most Collaborations' })).not.toBeInTheDocument();
  });
});

const WEEK: PeriodLeaderboard = {
  period: 'week',
  current: { from: '2026-03-04', to: '2026-03-10' },
  previous: { from: '2026-02-25', to: '2026-03-03' },
  mostCollaborations: [
    { id: 1, name: 'Ada Lumen', photo: '', count: 3, previousRank: 2 },
    { id: 2, name: 'Bram Koster', photo: '', count: 2, previousRank: 1 },
    { id: 4, name: 'Dario Vance', photo: '', count: 1, previousRank: null },
    { id: 5, name: 'Esme Quill', photo: '', count: 1, previousRank: 4 },
  ],
  mostCollaborators: [{ id: 1, name: 'Ada Lumen', photo: '', count: 2, previousRank: 1 }],
  newPairs: [
    {
      a: { id: 1, name: 'Ada Lumen', photo: '' },
      b: { id: 4, name: 'Dario Vance', photo: '' },
      first: '2026-03-08',
      videos: 2,
    },
  ],
};

describe('LeaderboardView by period', () => {
  it('shows the period from the params, how each row moved, and the new pairs', async () => {
    mockFetch({ [`GET ${INSIGHTS_ROUTES.leaderboard('week')}`]: { body: WEEK } });
    const props = viewProps({ params: { period: 'week' } });
    const { user } = renderWithClient(<LeaderboardView {...props} />);

    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    const collabs = within(await screen.findByRole('region', { name: 'Most Collaborations' }));
    expectRows(collabs.getAllByRole('button'), [
      'Rank 1, gold medal Ada Lumen 3 collabs up 1 from #2',
      'Rank 2, silver medal Bram Koster 2 collabs down 1 from #1',
      // A tie shares its rank, and so its medal.
      'Rank 3, bronze medal Dario Vance 1 collab new this period',
      'Rank 3, bronze medal Esme Quill 1 collab up 1 from #4',
    ]);
    const pairs = within(screen.getByRole('region', { name: 'New pairs' }));
    await user.click(
      pairs.getByRole('button', { name: 'Ada Lumen & Dario Vance 2 videos since Mar 8, 2026' }),
    );
    expect(props.navigate).toHaveBeenCalledWith('pair', { pairIds: [1, 4] });
  });

  it('navigates to the chosen period (the host mirrors it into the address)', async () => {
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: LEADERBOARD } });
    const props = viewProps();
    const { user } = renderWithClient(<LeaderboardView {...props} />);
    expect(screen.getByRole('radio', { name: 'All time' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Last 365 days' }));
    expect(props.navigate).toHaveBeenCalledWith('leaderboard', { period: 'year' });
    expect(screen.queryByRole('region', { name: 'New pairs' })).not.toBeInTheDocument();
  });
});

describe('LeaderboardView counted by event', () => {
  const BY_EVENT = {
    ...LEADERBOARD,
    mostCollaborations: [
      { id: 2, name: 'Bram Koster', photo: '', count: 2 },
      { id: 1, name: 'Ada Lumen', photo: '', count: 1 },
    ],
  };

  it('asks for the board counted by event when the params say so, counting events', async () => {
    mockFetch({ [`GET ${INSIGHTS_ROUTES.leaderboard('all', 'events')}`]: { body: BY_EVENT } });
    renderWithClient(<LeaderboardView {...viewProps({ params: { count: 'events' } })} />);
    expect(screen.getByRole('group', { name: 'Count' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Events' })).toBeChecked();
    const collabs = within(await screen.findByRole('region', { name: 'Most Collaborations' }));
    expectRows(collabs.getAllByRole('button'), [
      'Rank 1, gold medal Bram Koster 2 events',
      'Rank 2, silver medal Ada Lumen 1 event',
    ]);
  });

  it('navigates to the chosen count, keeping the period, and back to videos', async () => {
    mockFetch({
      [`GET ${INSIGHTS_ROUTES.leaderboard('week')}`]: { body: WEEK },
      [`GET ${INSIGHTS_ROUTES.leaderboard('week', 'events')}`]: { body: WEEK },
    });
    const props = viewProps({ params: { period: 'week' } });
    const { user, rerender, queryClient } = renderWithClient(<LeaderboardView {...props} />);
    expect(screen.getByRole('radio', { name: 'Videos' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Events' }));
    expect(props.navigate).toHaveBeenLastCalledWith('leaderboard', { period: 'week', count: 'events' });

    // The host answers the navigation with the new params (and the address with them).
    rerender(
      <QueryClientProvider client={queryClient}>
        <LeaderboardView {...props} params={{ period: 'week', count: 'events' }} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('radio', { name: 'Events' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'All time' }));
    expect(props.navigate).toHaveBeenLastCalledWith('leaderboard', { count: 'events' });
    await user.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(props.navigate).toHaveBeenLastCalledWith('leaderboard', { period: 'week' });
  });
});
