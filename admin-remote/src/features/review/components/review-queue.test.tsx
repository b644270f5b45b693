import { screen, within } from '@testing-library/react';
import { MESSAGES, type ReviewItem } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ReviewQueue } from './review-queue';

beforeEach(resetBrowserState);

const item = (id: number): ReviewItem => ({
  id,
  videoId: 100 + id,
  videoTitle: `Video ${id}`,
  videoUrl: `https://www.youtube.com/watch?v=vid${String(id).padStart(8, '0')}`,
  name: `Guest ${id}`,
  creatorId: null,
  creatorName: null,
  source: 'title',
  text: `with Guest ${id}`,
  confidence: 'medium',
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => item(from + i));

describe('Review', () => {
  it('loads the queue a page at a time', async () => {
    const api = mockFetch({
      'GET /api/review?offset=0&limit=50': { body: { items: range(1, 51), total: 52 } },
      'GET /api/review?offset=50&limit=50': { body: { items: range(51, 53), total: 52 } },
    });
    const { user } = renderWithClient(<ReviewQueue {...viewProps()} />);
    const list = await screen.findByRole('list', { name: 'Proposed collaborators' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByRole('heading', { name: 'Proposed collaborators (52)' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 50 selected (52 in all)');

    await user.click(screen.getByRole('button', { name: 'Load more (2 not shown)' }));
    expect(await within(list).findByRole('listitem', { name: 'Guest 52 in Video 52' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(52);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('bulk-accepts the selection and reloads the pages from the start', async () => {
    const api = mockFetch({
      'GET /api/review?offset=0&limit=50': { body: { items: range(1, 4), total: 3 } },
      'POST /api/review/accept': () => {
        api.routes['GET /api/review?offset=0&limit=50'] = { body: { items: [item(3)], total: 1 } };
        return { status: 200, body: { done: 2, failed: 0 } };
      },
    });
    const { user } = renderWithClient(<ReviewQueue {...viewProps()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Guest 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Guest 2' }));
    await user.click(screen.getByRole('button', { name: 'Accept Selected (2)' }));
    expect(await screen.findByRole('heading', { name: 'Proposed collaborators (1)' })).toBeInTheDocument();
    expect(api.writes().map((call) => [`${call.method} ${call.url}`, call.body])).toEqual([
      ['POST /api/review/accept', { ids: [1, 2] }],
    ]);
  });

  it('says why a creator made from an @handle kept the handle', async () => {
    const notice = MESSAGES.handlesKeptUnreachable;
    mockFetch({
      'GET /api/review?offset=0&limit=50': { body: { items: range(1, 3), total: 2 } },
      'POST /api/review/1/accept': { body: { id: 1, videoId: 101, creatorId: 7, notice } },
    });
    const { user } = renderWithClient(<ReviewQueue {...viewProps()} />);
    const list = await screen.findByRole('list', { name: 'Proposed collaborators' });
    const row = within(list).getByRole('listitem', { name: 'Guest 1 in Video 1' });
    await user.click(within(row).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
  });
});
