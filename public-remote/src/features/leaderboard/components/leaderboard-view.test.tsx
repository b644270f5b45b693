import { screen, within } from '@testing-library/react';
import { API_ROUTES } from '@friends/shared';
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
  it('ranks both lists with medals for 1-3, then #n, in collabs and people', async () => {
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
      '#4 Esme Quill 1 collabs',
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
