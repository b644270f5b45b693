import { screen, within } from '@testing-library/react';
import type { EventProposalItem } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ReviewQueue } from './review-queue';

beforeEach(resetBrowserState);

const REASON = "Published within 48 hours (3 h apart), each credits the other's uploader";
const proposal = (id: number, eventId: number | null = null): EventProposalItem => ({
  id,
  videos: [
    {
      id: 10 * id,
      title: `Build battle ${id} (Kes POV)`,
      url: `https://www.youtube.com/watch?v=build${String(id).padStart(6, '0')}`,
      date: '2026-08-20',
      authors: [
        { id: 6, name: 'Kestrel Vance' },
        { id: 10, name: 'Lucan Ashby' },
      ],
      eventId: null,
    },
    {
      id: 10 * id + 1,
      title: `Build battle ${id} (Luc POV)`,
      url: `https://youtu.be/buildL${String(id).padStart(5, '0')}`,
      date: '2026-08-20',
      authors: [
        { id: 10, name: 'Lucan Ashby' },
        { id: 6, name: 'Kestrel Vance' },
      ],
      eventId,
    },
  ],
  reason: REASON,
  createdAt: '2026-11-25T18:00:00.000Z',
});
const groupings = (items: EventProposalItem[]) => ({ body: { items, total: items.length } });
const EVENTS = 'GET /api/review/events?offset=0&limit=200';
const QUEUE = { 'GET /api/review?offset=0&limit=50': { body: { items: [], total: 0 } } };

describe('Proposed groupings in Review', () => {
  it('shows both uploads, their authors and the reason', async () => {
    mockFetch({ ...QUEUE, [EVENTS]: groupings([proposal(1), proposal(2, 7)]) });
    renderWithClient(<ReviewQueue {...viewProps()} />);
    const list = await screen.findByRole('list', { name: 'Proposed groupings' });
    expect(screen.getByRole('heading', { name: 'Proposed groupings (2)' })).toBeInTheDocument();
    const first = within(list).getByRole('listitem', {
      name: 'Build battle 1 (Kes POV) and Build battle 1 (Luc POV)',
    });
    expect(within(first).getByRole('link', { name: 'Build battle 1 (Kes POV)' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=build000001',
    );
    expect(first).toHaveTextContent('Kestrel Vance, Lucan Ashby, 2026-08-20');
    expect(first).toHaveTextContent(REASON);
    expect(
      within(list).getByRole('listitem', { name: 'Build battle 2 (Kes POV) and Build battle 2 (Luc POV)' }),
    ).toHaveTextContent('(in event #7)');
  });

  it('accepts one: posts the decision and shows what is left', async () => {
    const api = mockFetch({
      ...QUEUE,
      [EVENTS]: groupings([proposal(1), proposal(2)]),
      'POST /api/review/events/1/accept': () => {
        api.routes[EVENTS] = groupings([proposal(2)]);
        return { status: 200, body: { id: 1, eventId: 5 } };
      },
    });
    const { user } = renderWithClient(<ReviewQueue {...viewProps()} />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Accept grouping of Build battle 1 (Kes POV) and Build battle 1 (Luc POV)',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Proposed groupings (1)' })).toBeInTheDocument();
    expect(api.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/review/events/1/accept',
    ]);
  });

  it('rejects one, and says when nothing is left', async () => {
    const api = mockFetch({
      ...QUEUE,
      [EVENTS]: groupings([proposal(3)]),
      'POST /api/review/events/3/reject': () => {
        api.routes[EVENTS] = groupings([]);
        return { status: 200, body: { id: 3, eventId: null } };
      },
    });
    const { user } = renderWithClient(<ReviewQueue {...viewProps()} />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Reject grouping of Build battle 3 (Kes POV) and Build battle 3 (Luc POV)',
      }),
    );
    expect(await screen.findByText('No groupings to review')).toBeInTheDocument();
    expect(api.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/review/events/3/reject',
    ]);
  });
});
