import { act, screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_FLAG_KEY,
  API_ROUTES,
  REVIEW_ROUTES,
  UNAUTHORIZED_EVENT,
  type CreatorProfile,
} from '@friends/shared';
import { forgetRemoteComponents } from '../features/remotes/lazy-remote';
import { loadRemoteModule, type RemoteModuleId } from '../lib/federation';
import { ALL_REMOTE_MODULES, FAKE_REMOTES } from '../test-utils/fake-remotes';
import { DEMO_PASSWORD, FIRST_PAGE_ROUTE, renderApp } from '../test-utils/render-app';

jest.mock('../lib/federation', () => ({ loadRemoteModule: jest.fn() }));
const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('button')
    .map((tab) => tab.textContent);

beforeEach(() => {
  window.localStorage.clear();
  forgetRemoteComponents(ALL_REMOTE_MODULES);
  load.mockReset();
  load.mockImplementation((id: RemoteModuleId) => Promise.resolve(FAKE_REMOTES[id] as never));
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('the first load', () => {
  it('shows a full-screen spinner until the creators have loaded, then the search view', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    renderApp({
      routes: { [FIRST_PAGE_ROUTE]: () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(screen.getByRole('status', { name: 'Loading Friends of the Channel' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    answer({ body: { total: 0, items: [] } });
    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Friends of the Channel' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Friends of the Channel', level: 1 })).toBeInTheDocument();
  });

  it('only logs a failed first load and ends the spinner', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ routes: { [FIRST_PAGE_ROUTE]: { status: 500, body: { error: 'down' } } } });
    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Failed to load creators',
      expect.objectContaining({ message: 'down' }),
    );
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows the version in the footer', async () => {
    renderApp();
    expect(await screen.findByText('Friends of the Channel v1.2.3')).toBeInTheDocument();
  });
});

describe('tabs per role', () => {
  it("gives a visitor 'Search Creators', 'Leaderboard' and 'Admin', and no Logout", async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'All Creators (1)' });
    expect(tabs()).toEqual(['Search Creators', 'Leaderboard', 'Admin']);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('gives an admin the admin tabs, the pending count badge and Logout', async () => {
    renderApp({
      admin: true,
      routes: {
        [`GET ${API_ROUTES.suggestions}`]: {
          body: [
            {
              id: 1,
              url: 'https://youtu.be/aaaaaaaaaaa',
              status: 'pending',
              submittedAt: '2024-01-01T00:00:00Z',
            },
            {
              id: 2,
              url: 'https://youtu.be/bbbbbbbbbbb',
              status: 'pending',
              submittedAt: '2024-01-02T00:00:00Z',
            },
          ],
        },
        [`GET ${REVIEW_ROUTES.list}?limit=1`]: { body: { items: [], total: 4 } },
        // Proposed groupings of uploads count in the badge too.
        [`GET ${REVIEW_ROUTES.events}?limit=1`]: { body: { items: [], total: 3 } },
      },
    });
    expect(await screen.findByRole('button', { name: 'Suggestions 2 pending' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Review 7 pending' })).toBeInTheDocument();
    expect(tabs()).toEqual([
      'Search Creators',
      'Leaderboard',
      'Manage Videos',
      'Suggestions2',
      'Review7',
      'Manage Creators',
      'Groups',
      'Analytics',
      'History',
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('wraps search in the admin extras for an admin, and loads no admin code for a visitor', async () => {
    const { unmount } = renderApp({ admin: true });
    expect(await screen.findByRole('button', { name: 'Merge Mode' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Sample Creator' })).toBeInTheDocument();
    unmount();

    window.localStorage.clear();
    load.mockClear();
    renderApp();
    await screen.findByRole('heading', { name: 'All Creators (1)' });
    await userClicks('Leaderboard');
    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge Mode' })).not.toBeInTheDocument();
    expect(load.mock.calls.map(([id]) => id).filter((id) => id.startsWith('admin_remote/'))).toEqual([]);
  });
});

async function userClicks(name: string) {
  await act(async () => screen.getByRole('button', { name }).click());
}

describe('admin login', () => {
  it('shows the login screen with a labelled password field, Login, Back and the demo hint', async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByText(`Demo password: ${DEMO_PASSWORD}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Public View' }));
    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
  });

  it('hides the hint when the server has no demo password', async () => {
    const { user } = renderApp({
      routes: { [`GET ${API_ROUTES.session}`]: { body: { admin: false, demoPassword: null } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeInTheDocument());
    expect(screen.queryByText(/Demo password/)).not.toBeInTheDocument();
  });

  it("alerts 'Incorrect password' and clears the field, then logs in with Enter and opens Manage Videos", async () => {
    const { user, calls } = renderApp({
      routes: {
        [`POST ${API_ROUTES.login}`]: ({ body }) =>
          (body as { password: string }).password === DEMO_PASSWORD
            ? { body: { admin: true, demoPassword: DEMO_PASSWORD } }
            : { status: 401, body: { error: 'Incorrect password' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    const field = screen.getByLabelText('Password');

    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Incorrect password'));
    expect(field).toHaveValue('');
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();

    await user.type(field, `${DEMO_PASSWORD}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Manage Videos' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
    expect(window.location.search).toBe('?view=videos');
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.url === API_ROUTES.login)?.credentials).toBe('same-origin');
  });

  it('shows the login screen to a visitor who opens an admin view, without loading its code', async () => {
    renderApp({ url: '/?view=stats' });
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    expect(load).not.toHaveBeenCalledWith('admin_remote/AnalyticsView');
  });

  it('logs out: the session ends, the flag is cleared and search shows', async () => {
    const { user, calls } = renderApp({
      admin: true,
      url: '/?view=authors',
      routes: { [`POST ${API_ROUTES.logout}`]: { body: { admin: false, demoPassword: DEMO_PASSWORD } } },
    });
    expect(await screen.findByRole('heading', { name: 'Manage Creators' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Admin' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === API_ROUTES.logout)).toBe(true);
  });

  it('logs out everywhere after a confirmation, then shows the login screen', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, calls } = renderApp({
      admin: true,
      url: '/?view=authors',
      routes: {
        [`POST ${API_ROUTES.logoutEverywhere}`]: { body: { admin: false, demoPassword: null } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Manage Creators' })).toBeInTheDocument();
    const everywhere = () => calls.filter((call) => call.url === API_ROUTES.logoutEverywhere);

    // Cancelled: nothing is sent and the admin stays.
    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Every browser'));
    expect(everywhere()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Manage Creators' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(everywhere()).toEqual([expect.objectContaining({ method: 'POST' })]);
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out everywhere' })).not.toBeInTheDocument();
  });

  it('says so when logging out everywhere fails, and stays logged in', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp({
      admin: true,
      url: '/?view=authors',
      routes: { [`POST ${API_ROUTES.logoutEverywhere}`]: { status: 503, body: { error: 'Database down' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Manage Creators' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Could not log out everywhere: Database down'),
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('drops a stored flag the server does not back', async () => {
    renderApp({
      admin: true,
      routes: { [`GET ${API_ROUTES.session}`]: { body: { admin: false, demoPassword: null } } },
    });
    expect(await screen.findByRole('button', { name: 'Admin' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('returns to the login screen when any bundle reports a 401', async () => {
    renderApp({ admin: true });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});

describe('the address', () => {
  it('mirrors the view into the address, hides the tab bar on a creator page, and follows back/forward', async () => {
    const { user } = renderApp({
      routes: { [`GET ${API_ROUTES.creatorProfile(7)}`]: { body: profileOf(7) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Leaderboard' }));
    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
    expect(window.location.search).toBe('?view=leaderboard');

    await user.click(screen.getByRole('button', { name: 'Search Creators' }));
    await user.click(await screen.findByRole('button', { name: 'Open Sample Creator' }));
    expect(await screen.findByRole('heading', { name: 'Creator 7' })).toBeInTheDocument();
    expect(window.location.search).toBe('?creator=7');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
    expect(window.location.search).toBe('');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
  });

  it('starts from the address', async () => {
    renderApp({ url: '/?view=leaderboard' });
    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
  });

  it('opens a pair page from its shared address, without the tab bar, and leaves it for a creator', async () => {
    const { user } = renderApp({
      url: '/?pair=3-12',
      routes: { [`GET ${API_ROUTES.creatorProfile(12)}`]: { body: profileOf(12) } },
    });
    expect(await screen.findByRole('heading', { name: 'Pair 3 × 12' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open second creator' }));
    expect(await screen.findByRole('heading', { name: 'Creator 12' })).toBeInTheDocument();
    expect(window.location.search).toBe('?creator=12');
  });

  it("replaces a merged-away creator's address with the primary's", async () => {
    renderApp({
      url: '/?creator=5',
      routes: { [`GET ${API_ROUTES.creatorProfile(5)}`]: { body: profileOf(9) } },
    });
    expect(await screen.findByRole('heading', { name: 'Creator 9' })).toBeInTheDocument();
    expect(window.location.search).toBe('?creator=9');
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows a clear message with Retry instead of a blank page, and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let reachable = false;
    load.mockImplementation((id: RemoteModuleId) =>
      id === 'public_remote/LeaderboardView' && !reachable
        ? Promise.reject(new Error('ChunkLoadError'))
        : Promise.resolve(FAKE_REMOTES[id] as never),
    );
    const { user } = renderApp({ url: '/?view=leaderboard' });

    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the app could not be loaded.');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Collaboration Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('admin extras that cannot be loaded', () => {
  it('still shows search, with a notice and Retry for the admin tools', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockImplementation((id: RemoteModuleId) =>
      id === 'admin_remote/SearchAdminExtras'
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(FAKE_REMOTES[id] as never),
    );
    renderApp({ admin: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The admin tools for search could not be loaded.',
    );
    expect(await screen.findByRole('heading', { name: 'All Creators (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

function profileOf(id: number): CreatorProfile {
  return {
    creator: { id, name: `Creator ${id}`, channel: '', photo: '', socialLinks: [], otherNames: [] },
    stats: { totalVideos: 0, soloVideos: 0, collaborations: 0, collaborators: 0 },
    frequentCollaborators: [],
    videos: [],
    videosTotal: 0,
    collaborationEvents: 0,
    memberships: [],
  };
}
