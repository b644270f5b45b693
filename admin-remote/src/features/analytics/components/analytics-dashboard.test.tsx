import { screen, within } from '@testing-library/react';
import { ANALYTICS_PAGE_SIZE, type Analytics } from '@friends/shared';
import { ANALYTICS, creatorStats } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { AnalyticsDashboard } from './analytics-dashboard';

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

  it("charts the API's most connected creators, also those not on the loaded page", async () => {
    const top = Array.from({ length: 10 }, (_, index) => ({
      id: 100 + index,
      name: `Hub ${index}`,
      photo: '',
      count: 20 - index,
    }));
    mockFetch({ 'GET /api/stats': { body: { ...ANALYTICS, mostConnected: top } } });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    const chart = await screen.findByRole('img', { name: /most connected creators/ });
    expect(chart).toHaveAccessibleName(
      `Top 10 most connected creators by unique collaborators: ${top.map((e) => `${e.name} ${e.count}`).join(', ')}`,
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(10);
    expect(screen.queryByRole('article', { name: 'Hub 0' })).not.toBeInTheDocument();
  });

  it('shows the empty chart state when nobody has collaborated', async () => {
    mockFetch({
      'GET /api/stats': {
        body: {
          ...ANALYTICS,
          totalCreators: 1,
          totalVideos: 1,
          collaborations: 0,
          mostConnected: [],
          creatorsWithVideos: 1,
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
    const table = screen.getByRole('table', { name: 'Collaborations per month', hidden: true });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Nov 20242', 'Dec 20240', 'Jan 20251']);
  });
});

describe('Analytics creator pages', () => {
  const TOTAL = 120;
  const rows = Array.from({ length: TOTAL }, (_, index) =>
    creatorStats(index + 1, `Creator ${index + 1}`, 0),
  );
  const page = (offset: number): Analytics => ({
    ...ANALYTICS,
    creatorsWithVideos: TOTAL,
    offset,
    limit: ANALYTICS_PAGE_SIZE,
    creators: rows.slice(offset, offset + ANALYTICS_PAGE_SIZE),
  });
  const pageUrl = (offset: number) => `GET /api/stats?offset=${offset}&limit=${ANALYTICS_PAGE_SIZE}`;
  const cards = () => screen.getAllByRole('article');

  it("loads the next page on 'Show more' until every creator is shown, the count right throughout", async () => {
    const { calls } = mockFetch({
      'GET /api/stats': { body: page(0) },
      [pageUrl(50)]: { body: page(50) },
      [pageUrl(100)]: { body: page(100) },
    });
    const { user } = renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    expect(await screen.findByRole('heading', { name: `Creators (${TOTAL})` })).toBeInTheDocument();
    expect(cards()).toHaveLength(50);
    expect(calls.map((call) => call.url)).not.toContain('/api/stats?offset=50&limit=50');

    await user.click(screen.getByRole('button', { name: 'Show more (70 more)' }));
    expect(await screen.findByRole('article', { name: 'Creator 100' })).toBeInTheDocument();
    expect(cards()).toHaveLength(100);
    expect(calls.filter((call) => call.url.startsWith('/api/stats?'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show more (20 more)' }));
    expect(await screen.findByRole('article', { name: `Creator ${TOTAL}` })).toBeInTheDocument();
    expect(cards()).toHaveLength(TOTAL);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Creators (${TOTAL})` })).toBeInTheDocument();
  });

  it('keeps the loaded cards when a page fails, and retries on Show more', async () => {
    let fail = true;
    mockFetch({
      'GET /api/stats': { body: page(0) },
      [pageUrl(50)]: () =>
        fail ? { status: 503, body: { error: 'Service unavailable' } } : { body: page(50) },
    });
    const { user } = renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: 'Show more (70 more)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more creators.');
    expect(cards()).toHaveLength(50);
    expect(screen.getByRole('group', { name: 'Totals' })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Show more (70 more)' }));
    expect(await screen.findByRole('article', { name: 'Creator 100' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error state when the first page fails', async () => {
    mockFetch({ 'GET /api/stats': { status: 500, body: { error: 'boom' } } });
    renderWithClient(<AnalyticsDashboard {...viewProps()} />);
    expect(await screen.findByText('Could not load analytics.')).toBeInTheDocument();
  });
});
