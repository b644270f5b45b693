import { screen, within } from '@testing-library/react';
import { API_ROUTES, type CollabEvent } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { EventView } from './event-view';

const EVENT: CollabEvent = {
  id: 12,
  title: 'Cook-off (Ada POV)',
  date: '2026-03-14',
  evidence: '',
  videos: [
    {
      id: 1,
      title: 'Cook-off (Ada POV)',
      url: 'https://youtu.be/aaaaaaaaaaa',
      date: '2026-03-14',
      authorIds: [1, 2],
    },
    {
      id: 2,
      title: 'Cook-off (Bram POV)',
      url: 'https://youtu.be/bbbbbbbbbbb',
      date: '2026-03-15',
      authorIds: [2, 1, 3],
    },
  ],
  authorIds: [1, 2, 3],
  authors: [
    { id: 1, name: 'Ada Lumen' },
    { id: 2, name: 'Bram Koster' },
    { id: 3, name: 'Cleo Marsh' },
  ],
};

describe('EventView', () => {
  it('shows the event, its creators and every upload with its authors, date and Watch link', async () => {
    mockFetch({ [`GET ${API_ROUTES.event(12)}`]: { body: EVENT } });
    const props = viewProps({ params: { eventId: 12 } });
    const { user } = renderWithClient(<EventView {...props} />);
    expect(await screen.findByRole('heading', { name: 'Cook-off (Ada POV)', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/2 uploads by 3 creators/)).toHaveTextContent(
      '2 uploads by 3 creators · Mar 14, 2026',
    );
    const uploads = within(screen.getByRole('region', { name: 'Uploads (2)' }));
    expect(uploads.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Cook-off (Ada POV)',
      'Cook-off (Bram POV)',
    ]);
    expect(uploads.getByText('By Bram Koster, Ada Lumen, Cleo Marsh')).toBeInTheDocument();
    expect(uploads.getByRole('link', { name: 'Watch Cook-off (Bram POV)' })).toHaveAttribute(
      'href',
      'https://youtu.be/bbbbbbbbbbb',
    );
    // Grouped by hand: no evidence stored, and the page says so.
    expect(screen.getByRole('heading', { name: 'Why these uploads are one event' })).toBeInTheDocument();
    expect(screen.getByText('Grouped by an admin.')).toBeInTheDocument();
    const creators = within(screen.getByRole('list', { name: 'Creators in this event' }));
    await user.click(creators.getByRole('button', { name: 'Cleo Marsh' }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 3 });
  });

  it('shows the evidence that grouped the uploads, one reason a line', async () => {
    mockFetch({
      [`GET ${API_ROUTES.event(12)}`]: {
        body: {
          ...EVENT,
          evidence:
            "“Cook-off (Ada POV)” links “Cook-off (Bram POV)”; Accepted from review: Published within 48 hours (20 h apart), each credits the other's uploader",
        },
      },
    });
    renderWithClient(<EventView {...viewProps({ params: { eventId: 12 } })} />);
    expect(await screen.findByText('“Cook-off (Ada POV)” links “Cook-off (Bram POV)”')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Accepted from review: Published within 48 hours (20 h apart), each credits the other's uploader",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Grouped by an admin.')).not.toBeInTheDocument();
  });

  it('says so when the event is gone', async () => {
    mockFetch({ [`GET ${API_ROUTES.event(99)}`]: { status: 404, body: { error: 'Event not found' } } });
    renderWithClient(<EventView {...viewProps({ params: { eventId: 99 } })} />);
    expect(await screen.findByText('This collab event could not be found.')).toBeInTheDocument();
  });
});
