import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, deletedSummary, UNAUTHORIZED_EVENT, withReason } from '@friends/shared';
import { CREATORS, VIDEOS, creator } from '../../../test-utils/fixtures';
import { mockFetch, type Route, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { CREATORS_LEGEND } from './add-video-form';
import { ManageVideos } from './manage-videos';

const base = (extra: Record<string, Route> = {}) =>
  mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes(VIDEOS), ...extra });

beforeEach(resetBrowserState);

async function renderScreen(params = {}) {
  const rendered = renderWithClient(<ManageVideos {...viewProps(params)} />);
  await screen.findByRole('heading', { name: 'All Videos (2)' });
  return rendered;
}

const addForm = () => screen.getByRole('form', { name: 'Add New Video' });

describe('Manage Videos: add video', () => {
  it('keeps Add Video disabled until a non-blank title and a creator are chosen, then POSTs the video', async () => {
    const api = base({ 'POST /api/videos': { status: 201, body: { ...VIDEOS[0], id: 99 } } });
    const { user } = await renderScreen();
    expect(screen.getByRole('heading', { name: 'Manage Videos' })).toBeInTheDocument();
    const form = within(addForm());
    const button = form.getByRole('button', { name: 'Add Video' });
    expect(button).toBeDisabled();

    await user.type(form.getByLabelText('Title'), '   ');
    const picker = form.getByRole('group', { name: CREATORS_LEGEND });
    await user.click(within(picker).getByRole('checkbox', { name: 'Bram Koster' }));
    expect(button).toBeDisabled(); // blank title

    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Picnic Race');
    expect(button).toBeEnabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'Bram Koster' }));
    expect(button).toBeDisabled(); // no creator

    await user.click(within(picker).getByRole('checkbox', { name: 'Ada Lumen' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Cleo Hart' }));
    expect(form.getByText('Current collaborators:').parentElement).toHaveTextContent(
      'Current collaborators: Ada Lumen, Cleo Hart',
    );
    await user.type(form.getByLabelText('URL'), ' https://youtu.be/ddddddddddd ');
    await user.type(form.getByLabelText('Date (optional)'), '2024-06-02');
    await user.click(button);

    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/api/videos',
          credentials: 'same-origin',
          body: {
            title: 'Picnic Race',
            url: 'https://youtu.be/ddddddddddd',
            date: '2024-06-02',
            authorIds: [1, 3],
          },
        }),
      ]),
    );
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows the added video once its page is read again, never the whole list', async () => {
    const added = { ...VIDEOS[1]!, id: 99, title: 'Picnic Race' };
    const api = base({ 'POST /api/videos': { status: 201, body: added } });
    const { user } = await renderScreen();
    // The API lists newest first: the added video comes back as the first row.
    Object.assign(api.routes, videoRoutes([added, ...VIDEOS]));
    const form = within(addForm());
    await user.type(form.getByLabelText('Title'), 'Picnic Race');
    await user.click(form.getByRole('checkbox', { name: 'Cleo Hart' }));
    await user.click(form.getByRole('button', { name: 'Add Video' }));

    await screen.findByRole('heading', { name: 'All Videos (3)' });
    const list = within(screen.getByRole('list', { name: 'All videos' }));
    const rows = list.getAllByRole('article');
    expect(rows.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Picnic Race',
      'Rooftop Cooking Duel',
      'Solo Sketching',
    ]);
    // Marked, and the form says where it went.
    expect(within(rows[0]!).getByText('Just added')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Just added')).not.toBeInTheDocument();
    expect(form.getByRole('status')).toHaveTextContent(
      'Added "Picnic Race": it is the first row of All Videos',
    );
    // Creator counts change with a new video: the picker's page is read again; the video list is not.
    const pickerPage = '/api/creators/search?scope=names&limit=50';
    await waitFor(() => expect(api.calls.filter((call) => call.url === pickerPage)).toHaveLength(2));
    expect(api.calls.filter((call) => call.url === '/api/creators')).toEqual([]);
    // Only pages of videos are read, never the whole list.
    expect(api.calls.some((call) => call.url === '/api/videos' && call.method === 'GET')).toBe(false);
  });

  it('filters the creator checkboxes as the admin types', async () => {
    base();
    const { user } = await renderScreen();
    const picker = within(within(addForm()).getByRole('group', { name: CREATORS_LEGEND }));
    await user.type(picker.getByLabelText('Filter creators'), ' CLE');
    await waitFor(() =>
      expect(picker.queryByRole('checkbox', { name: 'Ada Lumen' })).not.toBeInTheDocument(),
    );
    expect(picker.getByRole('checkbox', { name: 'Cleo Hart' })).toBeInTheDocument();
  });

  it('asks the API for the matches as the admin types, never for the whole creator list', async () => {
    const many = Array.from({ length: 120 }, (_, i) => creator(100 + i, `Guest ${i}`));
    const api = base(creatorRoutes([...CREATORS, ...many]));
    const { user } = await renderScreen();
    const picker = within(within(addForm()).getByRole('group', { name: CREATORS_LEGEND }));
    expect(await picker.findByText('Showing 50 of 123. Type to narrow the list.')).toBeInTheDocument();
    await user.type(picker.getByLabelText('Filter creators'), 'guest 11');
    await waitFor(() => expect(picker.getAllByRole('checkbox')).toHaveLength(11));
    expect(api.calls.map((call) => call.url)).toContain(
      '/api/creators/search?q=guest+11&scope=names&limit=50',
    );
    expect(api.calls.filter((call) => call.url === '/api/creators')).toEqual([]);
    await user.click(picker.getByRole('checkbox', { name: 'Guest 110' }));
    expect(
      within(picker.getByRole('list', { name: 'Selected creators' })).getByText('Guest 110'),
    ).toBeInTheDocument();
  });

  it.each([
    [409, { error: 'A video with this URL already exists' }, 'A video with this URL already exists'],
    [400, {}, MESSAGES.errorAddingVideo],
    [500, { error: 'boom' }, MESSAGES.errorAddingVideo],
  ])('alerts the server error or the spec message on %i', async (status, body, expected) => {
    base({ 'POST /api/videos': { status, body } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    const form = within(addForm());
    await user.type(form.getByLabelText('Title'), 'Again');
    await user.click(form.getByRole('checkbox', { name: 'Ada Lumen' }));
    await user.click(form.getByRole('button', { name: 'Add Video' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(expected));
    expect(dialogs.consoleError).toHaveBeenCalled();
    expect(form.getByLabelText('Title')).toHaveValue('Again'); // the draft is kept
  });

  it('prefills the URL from a reviewed suggestion', async () => {
    base();
    await renderScreen({ prefillUrl: 'https://www.youtube.com/watch?v=eeeeeeeeeee' });
    expect(within(addForm()).getByLabelText('URL')).toHaveValue(
      'https://www.youtube.com/watch?v=eeeeeeeeeee',
    );
  });

  it('keeps the draft in sessionStorage and signals the host on 401', async () => {
    base({ 'POST /api/videos': { status: 401, body: { error: 'Unauthorized' } } });
    const dialogs = mockDialogs();
    const onUnauthorized = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    const { user, unmount } = await renderScreen();
    const form = within(addForm());
    await user.type(form.getByLabelText('Title'), 'Draft title');
    await user.click(form.getByRole('checkbox', { name: 'Ada Lumen' }));
    await user.click(form.getByRole('button', { name: 'Add Video' }));
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(dialogs.alert).not.toHaveBeenCalled();
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);

    unmount(); // the host swaps in the login screen
    await renderScreen();
    expect(within(addForm()).getByLabelText('Title')).toHaveValue('Draft title');
    expect(within(addForm()).getByRole('checkbox', { name: 'Ada Lumen' })).toBeChecked();
  });

  it('adds a missing creator through the quick-add box and selects it', async () => {
    const dana = { id: 7, name: 'Dana Quill', channel: '', photo: '', socialLinks: [] };
    let creators = CREATORS;
    const api = base({
      ...creatorRoutes(() => creators),
      'POST /api/creators': () => {
        creators = [...CREATORS, { ...dana, videoCount: 0, collabCount: 0, aliases: [], otherNames: [] }];
        return { status: 201, body: dana };
      },
    });
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Add new creator' }));
    const quick = within(screen.getByRole('form', { name: 'Quick add creator' }));
    await user.click(quick.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Quick add creator' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add new creator' }));
    const box = within(screen.getByRole('form', { name: 'Quick add creator' }));
    await user.type(box.getByLabelText('Name'), 'Dana Quill');
    await user.click(box.getByRole('button', { name: 'Add Creator' }));
    await waitFor(() =>
      expect(api.writes()[0]).toMatchObject({
        method: 'POST',
        url: '/api/creators',
        body: { name: 'Dana Quill' },
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Selected creators' })).getByText('Dana Quill'),
      ).toBeInTheDocument(),
    );
  });
});

describe('Manage Videos: inline edit', () => {
  it('saves the edited video with PUT', async () => {
    const api = base({ 'PUT /api/videos': { body: VIDEOS[0] } });
    const { user } = await renderScreen();
    const list = within(screen.getByRole('list', { name: 'All videos' }));
    const row = within(list.getByRole('article', { name: 'Rooftop Cooking Duel' }));
    await user.click(row.getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit video Rooftop Cooking Duel' }));
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Rooftop Cooking Rematch');
    await user.click(form.getByRole('button', { name: 'Remove Bram Koster' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'PUT',
          url: '/api/videos',
          body: {
            id: 10,
            title: 'Rooftop Cooking Rematch',
            url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
            date: '2024-03-01',
            authorIds: [1],
          },
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit video/ })).not.toBeInTheDocument());
  });

  it('shows the saved video once its page is read again, never the whole list', async () => {
    const saved = { ...VIDEOS[0]!, title: 'Rooftop Cooking Rematch' };
    const api = base({ 'PUT /api/videos': { body: saved } });
    const { user } = await renderScreen();
    Object.assign(api.routes, videoRoutes([saved, VIDEOS[1]!]));
    await user.click(
      within(screen.getByRole('article', { name: 'Rooftop Cooking Duel' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = within(screen.getByRole('form', { name: 'Edit video Rooftop Cooking Duel' }));
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Rooftop Cooking Rematch');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Rooftop Cooking Rematch' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Rooftop Cooking Duel' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Videos (2)' })).toBeInTheDocument();
    // Only pages are read, never the whole list.
    expect(api.calls.some((call) => call.url === '/api/videos' && call.method === 'GET')).toBe(false);
  });

  it('does nothing on Save without a title or without an author, and Cancel leaves edit mode', async () => {
    const api = base();
    const { user } = await renderScreen();
    await user.click(
      within(screen.getByRole('article', { name: 'Solo Sketching' })).getByRole('button', { name: 'Edit' }),
    );
    const form = within(screen.getByRole('form', { name: 'Edit video Solo Sketching' }));
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), '  ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Named');
    await user.click(form.getByRole('button', { name: 'Remove Cleo Hart' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('form', { name: 'Edit video Solo Sketching' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /Edit video/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Solo Sketching' })).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('alerts Error updating video when PUT fails', async () => {
    base({ 'PUT /api/videos': { status: 400, body: { error: 'title too long' } } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(
      within(screen.getByRole('article', { name: 'Solo Sketching' })).getByRole('button', { name: 'Edit' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialogs.alert).toHaveBeenCalledWith(withReason(MESSAGES.errorUpdatingVideo, 'title too long')),
    );
  });
});

describe('Manage Videos: the list', () => {
  it('filters by title or creator name, ignoring case', async () => {
    base();
    const { user } = await renderScreen();
    const filter = screen.getByLabelText('Filter videos');
    const titles = () =>
      within(screen.getByRole('list', { name: 'All videos' }))
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label'));

    await user.type(filter, 'SKETCH');
    await waitFor(() => expect(titles()).toEqual(['Solo Sketching']));
    await user.clear(filter);
    await user.type(filter, 'bram');
    await waitFor(() => expect(titles()).toEqual(['Rooftop Cooking Duel']));
    await user.clear(filter);
    await user.type(filter, 'nobody');
    expect(await screen.findByText('No videos found')).toBeInTheDocument();
    await user.clear(filter);
    await waitFor(() => expect(titles()).toEqual(['Rooftop Cooking Duel', 'Solo Sketching']));
  });
});

describe('Manage Videos: delete', () => {
  it('does not delete when the confirm is cancelled, deletes by ?id= when accepted', async () => {
    const api = base({ 'DELETE /api/videos?id=11': { status: 200, body: { ok: true } } });
    const dialogs = mockDialogs();
    dialogs.confirm.mockReturnValueOnce(false);
    const { user } = await renderScreen();
    const row = within(screen.getByRole('article', { name: 'Solo Sketching' }));
    await user.click(row.getByRole('button', { name: 'Delete' }));
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
    expect(api.writes()).toEqual([]);

    Object.assign(api.routes, videoRoutes([VIDEOS[0]!]));
    await user.click(row.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/videos?id=11' })]),
    );
    await screen.findByRole('heading', { name: 'All Videos (1)' });
    expect(screen.queryByRole('article', { name: 'Solo Sketching' })).not.toBeInTheDocument();
    // Only pages are read, never the whole list.
    expect(api.calls.some((call) => call.url === '/api/videos' && call.method === 'GET')).toBe(false);
  });

  it('alerts Error deleting video on failure', async () => {
    base({ 'DELETE /api/videos?id=11': { status: 404, body: { error: 'Video not found' } } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(
      within(screen.getByRole('article', { name: 'Solo Sketching' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.errorDeletingVideo));
    expect(dialogs.consoleError).toHaveBeenCalled();
  });
});

describe('Manage Videos: bulk delete', () => {
  const bulk = () => within(screen.getByRole('region', { name: 'Bulk Delete Videos' }));

  it('alerts on an empty selection', async () => {
    const api = base();
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(bulk().getByRole('button', { name: /Delete Selected/ }));
    expect(dialogs.alert).toHaveBeenCalledWith('Please select at least one video to delete');
    expect(dialogs.confirm).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([]);
  });

  it('confirms, deletes the selection as one change and reports a failure, fetching the list again', async () => {
    const api = base({
      'POST /api/videos/bulk-delete': { status: 404, body: { error: 'Video(s) not found: 11' } },
    });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(bulk().getByRole('checkbox', { name: 'Select All' }));
    expect(bulk().getByRole('checkbox', { name: 'Rooftop Cooking Duel' })).toBeChecked();
    expect(bulk().getByRole('checkbox', { name: 'Solo Sketching' })).toBeChecked();

    dialogs.confirm.mockReturnValueOnce(false);
    await user.click(bulk().getByRole('button', { name: 'Delete Selected (2)' }));
    expect(api.writes()).toEqual([]);

    Object.assign(api.routes, videoRoutes([VIDEOS[1]!]));
    await user.click(bulk().getByRole('button', { name: 'Delete Selected (2)' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(deletedSummary('video', 0, 2)));
    expect(api.writes().map((call) => [`${call.method} ${call.url}`, call.body])).toEqual([
      ['POST /api/videos/bulk-delete', { ids: [10, 11] }],
    ]);
    // A failure may mean the list was out of date: it is fetched again.
    await screen.findByRole('heading', { name: 'All Videos (1)' });
    expect(bulk().getByRole('checkbox', { name: 'Solo Sketching' })).toBeChecked();
    // Only pages are read, never the whole list.
    expect(api.calls.some((call) => call.url === '/api/videos' && call.method === 'GET')).toBe(false);
  });

  it('selects every video with Select All, the pages not loaded yet included', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...VIDEOS[1]!,
      id: 100 + i,
      title: `Paged ${i + 1}`,
    }));
    const api = base({
      ...videoRoutes(many),
      'POST /api/videos/bulk-delete': { status: 200, body: { deleted: 60, message: 'Deleted 60 videos' } },
    });
    const dialogs = mockDialogs();
    const { user } = renderWithClient(<ManageVideos {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Videos (60)' });
    await user.click(bulk().getByRole('checkbox', { name: 'Select All' }));
    expect(await bulk().findByText('60 selected')).toBeInTheDocument();
    expect(bulk().getByRole('checkbox', { name: 'Select All' })).toBeChecked();
    await user.click(bulk().getByRole('button', { name: 'Delete Selected (60)' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(deletedSummary('video', 60, 0)));
    expect(api.writes().map((call) => call.body)).toEqual([{ ids: many.map((video) => video.id) }]);
  });

  it('takes the deleted videos out once the page is read again, never the whole list', async () => {
    const api = base({
      'POST /api/videos/bulk-delete': { status: 200, body: { deleted: 1, message: 'Deleted 1 video' } },
    });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    Object.assign(api.routes, videoRoutes([VIDEOS[1]!]));
    await user.click(bulk().getByRole('checkbox', { name: 'Rooftop Cooking Duel' }));
    await user.click(bulk().getByRole('button', { name: 'Delete Selected (1)' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(deletedSummary('video', 1, 0)));
    await screen.findByRole('heading', { name: 'All Videos (1)' });
    expect(bulk().queryByRole('checkbox', { name: 'Rooftop Cooking Duel' })).not.toBeInTheDocument();
    // Only pages are read, never the whole list.
    expect(api.calls.some((call) => call.url === '/api/videos' && call.method === 'GET')).toBe(false);
  });
});
