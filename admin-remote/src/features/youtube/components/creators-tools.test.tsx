import { screen, waitFor, within } from '@testing-library/react';
import { creatorInfoFetched, MESSAGES } from '@friends/shared';
import CreatorsView from '../../../exposes/creators-view';
import { CREATORS } from '../../../test-utils/fixtures';
import { mockFetch, type Route, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { REFRESH_FAILED } from './refresh-photos-button';

const base = (extra: Record<string, Route> = {}) =>
  mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes([]), ...extra });

beforeEach(resetBrowserState);

async function renderScreen() {
  const rendered = renderWithClient(<CreatorsView {...viewProps()} />);
  await screen.findByRole('heading', { name: /All Creators \(3\)/ });
  return rendered;
}

const addForm = () => within(screen.getByRole('region', { name: 'Add New Creator' }));

describe('Fetch Creator Info', () => {
  it('needs a YouTube or Instagram link', async () => {
    const api = base();
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Link URL'), 'https://example.com/me');
    await user.click(addForm().getByRole('button', { name: 'Fetch Creator Info' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.enterSocialUrlFirst);
    expect(api.writes()).toHaveLength(0);
  });

  it('fills the name and photo and says where they came from', async () => {
    const api = base({
      'POST /api/youtube/creator-info': {
        body: { name: 'Otto Brambleworth', photo: 'https://img/otto.jpg', source: 'YouTube' },
      },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Link URL'), 'https://www.youtube.com/@ottobrambleworth');
    await user.click(addForm().getByRole('button', { name: 'Fetch Creator Info' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(creatorInfoFetched('YouTube')));
    expect(addForm().getByLabelText('Name')).toHaveValue('Otto Brambleworth');
    expect(addForm().getByLabelText('Photo URL')).toHaveValue('https://img/otto.jpg');
    expect(api.calls.find((c) => c.url === '/api/youtube/creator-info')?.body).toEqual({
      urls: ['https://www.youtube.com/@ottobrambleworth'],
    });
  });

  it('shows the documented alerts when nothing could be fetched', async () => {
    base({
      'POST /api/youtube/creator-info': { status: 502, body: { error: MESSAGES.couldNotFetchCreatorInfo } },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    await user.type(addForm().getByLabelText('Link URL'), 'https://instagram.com/nobody');
    await user.click(addForm().getByRole('button', { name: 'Fetch Creator Info' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.couldNotFetchCreatorInfo));
  });
});

describe('Refresh Photos', () => {
  const bulkPanel = () => within(screen.getByRole('region', { name: 'Bulk Actions & Cleanup' }));

  it('sums up what changed', async () => {
    base({
      'POST /api/youtube/refresh-photos': {
        body: {
          updated: 2,
          upToDate: 1,
          failed: 31,
          notFetched: [
            { reason: 'demo', count: 30 },
            { reason: 'unreachable', count: 1 },
          ],
          creators: [],
        },
      },
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    await user.click(bulkPanel().getByRole('button', { name: 'Refresh Photos' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Updated 2 profile picture(s). 1 already up to date. Failed: 31. Not fetched: 30 creators from the demo data ' +
          '(their channels are made up); 1 creator because YouTube or Instagram could not be reached.',
      ),
    );
  });

  it('says when no creator has a YouTube or Instagram link, and a generic failure otherwise', async () => {
    let status = 404;
    base({
      'POST /api/youtube/refresh-photos': () => ({
        status,
        body: { error: status === 404 ? MESSAGES.noCreatorsWithLinks : 'boom' },
      }),
    });
    const { alert } = mockDialogs();
    const { user } = await renderScreen();
    await user.click(bulkPanel().getByRole('button', { name: 'Refresh Photos' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.noCreatorsWithLinks));
    status = 500;
    await user.click(bulkPanel().getByRole('button', { name: 'Refresh Photos' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(REFRESH_FAILED));
  });
});
