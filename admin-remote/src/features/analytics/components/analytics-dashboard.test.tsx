import { screen, within } from '@testing-library/react';
import { ANALYTICS, creatorStats } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { AnalyticsDashboard } from './analytics-dashboard';
import { topConnected } from './connections-chart';

beforeEach(resetBrowserState);

describe('Analytics', () => {
  it('shows the three totals and a card per creator with its four figures', async () => {
    mockFetch({ 'GET /api/stats': { body: ANALYTICS } });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    const totals = within(await screen.findByRole('group', { name: 'Totals' }));
    expect(totals.getByText('Total Creators').previousSibling).toHaveTextContent('3');
    expect(totals.getByText('Total Videos').previousSibling).toHaveTextContent('2');
    expect(totals.getByText('Collaborations').previousSibling).toHaveTextContent('1');

    const ada = within(screen.getByRole('article', { name: 'Ada Lumen' }));
    expect(ada.getByText('Total Videos').nextSibling).toHaveTextContent('3');
    expect(ada.getByText('Solo Videos').nextSibling).toHaveTextContent('1');
    expect(ada.getByText('Collaborations').nextSibling).toHaveTextContent('2');
    expect(ada.getByText('Unique Collaborators').nextSibling).toHaveTextContent('4');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("'View Profile' opens the creator page", async () => {
    mockFetch({ 'GET /api/stats': { body: ANALYTICS } });
    const props = viewProps();
    const { user } = renderWithClient(<AnalyticsDashboard {...props} />);
    const card = within(await screen.findByRole('article', { name: 'Bram Koster' }));
    await user.click(card.getByRole('link', { name: 'View Profile' }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 2 });
  });

  it('draws the most connected creators as an accessible bar chart with the numbers as text', async () => {
    mockFetch({ 'GET /api/stats': { body: ANALYTICS } });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    const chart = await screen.findByRole('img', { name: /most connected creators/ });
    expect(chart).toHaveAccessibleName(
      'Top 2 most connected creators by unique collaborators: Ada Lumen 4, Bram Koster 1',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(2); // Cleo has no collaborators
    expect(within(chart as unknown as HTMLElement).getByText('4')).toBeInTheDocument();
    expect(within(chart as unknown as HTMLElement).getByText('Ada Lumen')).toBeInTheDocument();
  });

  it('keeps the ten most connected, most first, ties by name', () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      creatorStats(index + 1, `Creator ${String.fromCharCode(78 - index)}`, index % 5),
    );
    const top = topConnected(many);
    expect(top).toHaveLength(10);
    expect(top.map((entry) => entry.count)).toEqual(
      [...top.map((entry) => entry.count)].sort((a, b) => b - a),
    );
    expect(top[0]).toEqual({ id: 10, name: 'Creator E', count: 4 });
    expect(top[1]).toEqual({ id: 5, name: 'Creator J', count: 4 });
    expect(top.every((entry) => entry.count > 0)).toBe(true);
  });

  it('shows the empty chart state when nobody has collaborated', async () => {
    mockFetch({
      'GET /api/stats': {
        body: {
          totalCreators: 1,
          totalVideos: 1,
          collaborations: 0,
          creators: [creatorStats(1, 'Solo Sam', 0)],
        },
      },
    });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    expect(await screen.findByText('No collaborations yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('charts collaborations per month over every creator', async () => {
    mockFetch({
      'GET /api/stats': { body: ANALYTICS },
      'GET /api/stats/activity': {
        body: [
          { month: '2024-11', count: 2 },
          { month: '2025-01', count: 1 },
        ],
      },
    });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    const chart = await screen.findByRole('img', {
      name: 'Collaborations per month: 3 from Nov 2024 to Jan 2025, most in Nov 2024 (2)',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
  });
});
