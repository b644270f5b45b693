import { screen, within } from '@testing-library/react';
import { API_ROUTES } from '@friends/shared';
import { LEADERBOARD } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { LeaderboardView } from './leaderboard-view';

describe('LeaderboardView', () => {
  it('ranks both lists with medals for 1-3, then #n, in collabs and people', async () => {
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: LEADERBOARD } });
    renderWithClient(<LeaderboardView {...viewProps()} />);

    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
    const collabs = within(await screen.findByRole('region', { name: 'Most Collaborations' }));
    const rows = collabs.getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      '🥇Ada Lumen4 collabs',
      '🥈Bram Koster3 collabs',
      '🥉Dario Vance2 collabs',
      '#4Esme Quill1 collabs',
    ]);
    expect(collabs.getByRole('img', { name: '1st place' })).toHaveTextContent('🥇');

    const people = within(screen.getByRole('region', { name: 'Most Collaborators' }));
    expect(people.getAllByRole('button').map((row) => row.textContent)).toEqual([
      '🥇Ada Lumen3 people',
      '🥈Bram Koster2 people',
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
