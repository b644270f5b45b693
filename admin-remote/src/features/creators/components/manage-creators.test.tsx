import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, QUERY_KEYS, creatorExistsMessage, deletedSummary } from '@friends/shared';
import { CREATORS, VIDEOS, creator } from '../../../test-utils/fixtures';
import { mockFetch, type Route, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ManageCreators } from './manage-creators';

beforeEach(resetBrowserState);

const base = (extra: Record<string, Route> = {}) =>
  mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes(VIDEOS), ...extra });

async function renderScreen() {
  const props = viewProps();
  const rendered = renderWithClient(<ManageCreators {...props} />);
  await screen.findByRole('heading', { name: `All Creators (${CREATORS.length})` });
  return { ...rendered, props };
}

const addForm = () => within(screen.getByRole('form', { name: 'Add New Creator' }));
const row = (name: string) =>
  within(within(screen.getByRole('list', { name: 'All creators' })).getByRole('article', { name }));
const bulk = () => within(screen.getByRole('region', { name: 'Bulk Actions & Cleanup' }));

describe('Manage Creators: add creator', () => {
  it('is disabled while the name is blank and alerts if a blank name is submitted anyway', async () => {
    const api = base();
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    expect(screen.getByRole('heading', { name: 'Manage Creators' })).toBeInTheDocument();
    const button = addForm().getByRole('button', { name: 'Add Creator' });
    expect(button).toBeDisabled();
    await user.type(addForm().getByLabelText('Name'), '   ');
    expect(button).toBeDisabled();
    expect(addForm().getByLabelText('Name')).toHaveAttribute('maxLength', '100');
    fireEvent.submit(screen.getByRole('form', { name: 'Add New Creator' }));
    expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.provideCreatorName);
    expect(api.writes()).toEqual([]);
  });

  it('shows the detected platform read-only and offers remove only with more than one link row', async () => {
    base();
    const { user } = await renderScreen();
    const form = addForm();
    expect(form.queryByRole('button', { name: /Remove link/ })).not.toBeInTheDocument();
    // Nothing detected yet: the status is empty (no stray placeholder after the URL field).
    expect(form.getByRole('status', { name: 'Detected platform for link 1' })).toBeEmptyDOMElement();
    await user.type(form.getByLabelText('Link URL'), 'instagram.com/dana');
    expect(form.getByRole('status', { name: 'Detected platform for link 1' })).toHaveTextContent('Instagram');
    await user.click(form.getByRole('button', { name: '+ Add link' }));
    expect(form.getAllByRole('button', { name: /Remove link/ })).toHaveLength(2);
    await user.type(form.getByLabelText('Link 2 URL'), 'https://www.twitch.tv/dana');
    expect(form.getByRole('status', { name: 'Detected platform for link 2' })).toHaveTextContent('Twitch');
    await user.click(form.getByRole('button', { name: 'Remove link 1' }));
    expect(form.queryByRole('button', { name: /Remove link/ })).not.toBeInTheDocument();
    expect(form.getByLabelText('Link URL')).toHaveValue('https://www.twitch.tv/dana');
  });

  it('POSTs the trimmed name, drops blank links, detects platforms and sets channel to the first link', async () => {
    const api = base({ 'POST /api/creators': { status: 201, body: creator(9, 'Dana Quill') } });
    const { user } = await renderScreen();
    const form = addForm();
    await user.type(form.getByLabelText('Name'), '  Dana Quill ');
    await user.click(form.getByRole('button', { name: '+ Add link' }));
    await user.click(form.getByRole('button', { name: '+ Add link' }));
    await user.type(form.getByLabelText('Link 2 URL'), 'https://youtube.com/@danaquill');
    await user.type(form.getByLabelText('Link 3 URL'), 'https://tiktok.com/@dana');
    await user.click(form.getByRole('button', { name: 'Add Creator' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/api/creators',
          body: {
            name: 'Dana Quill',
            otherNames: [],
            channel: 'https://youtube.com/@danaquill',
            socialLinks: [
              { platform: 'YouTube', url: 'https://youtube.com/@danaquill' },
              { platform: 'TikTok', url: 'https://tiktok.com/@dana' },
            ],
          },
        }),
      ]),
    );
    await waitFor(() => expect(addForm().getByLabelText('Name')).toHaveValue(''));
  });

  it('warns while the channel URL is typed when another creator has it, and names that creator after the save', async () => {
    const saved = {
      ...creator(9, 'Ada Again'),
      warnings: [{ field: 'channel', message: 'Also the channel of "Ada Lumen"', creatorId: 1 }],
    };
    const api = base({ 'POST /api/creators': { status: 201, body: saved } });
    const { user } = await renderScreen();
    const form = addForm();
    await user.type(form.getByLabelText('Name'), 'Ada Again');
    await user.type(form.getByLabelText('Link URL'), 'youtube.com/@ADALUMEN');
    expect(await form.findByText('Also the channel of "Ada Lumen". You can still save.')).toBeInTheDocument();
    const lookups = api.calls.filter((call) => call.url.startsWith('/api/creators/channel-owner'));
    // Asked once the typing paused, not at every keystroke.
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.url).toBe('/api/creators/channel-owner?url=youtube.com%2F%40ADALUMEN');

    await user.click(form.getByRole('button', { name: 'Add Creator' }));
    expect(await form.findByText('Added "Ada Again". Also the channel of "Ada Lumen"')).toBeInTheDocument();
    expect(form.queryByText(/You can still save/)).not.toBeInTheDocument();
  });

  it('says nothing for a channel nobody else has', async () => {
    const api = base();
    const { user } = await renderScreen();
    const form = addForm();
    await user.type(form.getByLabelText('Link URL'), 'https://www.youtube.com/@someone-new');
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.startsWith('/api/creators/channel-owner'))).toBe(true),
    );
    expect(form.queryByText(/Also the channel of/)).not.toBeInTheDocument();
  });

  it("rejects a case-insensitive duplicate (the API's 409) with the alert and resets the whole form", async () => {
    const api = base({
      'POST /api/creators': {
        status: 409,
        body: { error: 'Creator "ada LUMEN" already exists in the database!' },
      },
    });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Name'), '  ada   LUMEN');
    await user.type(addForm().getByLabelText('Photo URL'), 'https://example.org/a.png');
    await user.click(addForm().getByRole('button', { name: 'Add Creator' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(creatorExistsMessage('ada   LUMEN')));
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/creators' })]);
    expect(addForm().getByLabelText('Name')).toHaveValue('');
    expect(addForm().getByLabelText('Photo URL')).toHaveValue('');
  });

  it("treats the API's 409 as a duplicate too", async () => {
    base({
      'POST /api/creators': { status: 409, body: { error: 'Creator "Zed" already exists in the database!' } },
    });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Name'), 'Zed');
    await user.click(addForm().getByRole('button', { name: 'Add Creator' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(creatorExistsMessage('Zed')));
    expect(addForm().getByLabelText('Name')).toHaveValue('');
  });

  it('alerts Error adding creator on other failures and keeps the form', async () => {
    base({ 'POST /api/creators': { status: 500, body: { error: 'db down' } } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Name'), 'Zed');
    await user.click(addForm().getByRole('button', { name: 'Add Creator' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.errorAddingCreator));
    expect(dialogs.consoleError).toHaveBeenCalled();
    expect(addForm().getByLabelText('Name')).toHaveValue('Zed');
  });

  it('opens and closes the quick-add box', async () => {
    base();
    const { user } = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Add new creator' }));
    expect(screen.getByRole('form', { name: 'Quick add creator' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('form', { name: 'Quick add creator' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('form', { name: 'Quick add creator' })).not.toBeInTheDocument();
  });
});

describe('Manage Creators: list, view, edit, delete', () => {
  it('shows photo, name, social chips with safe links and the video count; View opens the creator page', async () => {
    base();
    const { user, props } = await renderScreen();
    const ada = row('Ada Lumen');
    expect(ada.getByRole('link', { name: 'YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@adalumen',
    );
    expect(ada.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/adalumen',
    );
    expect(ada.getByText('3 videos')).toBeInTheDocument();
    expect(row('Cleo Hart').getByText('1 video')).toBeInTheDocument();
    await user.click(ada.getByRole('button', { name: 'View' }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 1 });
  });

  it('saves an inline edit with PUT, and saves nothing with a blank name', async () => {
    const api = base({ 'PUT /api/creators': { body: CREATORS[0] } });
    const { user } = await renderScreen();
    await user.click(row('Ada Lumen').getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit creator Ada Lumen' }));
    expect(form.getByRole('status', { name: 'Detected platform for link 1' })).toHaveTextContent('YouTube');
    await user.clear(form.getByLabelText('Name'));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(api.writes()).toEqual([]);

    await user.type(form.getByLabelText('Name'), 'Ada Lumen-Ray');
    await user.click(form.getByRole('button', { name: 'Remove link 1' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({
          method: 'PUT',
          url: '/api/creators',
          body: {
            id: 1,
            name: 'Ada Lumen-Ray',
            otherNames: [],
            photo: CREATORS[0]?.photo,
            channel: 'https://instagram.com/adalumen',
            socialLinks: [{ platform: 'Instagram', url: 'https://instagram.com/adalumen' }],
          },
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit creator/ })).not.toBeInTheDocument());
  });

  it('warns in the edit form when the new channel is another creator’s, and alerts it after the save', async () => {
    const dialogs = mockDialogs();
    const saved = {
      ...CREATORS[1]!,
      warnings: [{ field: 'channel', message: 'Also the channel of "Ada Lumen"', creatorId: 1 }],
    };
    base({ 'PUT /api/creators': { body: saved } });
    const { user } = await renderScreen();
    // Its own channel is no warning.
    await user.click(row('Ada Lumen').getByRole('button', { name: 'Edit' }));
    const own = within(screen.getByRole('form', { name: 'Edit creator Ada Lumen' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(own.queryByText(/Also the channel of/)).not.toBeInTheDocument();
    await user.click(own.getByRole('button', { name: 'Cancel' }));

    await user.click(row('Bram Koster').getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit creator Bram Koster' }));
    await user.clear(form.getByLabelText('Link URL'));
    await user.type(form.getByLabelText('Link URL'), 'https://m.youtube.com/@AdaLumen/');
    expect(await form.findByText('Also the channel of "Ada Lumen". You can still save.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialogs.alert).toHaveBeenCalledWith('Saved "Bram Koster". Also the channel of "Ada Lumen"'),
    );
  });

  it('Cancel leaves edit mode; a refused PUT alerts Error updating creator with the reason', async () => {
    base({ 'PUT /api/creators': { status: 409, body: { error: creatorExistsMessage('Ada Lumen') } } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(row('Bram Koster').getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /Edit creator/ })).not.toBeInTheDocument();
    await user.click(row('Bram Koster').getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialogs.alert).toHaveBeenCalledWith(
        'Error updating creator: Creator "Ada Lumen" already exists in the database!',
      ),
    );
  });

  it('deletes after confirm by ?id= and drops the creator from every cached video at once', async () => {
    let creators = CREATORS;
    const api = base({ ...creatorRoutes(() => creators), 'DELETE /api/creators?id=2': { status: 204 } });
    const dialogs = mockDialogs();
    const { user, queryClient } = await renderScreen();
    // A page of videos another screen loaded (not shown here, so invalidation marks it stale).
    queryClient.setQueryData(QUERY_KEYS.videoSearch(''), {
      pages: [{ total: 2, items: VIDEOS }],
      pageParams: [0],
    });

    dialogs.confirm.mockReturnValueOnce(false);
    await user.click(row('Bram Koster').getByRole('button', { name: 'Delete' }));
    expect(api.writes()).toEqual([]);

    creators = CREATORS.filter((item) => item.id !== 2);
    await user.click(row('Bram Koster').getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'DELETE', url: '/api/creators?id=2' }),
      ]),
    );
    await screen.findByRole('heading', { name: 'All Creators (2)' });
    expect(queryClient.getQueryState(QUERY_KEYS.videoSearch(''))?.isInvalidated).toBe(true);
  });

  it('alerts Error deleting creator when the delete fails', async () => {
    base({ 'DELETE /api/creators?id=3': { status: 500, body: {} } });
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(row('Cleo Hart').getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.errorDeletingCreator));
  });
});

describe('Manage Creators: bulk delete', () => {
  it('alerts on an empty selection', async () => {
    const api = base();
    const dialogs = mockDialogs();
    const { user } = await renderScreen();
    await user.click(bulk().getByRole('button', { name: /Delete Selected/ }));
    expect(dialogs.alert).toHaveBeenCalledWith('Please select at least one creator to delete');
    expect(api.writes()).toEqual([]);
  });

  it.each([
    [200, { deleted: 2, message: 'Deleted 2 creators' }, deletedSummary('creator', 2, 0)],
    [404, { error: 'Creator(s) not found: 3' }, deletedSummary('creator', 0, 2)],
  ])(
    'confirms, deletes the checked creators as one change and reports the summary (HTTP %i)',
    async (status, body, summary) => {
      const api = base({ 'POST /api/creators/bulk-delete': { status, body } });
      const dialogs = mockDialogs();
      const { user } = await renderScreen();
      await user.click(row('Ada Lumen').getByRole('checkbox', { name: 'Select Ada Lumen' }));
      await user.click(row('Cleo Hart').getByRole('checkbox', { name: 'Select Cleo Hart' }));
      await user.click(bulk().getByRole('button', { name: 'Delete Selected (2)' }));
      await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(summary));
      expect(dialogs.confirm).toHaveBeenCalledTimes(1);
      expect(api.writes().map((call) => [`${call.method} ${call.url}`, call.body])).toEqual([
        ['POST /api/creators/bulk-delete', { ids: [1, 3] }],
      ]);
    },
  );
});

describe('Manage Creators: merge', () => {
  async function checkAndMerge(names: string[]) {
    const rendered = await renderScreen();
    for (const name of names)
      await rendered.user.click(row(name).getByRole('checkbox', { name: `Select ${name}` }));
    await rendered.user.click(bulk().getByRole('button', { name: `Merge Selected (${names.length})` }));
    return rendered;
  }

  it('needs at least two creators', async () => {
    const api = base();
    const dialogs = mockDialogs();
    await checkAndMerge(['Ada Lumen']);
    expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.needTwoToMerge);
    expect(dialogs.prompt).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([]);
  });

  it.each(['0', '3', 'abc', '1.5', '', '2x'])(
    'alerts Invalid selection for the answer %p',
    async (answer) => {
      const api = base();
      const dialogs = mockDialogs();
      dialogs.prompt.mockReturnValue(answer);
      await checkAndMerge(['Cleo Hart', 'Ada Lumen']);
      expect(dialogs.alert).toHaveBeenCalledWith(MESSAGES.invalidSelection);
      expect(dialogs.confirm).not.toHaveBeenCalled();
      expect(api.writes()).toEqual([]);
    },
  );

  it('lists the checked creators by number in the prompt and stops when the confirm is declined', async () => {
    const api = base();
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue('2');
    dialogs.confirm.mockReturnValue(false);
    await checkAndMerge(['Cleo Hart', 'Ada Lumen']);
    expect(dialogs.prompt.mock.calls[0]?.[0]).toContain('1. Cleo Hart\n2. Ada Lumen');
    expect(dialogs.confirm).toHaveBeenCalledTimes(1);
    expect(api.writes()).toEqual([]);
  });

  it('PATCHes the primary and the others, alerts the server message and re-fetches creators and videos', async () => {
    const api = base({ 'PATCH /api/creators': { body: { message: 'Merged 2 creators into Ada Lumen' } } });
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue(' 2 ');
    await checkAndMerge(['Cleo Hart', 'Ada Lumen', 'Bram Koster']);
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith('Merged 2 creators into Ada Lumen'));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/creators',
        body: { primaryId: 1, mergeIds: [3, 2] },
      }),
    ]);
    await waitFor(() => {
      const reads = api.calls.filter((call) => call.url === '/api/creators/search?scope=names&limit=24');
      expect(reads.length).toBeGreaterThanOrEqual(2);
    });
  });

  it.each([
    [{ error: 'Cannot merge a creator into itself' }, 'Error: Cannot merge a creator into itself'],
    [{}, `Error: ${MESSAGES.failedToMerge}`],
  ])('alerts the error on failure (%p)', async (body, expected) => {
    base({ 'PATCH /api/creators': { status: 400, body } });
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue('1');
    await checkAndMerge(['Cleo Hart', 'Ada Lumen']);
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(expected));
    expect(dialogs.consoleError).toHaveBeenCalled();
  });
});

describe('Manage Creators: find duplicates', () => {
  it('groups names equal after lowercasing, trimming and collapsing spaces, and merges a group', async () => {
    const list = [
      ...CREATORS,
      creator(4, '  ada  lumen ', { videoCount: 1 }),
      creator(5, 'CLEO HART'),
      creator(6, 'Unrelated'),
    ];
    const api = mockFetch({
      ...creatorRoutes(list),
      ...videoRoutes(VIDEOS),
      'PATCH /api/creators': { body: { message: 'Merged' } },
    });
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue('1');
    const { user } = renderWithClient(<ManageCreators {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (6)' });
    await user.click(bulk().getByRole('button', { name: 'Find Duplicates' }));
    const groups = within(bulk().getByRole('list', { name: 'Duplicate groups' }));
    const items = groups.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ada Lumen');
    expect(items[0]).toHaveTextContent('ada lumen');
    expect(items[1]).toHaveTextContent('Cleo Hart');
    expect(items[1]).toHaveTextContent('CLEO HART');
    expect(groups.queryByText('Unrelated')).not.toBeInTheDocument();

    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: /Merge group/ }));
    expect(dialogs.prompt.mock.calls[0]?.[0]).toContain('1. Cleo Hart\n2. CLEO HART');
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'PATCH', body: { primaryId: 3, mergeIds: [5] } }),
      ]),
    );
  });

  it('says when there are no duplicates', async () => {
    base();
    const { user } = await renderScreen();
    await user.click(bulk().getByRole('button', { name: 'Find Duplicates' }));
    expect(bulk().getByText('No duplicates found')).toBeInTheDocument();
  });
});

describe('Manage Creators: a long list paged by the API', () => {
  const many = [
    ...CREATORS,
    ...Array.from({ length: 57 }, (_, i) => creator(100 + i, `Guest ${String(i).padStart(2, '0')}`)),
  ];

  it('shows the first page and the total, filters on the server and never reads the whole list', async () => {
    const api = base(creatorRoutes(many));
    const { user } = renderWithClient(<ManageCreators {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (60)' });
    const articles = () => within(screen.getByRole('list', { name: 'All creators' })).getAllByRole('article');
    expect(articles()).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Show more (36 more)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter creators'), 'GUEST  1');
    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(screen.getByText('10 matching')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Creators (60)' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toContain(
      '/api/creators/search?q=guest+1&scope=names&limit=24',
    );
    expect(api.calls.filter((call) => call.url === '/api/creators')).toEqual([]);
  });

  it('Select All checks every match, loaded or not, and the bulk delete covers them all', async () => {
    const api = base({
      ...creatorRoutes(many),
      'POST /api/creators/bulk-delete': {
        status: 200,
        body: { deleted: 57, message: 'Deleted 57 creators' },
      },
    });
    const dialogs = mockDialogs();
    const { user } = renderWithClient(<ManageCreators {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (60)' });
    await user.type(screen.getByLabelText('Filter creators'), 'guest');
    await waitFor(() => expect(screen.getByText('57 matching')).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await waitFor(() => expect(bulk().getByText('57 selected')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();
    expect(api.calls.map((call) => call.url)).toContain('/api/creators/search/ids?q=guest&scope=names');
    // A page not loaded yet arrives checked.
    await user.click(screen.getByRole('button', { name: 'Show more (33 more)' }));
    expect(
      await within(screen.getByRole('list', { name: 'All creators' })).findByRole('checkbox', {
        name: 'Select Guest 30',
      }),
    ).toBeChecked();

    await user.click(bulk().getByRole('button', { name: 'Delete Selected (57)' }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith(deletedSummary('creator', 57, 0)));
    const [write, ...more] = api.writes();
    expect(more).toEqual([]);
    expect(write?.url).toBe('/api/creators/bulk-delete');
    expect([...(write?.body as { ids: number[] }).ids].sort((a, b) => a - b)).toEqual(
      many
        .slice(3)
        .map((item) => item.id)
        .sort((a, b) => a - b),
    );
  });

  it('unchecking Select All clears what it checked; merging unloaded creators names them by id first', async () => {
    const api = base({ 'PATCH /api/creators': { body: { message: 'Merged' } } });
    api.routes = Object.assign(api.routes, creatorRoutes(many));
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue('1');
    dialogs.confirm.mockReturnValue(false);
    const { user } = renderWithClient(<ManageCreators {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (60)' });
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await waitFor(() => expect(bulk().getByText('60 selected')).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(bulk().getByText('0 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(bulk().getByRole('button', { name: 'Merge Selected (60)' }));
    await waitFor(() => expect(dialogs.prompt).toHaveBeenCalled());
    expect(dialogs.prompt.mock.calls[0]?.[0]).toContain('1. Ada Lumen\n2. Bram Koster');
    expect(dialogs.prompt.mock.calls[0]?.[0]).toContain('\n60. Guest 56');
    expect(
      api.calls.some((call) => decodeURIComponent(call.url).startsWith('/api/creators/search?ids=121,122,')),
    ).toBe(true);
    expect(api.writes()).toEqual([]);
  });
});

describe('Manage Creators: first load', () => {
  it('shows no count until the list answers, so an empty database is never implied', async () => {
    base();
    renderWithClient(<ManageCreators {...viewProps()} />);
    expect(screen.getByRole('heading', { name: 'All Creators (…)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Creators (0)' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: `All Creators (${CREATORS.length})` });
  });
});
