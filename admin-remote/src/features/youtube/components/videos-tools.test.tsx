import { screen, waitFor, within } from '@testing-library/react';
import {
  bulkImportSummary,
  errorAlert,
  MESSAGES,
  rescanSummary,
  videoInfoFetched,
  type PreviewItem,
  type VideoInfo,
} from '@friends/shared';
import VideosView from '../../../exposes/videos-view';
import { CREATORS, VIDEOS } from '../../../test-utils/fixtures';
import { mockFetch, type RecordedRequest, type Route, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';

const base = (extra: Record<string, Route> = {}) =>
  mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes(VIDEOS), ...extra });

beforeEach(resetBrowserState);

async function renderScreen() {
  const rendered = renderWithClient(<VideosView {...viewProps()} />);
  await screen.findByRole('heading', { name: 'All Videos (2)' });
  return rendered;
}

const preview = (n: number): PreviewItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `vid${String(i).padStart(8, '0')}`,
    title: `Video ${i + 1}`,
    url: `https://www.youtube.com/watch?v=vid${String(i).padStart(8, '0')}`,
    publishedAt: '2024-01-05',
    thumbnail: `/thumb/${i}.jpg`,
    channelTitle: 'Juniper Lane',
  }));

const importSection = () => screen.getByRole('region', { name: 'Bulk Import Videos' });
const rescanSection = () => screen.getByRole('region', { name: 'Rescan for Collaborators' });

describe('Bulk Import Videos', () => {
  it('asks for a URL first', async () => {
    const api = base();
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent)
        .slice(0, 3),
    ).toEqual(['Bulk Import Videos', 'Rescan for Collaborators', 'Add New Video']);
    await user.click(within(importSection()).getByRole('button', { name: 'Fetch Videos' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.enterChannelUrl);
    expect(api.writes()).toHaveLength(0);
  });

  it('previews, selects, imports in chunks with progress, sums up and clears', async () => {
    const imported: RecordedRequest[] = [];
    let release: () => void = () => undefined;
    const api = base({
      'POST /api/youtube/playlist': { body: { items: preview(12), total: 12, truncated: false } },
      'POST /api/youtube/import': async (request) => {
        imported.push(request);
        const ids = (request.body as { items: { id: string }[] }).items.map((i) => i.id);
        if (imported.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return {
          body: {
            results: ids.map((id, i) => ({ id, status: i === 0 ? 'duplicate' : 'imported' })),
            imported: ids.length - 1,
            duplicates: 1,
            failed: 0,
          },
        };
      },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(importSection());
    await user.type(
      section.getByLabelText('YouTube channel or playlist URL'),
      'https://www.youtube.com/@juniperlane',
    );
    await user.click(section.getByRole('button', { name: 'Fetch Videos' }));
    const list = await section.findByRole('list', { name: 'Videos to import' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(12);
    expect(within(list).getByText('Video 1')).toBeInTheDocument();
    expect(within(list).getAllByText('Jan 5, 2024 · Juniper Lane')).toHaveLength(12);
    expect(section.getByText('12 of 12 selected')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Select None' }));
    await user.click(section.getByRole('button', { name: 'Import Selected (0)' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.selectVideoToImport);

    await user.click(section.getByRole('button', { name: 'Select All' }));
    await user.click(within(list).getByRole('checkbox', { name: /Video 12/ }));
    await user.click(section.getByRole('button', { name: 'Import Selected (11)' }));
    expect(await section.findByRole('progressbar', { name: 'Importing progress' })).toHaveAttribute(
      'max',
      '11',
    );
    expect(section.getByText('Importing 0/11')).toBeInTheDocument();
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(bulkImportSummary(9, 2, 0)));
    expect(imported.map((r) => (r.body as { items: unknown[] }).items.length)).toEqual([10, 1]);
    // One run: both batches carry the same importId, the second one marked last.
    const runs = imported.map((r) => r.body as { importId: string; last: boolean });
    expect(runs[0]?.importId).toMatch(/\S/);
    expect(runs.map((r) => [r.importId, r.last])).toEqual([
      [runs[0]?.importId, false],
      [runs[0]?.importId, true],
    ]);
    expect(api.calls.filter((c) => c.url === '/api/youtube/import')).toHaveLength(2);
    // Cleared: URL, list and selection.
    expect(section.getByLabelText('YouTube channel or playlist URL')).toHaveValue('');
    expect(section.queryByRole('list', { name: 'Videos to import' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when no videos are found or the key is missing", async () => {
    base({ 'POST /api/youtube/playlist': { status: 503, body: { error: MESSAGES.youtubeKeyMissing } } });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(importSection());
    await user.type(section.getByLabelText('YouTube channel or playlist URL'), '@someone');
    await user.click(section.getByRole('button', { name: 'Fetch Videos' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.youtubeKeyMissing));
  });

  it('counts the rest as failed and says why when the service stops answering mid-import', async () => {
    base({
      'POST /api/youtube/playlist': { body: { items: preview(25), total: 25, truncated: false } },
      'POST /api/youtube/import': (() => {
        let n = 0;
        return () =>
          ++n === 1
            ? { body: { results: [], imported: 10, duplicates: 0, failed: 0 } }
            : { status: 503, body: { error: 'The YouTube API daily quota is used up.' } };
      })(),
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(importSection());
    await user.type(section.getByLabelText('YouTube channel or playlist URL'), '@juniperlane');
    await user.click(section.getByRole('button', { name: 'Fetch Videos' }));
    await user.click(await section.findByRole('button', { name: 'Import Selected (25)' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        `${bulkImportSummary(10, 0, 15)}\n\nThe YouTube API daily quota is used up.`,
      ),
    );
  });
});

describe('Rescan for Collaborators', () => {
  it('rescans one video and shows the summary, or its finding without an "Error: " prefix', async () => {
    base({
      'POST /api/youtube/rescan/10': { body: { id: 10, added: 2, created: 1 } },
      'POST /api/youtube/rescan/11': { status: 404, body: { error: MESSAGES.noVideoDataFound } },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(rescanSection());
    await user.click(await section.findByRole('button', { name: 'Rescan Rooftop Cooking Duel' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(rescanSummary(2, 1)));
    await user.click(section.getByRole('button', { name: 'Rescan Solo Sketching' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.noVideoDataFound));
  });

  it("prefixes any other failure of one rescan with 'Error: '", async () => {
    base({ 'POST /api/youtube/rescan/10': { status: 503, body: { error: 'YouTube is unavailable' } } });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(rescanSection());
    await user.click(await section.findByRole('button', { name: 'Rescan Rooftop Cooking Duel' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(errorAlert('YouTube is unavailable')));
  });

  it('rescans a selection with progress, says when nothing was found, and clears the selection', async () => {
    const api = base({ 'POST /api/youtube/rescan': { body: { results: [], added: 0, created: 0 } } });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const section = within(rescanSection());
    await user.click(await section.findByRole('button', { name: 'Select All' }));
    await user.click(section.getByRole('button', { name: 'Rescan Selected (2)' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.noNewCollaborators));
    expect(api.calls.find((c) => c.url === '/api/youtube/rescan')?.body).toEqual({ videoIds: [10, 11] });
    expect(section.getByText('0 of 2 selected')).toBeInTheDocument();
  });
});

describe('Rescan for Collaborators: the list', () => {
  it('selects every YouTube video with Select All, the pages not loaded yet included', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...VIDEOS[0]!,
      id: 100 + i,
      title: `Paged video ${i + 1}`,
      url: `https://www.youtube.com/watch?v=paged${String(i).padStart(6, '0')}`,
    }));
    const api = base({
      ...videoRoutes(many),
      'POST /api/youtube/rescan': { body: { results: [], added: 0, created: 0 } },
    });
    const { alert } = mockDialogs();
    const { user } = renderWithClient(<VideosView {...viewProps()} />);
    const section = within(rescanSection());
    expect(await section.findByText('0 of 60 selected')).toBeInTheDocument();
    expect(
      within(section.getByRole('list', { name: 'Videos to rescan' })).getAllByRole('checkbox'),
    ).toHaveLength(50);
    await user.click(section.getByRole('button', { name: 'Select All' }));
    expect(await section.findByText('60 of 60 selected')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Rescan Selected (60)' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.noNewCollaborators));
    const sent = api.calls
      .filter((c) => c.url === '/api/youtube/rescan')
      .flatMap((c) => (c.body as { videoIds: number[] }).videoIds);
    expect(sent).toEqual(many.map((video) => video.id));
  });

  it('lists only videos whose URL names a YouTube video, and follows an edit of the URL', async () => {
    const vimeo = { ...VIDEOS[1]!, id: 12, title: 'Vimeo Cut', url: 'https://vimeo.com/12345' };
    const edited = { ...VIDEOS[1]!, url: 'https://example.com/solo' };
    const api = base({ ...videoRoutes([...VIDEOS, vimeo]), 'PUT /api/videos': { body: edited } });
    const { user } = renderWithClient(<VideosView {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Videos (3)' });
    const rescanList = () => within(within(rescanSection()).getByRole('list', { name: 'Videos to rescan' }));
    expect(
      rescanList()
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Rooftop Cooking Duel', 'Solo Sketching']);
    expect(within(rescanSection()).getByText('0 of 2 selected')).toBeInTheDocument();

    // After the edit the pages are read again: the video is no longer on YouTube.
    Object.assign(api.routes, videoRoutes([VIDEOS[0]!, edited, vimeo]));
    await user.click(
      within(screen.getByRole('article', { name: 'Solo Sketching' })).getByRole('button', { name: 'Edit' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(rescanList().queryByRole('button', { name: 'Rescan Solo Sketching' })).not.toBeInTheDocument(),
    );
    expect(within(rescanSection()).getByText('0 of 1 selected')).toBeInTheDocument();
  });
});

describe('Fetch Video Info', () => {
  const info: VideoInfo = {
    videoId: 'ddddddddddd',
    url: 'https://www.youtube.com/watch?v=ddddddddddd',
    title: 'Picnic w/ Bram Koster and Nova Quill',
    date: '2024-06-02',
    channelTitle: 'Ada Lumen',
    description: '',
    source: 'api',
    channelCreatorId: 1,
    detected: {
      existingIds: [2],
      toCreate: [
        { name: 'Nova Quill', url: '' },
        { name: 'Skip Me', url: '' },
      ],
    },
  };

  it('checks the URL first', async () => {
    const api = base();
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const form = within(screen.getByRole('form', { name: 'Add New Video' }));
    await user.click(form.getByRole('button', { name: 'Fetch Video Info' }));
    expect(alert).toHaveBeenLastCalledWith(MESSAGES.enterVideoUrlFirst);
    await user.type(form.getByLabelText('URL'), 'https://example.com/x');
    await user.click(form.getByRole('button', { name: 'Fetch Video Info' }));
    expect(alert).toHaveBeenLastCalledWith(MESSAGES.couldNotExtractVideoId);
    expect(api.writes()).toHaveLength(0);
  });

  it('fills title and date, selects the channel creator, offers the detected ones, adds the video', async () => {
    const api = base({
      'POST /api/youtube/video-info': { body: info },
      'POST /api/creators': { status: 201, body: { ...CREATORS[2], id: 42, name: 'Nova Quill' } },
      'POST /api/videos': { status: 201, body: { ...VIDEOS[0], id: 99 } },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const form = within(screen.getByRole('form', { name: 'Add New Video' }));
    await user.type(form.getByLabelText('URL'), 'https://youtu.be/ddddddddddd');
    await user.click(form.getByRole('button', { name: 'Fetch Video Info' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(videoInfoFetched(3)));
    expect(form.getByLabelText('Title')).toHaveValue(info.title);
    expect(form.getByLabelText('Date (optional)')).toHaveValue('2024-06-02');
    expect(form.getByRole('checkbox', { name: 'Ada Lumen' })).toBeChecked();
    // An existing match is offered, not ticked silently.
    expect(form.getByRole('checkbox', { name: 'Bram Koster' })).not.toBeChecked();

    const panel = within(form.getByRole('region', { name: 'Detected collaborators' }));
    expect(panel.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Bram Koster · existing creator'),
      expect.stringContaining('Nova Quill · new creator'),
      expect.stringContaining('Skip Me · new creator'),
    ]);
    await user.click(panel.getByRole('button', { name: 'Add Bram Koster' }));
    expect(form.getByRole('checkbox', { name: 'Bram Koster' })).toBeChecked();
    // Selecting an existing creator creates nothing.
    expect(api.calls.filter((c) => c.method === 'POST' && c.url === '/api/creators')).toHaveLength(0);
    await user.click(panel.getByRole('button', { name: 'Skip Skip Me' }));
    expect(panel.queryByText('Skip Me')).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Add Nova Quill' }));
    await waitFor(() =>
      expect(form.queryByRole('region', { name: 'Detected collaborators' })).not.toBeInTheDocument(),
    );

    await user.click(form.getByRole('button', { name: 'Add Video' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.videoAddedWithCollaborators));
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/videos')?.body).toMatchObject({
      title: info.title,
      authorIds: [1, 2, 42],
    });
  });

  it('shows the documented failure alert, or the missing key', async () => {
    base({ 'POST /api/youtube/video-info': { status: 404, body: { error: 'whatever' } } });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const form = within(screen.getByRole('form', { name: 'Add New Video' }));
    await user.type(form.getByLabelText('URL'), 'https://youtu.be/ddddddddddd');
    await user.click(form.getByRole('button', { name: 'Fetch Video Info' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.failedToFetchVideoInfo));
  });

  it('says YouTube could not be reached when the server could not reach it', async () => {
    base({ 'POST /api/youtube/video-info': { status: 502, body: { error: MESSAGES.youtubeUnreachable } } });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    const form = within(screen.getByRole('form', { name: 'Add New Video' }));
    await user.type(form.getByLabelText('URL'), 'https://youtu.be/ddddddddddd');
    await user.click(form.getByRole('button', { name: 'Fetch Video Info' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.youtubeUnreachable));
    expect(alert).not.toHaveBeenCalledWith(MESSAGES.failedToFetchVideoInfo);
  });
});

describe('without a YouTube API key on the server', () => {
  it('disables bulk import and hides rescan, saying why', async () => {
    const api = base({ 'GET /api/youtube/status': { body: { dataApi: false } } });
    await renderScreen();
    const fetchButton = within(importSection()).getByRole('button', { name: 'Fetch Videos' });
    await waitFor(() => expect(fetchButton).toBeDisabled());
    expect(fetchButton).toHaveAccessibleDescription(MESSAGES.youtubeKeyNeeded);
    expect(within(rescanSection()).getByText(MESSAGES.youtubeKeyNeeded)).toBeInTheDocument();
    expect(within(rescanSection()).queryByRole('button')).toBeNull();
    // Fetch Video Info works without a key (oEmbed), so it stays.
    expect(screen.getByRole('button', { name: 'Fetch Video Info' })).toBeEnabled();
    expect(api.writes()).toHaveLength(0);
  });
});
