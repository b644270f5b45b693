import { screen, waitFor, within } from '@testing-library/react';
import { API_ROUTES, MESSAGES, type CollabEvent } from '@friends/shared';
import { CREATORS, VIDEOS } from '../../../test-utils/fixtures';
import { mockFetch, type Route, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ManageVideos } from './manage-videos';

const base = (videos = VIDEOS, extra: Record<string, Route> = {}) =>
  mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes(videos), ...extra });

beforeEach(resetBrowserState);

async function renderScreen() {
  const props = viewProps();
  const rendered = renderWithClient(<ManageVideos {...props} />);
  await screen.findByRole('heading', { name: /^All Videos \(\d+\)$/ });
  return { ...rendered, props };
}

const allVideos = () => within(screen.getByRole('region', { name: /^All Videos/ }));
const row = (title: string) => within(allVideos().getByRole('article', { name: title }));

const EVENT: CollabEvent = {
  id: 7,
  title: 'Rooftop Cooking Duel',
  evidence: '',
  date: '2024-03-01',
  videos: VIDEOS.map(({ id, title, url, date, authorIds }) => ({ id, title, url, date, authorIds })),
  authorIds: [1, 2, 3],
  authors: [
    { id: 1, name: 'Ada Lumen' },
    { id: 2, name: 'Bram Koster' },
    { id: 3, name: 'Cleo Hart' },
  ],
};

describe('Manage Videos: collab events', () => {
  it('groups the ticked videos as one event with POST /api/events, and says so', async () => {
    const api = base(VIDEOS, { 'POST /api/events': { status: 201, body: EVENT } });
    const { user } = await renderScreen();
    const group = allVideos().getByRole('button', { name: /^Group as one event/ });
    expect(group).toBeDisabled();
    await user.click(row('Solo Sketching').getByRole('checkbox', { name: 'Select Solo Sketching to group' }));
    expect(group).toBeDisabled(); // one video is no event
    await user.click(
      row('Rooftop Cooking Duel').getByRole('checkbox', { name: 'Select Rooftop Cooking Duel to group' }),
    );
    expect(group).toHaveAccessibleName('Group as one event (2 selected)');
    // The list shows the event once its page is read again.
    Object.assign(api.routes, videoRoutes(VIDEOS.map((video) => ({ ...video, eventId: 7 }))));
    await user.click(group);
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'POST', url: API_ROUTES.events, body: { videoIds: [11, 10] } }),
      ]),
    );
    expect(
      await screen.findByText('Grouped 2 videos as one event: Rooftop Cooking Duel'),
    ).toBeInTheDocument();
    expect(await row('Solo Sketching').findByRole('link', { name: 'Collab event #7' })).toHaveAttribute(
      'href',
      '?event=7',
    );
    expect(row('Solo Sketching').getByRole('checkbox')).not.toBeChecked();
  });

  it("shows the server's reason when a video is already in another event", async () => {
    base(VIDEOS, {
      'POST /api/events': { status: 400, body: { error: 'Already in another event: video 10 (event 3)' } },
    });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    for (const title of ['Rooftop Cooking Duel', 'Solo Sketching'])
      await user.click(row(title).getByRole('checkbox', { name: `Select ${title} to group` }));
    await user.click(allVideos().getByRole('button', { name: /^Group as one event/ }));
    await waitFor(() =>
      expect(dialogs.alert).toHaveBeenCalledWith('Already in another event: video 10 (event 3)'),
    );
    expect(MESSAGES.errorGrouping).toBeTruthy();
  });

  it('opens the event and ungroups it after a confirm with DELETE /api/events/:id', async () => {
    const grouped = VIDEOS.map((video) => ({ ...video, eventId: 7 }));
    const api = base(grouped, {
      [`DELETE ${API_ROUTES.event(7)}`]: {
        status: 200,
        body: { message: 'Ungrouped the event "Rooftop Cooking Duel" (2 videos)' },
      },
    });
    const dialogs = mockDialogs();
    dialogs.confirm.mockReturnValueOnce(false);
    const { user, props } = await renderScreen();
    await user.click(row('Solo Sketching').getByRole('link', { name: 'Collab event #7' }));
    expect(props.navigate).toHaveBeenCalledWith('event', { eventId: 7 });

    const ungroup = row('Solo Sketching').getByRole('button', {
      name: 'Ungroup the event of Solo Sketching',
    });
    await user.click(ungroup);
    expect(api.writes()).toEqual([]);
    Object.assign(api.routes, videoRoutes(VIDEOS));
    await user.click(ungroup);
    await waitFor(() =>
      expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: API_ROUTES.event(7) })]),
    );
    expect(
      await screen.findByText('Ungrouped the event "Rooftop Cooking Duel" (2 videos)'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(allVideos().queryByRole('link', { name: /Collab event/ })).not.toBeInTheDocument(),
    );
  });
});
