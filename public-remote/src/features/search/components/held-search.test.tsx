import { screen, waitFor } from '@testing-library/react';
import { API_ROUTES, PAGING, type CreatorListItem } from '@friends/shared';
import { SearchPage } from '../../../app/views/search-page';
import { CREATORS, creator } from '../../../test-utils/fixtures';
import {
  creatorsRoutes,
  mockFetch,
  type MockAnswer,
  type RecordedRequest,
} from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const searchBox = () => screen.getByRole('searchbox', { name: 'Search creators' });
const ROUTE = `GET ${API_ROUTES.creatorsSearch}`;

/**
 * The search route over `creators`, answering '' (all creators) at once and holding every term's answer
 * until the test lets it go: `release(q)` answers the held requests for that term.
 */
function holdTerms(creators: readonly CreatorListItem[]) {
  const routes = creatorsRoutes(creators);
  const held: { q: string; request: RecordedRequest; answer: (a: MockAnswer) => void }[] = [];
  const mock = mockFetch({
    [ROUTE]: (request) => {
      const q = new URL(request.url, 'http://test').searchParams.get('q');
      if (!q) return routes[ROUTE]!(request);
      return new Promise<MockAnswer>((answer) => held.push({ q, request, answer }));
    },
  });
  const asked = (q: string) => held.some((entry) => entry.q === q);
  const release = (q: string) => {
    for (const entry of held.filter((e) => e.q === q)) entry.answer(routes[ROUTE]!(entry.request));
  };
  /** The AbortSignal the view gave fetch for the first paged request of `q` (not its lookahead). */
  const signalOf = (q: string) => {
    const index = mock.calls.findIndex((call) =>
      call.url.includes(`${new URLSearchParams({ q }).toString()}&limit=${PAGING.creatorsPage}`),
    );
    const init = mock.fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
    return init?.signal ?? null;
  };
  return { ...mock, asked, release, signalOf };
}

// 100 creators, a page of 24 held after the first load: "creator 1" matches ids 1 and 10–19 of them.
const MANY = Array.from({ length: 100 }, (_, i) => creator(i + 1, `Creator ${i + 1}`));
const names = () => screen.getAllByRole('listitem').map((item) => item.querySelector('h3')?.textContent);

describe('SearchView paints from the held answers before the server answers', () => {
  it('shows the held matches at once, marked as more to come, then the server answer', async () => {
    const server = holdTerms(MANY);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (100)' });

    await user.type(searchBox(), 'Creator 1');
    // Painted before any answer for the term came (none is let go yet).
    expect(screen.getByRole('heading', { name: 'Search Results (11+)' })).toBeInTheDocument();
    expect(names()).toEqual(['Creator 1', ...Array.from({ length: 10 }, (_, i) => `Creator ${10 + i}`)]);
    expect(screen.queryByText(/No creators found/)).not.toBeInTheDocument();

    // The server is asked for a page once typing pauses, for the whole term only; the one- and
    // two-letter terms on the way were asked for their lookahead rows at once.
    await waitFor(() => expect(server.asked('creator 1')).toBe(true));
    const searches = server.calls.filter((call) => call.url.startsWith(`${API_ROUTES.creatorsSearch}?q=`));
    expect(searches.map((call) => call.url).sort()).toEqual([
      `${API_ROUTES.creatorsSearch}?q=c&limit=200`,
      `${API_ROUTES.creatorsSearch}?q=cr&limit=200`,
      `${API_ROUTES.creatorsSearch}?q=creator+1&limit=24`,
    ]);
    server.release('creator 1');
    expect(await screen.findByRole('heading', { name: 'Search Results (12)' })).toBeInTheDocument();
    expect(names().at(-1)).toBe('Creator 100');
  });

  it('knows the whole answer when the held list was complete, "No creators found" included', async () => {
    holdTerms(CREATORS);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });

    await user.type(searchBox(), 'brambuilds'); // the channel, folded as the server does
    expect(screen.getByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(names()).toEqual(['Bram Koster']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'workshop'); // an alias
    expect(screen.getByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(names()).toEqual(['Bram Koster']);

    await user.clear(searchBox());
    expect(screen.getByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
    await user.type(searchBox(), 'zzz'); // no answer for any term is ever let go here
    expect(screen.getByText('No creators found matching "zzz"')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results (0)' })).toBeInTheDocument();
  });

  it('never says "No creators found" while more may match and the answer is on its way', async () => {
    const server = holdTerms(MANY);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (100)' });

    await user.type(searchBox(), 'Creator 77'); // in none of the 24 held rows
    expect(screen.queryByText(/No creators found/)).not.toBeInTheDocument();
    // What 'creator 7' painted from the held rows stays until the answer.
    expect(screen.getByRole('heading', { name: 'Search Results (1+)' })).toBeInTheDocument();
    expect(names()).toEqual(['Creator 7']);
    await waitFor(() => expect(server.asked('creator 77')).toBe(true));
    server.release('creator 77');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(names()).toEqual(['Creator 77']);
  });

  it('asks at once, without waiting for typing to pause, when nothing held can paint', async () => {
    const server = holdTerms(MANY);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (100)' });

    await user.type(searchBox(), 'zq'); // no held row has a z: each key is asked as it is typed
    await waitFor(() => expect(server.asked('zq')).toBe(true));
    expect(server.asked('z')).toBe(true);
    expect(server.signalOf('z')?.aborted).toBe(true);
    expect(screen.queryByText(/No creators found/)).not.toBeInTheDocument();
    server.release('zq');
    expect(await screen.findByText('No creators found matching "zq"')).toBeInTheDocument();
  });

  it('drops and aborts an answer for a term the box has moved on from', async () => {
    const server = holdTerms(MANY);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (100)' });

    await user.type(searchBox(), 'Creator 1');
    await waitFor(() => expect(server.asked('creator 1')).toBe(true));
    await user.type(searchBox(), '5');
    expect(screen.getByRole('heading', { name: 'Search Results (1+)' })).toBeInTheDocument();
    await waitFor(() => expect(server.asked('creator 15')).toBe(true));
    expect(server.signalOf('creator 1')?.aborted).toBe(true);

    // The stale answer arrives late: the screen stays on the new term.
    server.release('creator 1');
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getByRole('heading', { name: 'Search Results (1+)' })).toBeInTheDocument();
    expect(names()).toEqual(['Creator 15']);

    server.release('creator 15');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(names()).toEqual(['Creator 15']);
  });

  it("starts a short term's grid from its lookahead rows, without asking for its first page", async () => {
    const creators = Array.from({ length: 300 }, (_, i) =>
      creator(i + 1, `${i % 3 === 0 ? 'K' : 'B'}o ${i + 1}`),
    );
    const server = holdTerms(creators);
    const { user, queryClient } = renderWithClient(<SearchPage {...viewProps()} />);
    // As the host's client: an answer is fresh for 30 s (host/src/app/query-client.ts).
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 },
    });
    await screen.findByRole('heading', { name: 'All Creators (300)' });

    await user.type(searchBox(), 'k');
    await waitFor(() => expect(server.asked('k')).toBe(true));
    server.release('k'); // the lookahead: the first 200 of 'k''s 100 matches
    expect(await screen.findByRole('heading', { name: 'Search Results (100)' })).toBeInTheDocument();
    // Once typing pauses the grid is the server's first page, taken from those rows: its 'Show more'
    // shows although no page request has been answered (none was even made).
    const more = await screen.findByRole('button', { name: 'Show more (76 more)' });
    expect(names()).toEqual(
      creators
        .filter((_, i) => i % 3 === 0)
        .slice(0, PAGING.creatorsPage)
        .map((c) => c.name),
    );
    expect(
      server.calls
        .filter((call) => call.url.startsWith(`${API_ROUTES.creatorsSearch}?q=k&`))
        .map((call) => call.url),
    ).toEqual([`${API_ROUTES.creatorsSearch}?q=k&limit=200`]);

    // The next page is asked from where the first one ends.
    await user.click(more);
    await waitFor(() =>
      expect(server.calls.map((call) => call.url)).toContain(
        `${API_ROUTES.creatorsSearch}?q=k&offset=24&limit=24`,
      ),
    );
    server.release('k');
    expect(await screen.findByRole('button', { name: 'Show more (52 more)' })).toBeInTheDocument();
    expect(names()).toHaveLength(2 * PAGING.creatorsPage);
  });

  it("paints the next keystrokes from a short term's lookahead rows, past the page it holds", async () => {
    // 300 creators: every third has a 'k' in the name, every ninth a 'ka', every 27th a 'kar'; the
    // 24 rows of the first page hold one 'kar' (creator 1), the 'k' lookahead all 100 'k' matches.
    const kinds = ['Kar', 'Ka', 'K'];
    const creators = Array.from({ length: 300 }, (_, i) =>
      creator(
        i + 1,
        `${i % 27 === 0 ? kinds[0] : i % 9 === 0 ? kinds[1] : i % 3 === 0 ? kinds[2] : 'B'}o ${i + 1}`,
      ),
    );
    const server = holdTerms(creators);
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (300)' });

    await user.type(searchBox(), 'k');
    expect(screen.getByRole('heading', { name: 'Search Results (8+)' })).toBeInTheDocument();
    await waitFor(() => expect(server.asked('k')).toBe(true));
    expect(server.calls.map((call) => call.url)).toContain(`${API_ROUTES.creatorsSearch}?q=k&limit=200`);
    server.release('k');
    // The lookahead holds the whole answer: its count, and a page of it painted.
    expect(await screen.findByRole('heading', { name: 'Search Results (100)' })).toBeInTheDocument();
    expect(names()).toHaveLength(PAGING.creatorsPage);

    await user.type(searchBox(), 'ar');
    // No 'ka' or 'kar' answer has been let go: both keystrokes paint from the 'k' rows.
    expect(screen.getByRole('heading', { name: 'Search Results (12)' })).toBeInTheDocument();
    expect(names()).toEqual(Array.from({ length: 12 }, (_, i) => `Karo ${i * 27 + 1}`));
    expect(server.asked('kar')).toBe(false);
    await waitFor(() => expect(server.asked('kar')).toBe(true));
    server.release('kar');
    expect(await screen.findByRole('heading', { name: 'Search Results (12)' })).toBeInTheDocument();
    expect(names()).toEqual(Array.from({ length: 12 }, (_, i) => `Karo ${i * 27 + 1}`));
  });
});
