import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  PAGING,
  SEARCH_QUERY_ERRORS,
  parseSearchQuery,
  type CreatorPage,
  type Video,
  type VideoPage,
} from '@friends/shared';
import { SearchPage } from '../../../app/views/search-page';
import { CREATORS } from '../../../test-utils/fixtures';
import { creatorsRoutes, mockFetch, type RecordedRequest } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const searchBox = () => screen.getByRole('searchbox', { name: 'Search creators' });
const [ada, bram, cleo] = CREATORS as [(typeof CREATORS)[0], (typeof CREATORS)[0], (typeof CREATORS)[0]];

/** Ada Lumen's 60 videos with Bram (the API pages them by PAGING.videosPage). */
const VIDEOS: Video[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  title: `Duet ${i + 1}`,
  url: '',
  date: '',
  authorIds: [ada.id, bram.id],
  authors: [
    { id: ada.id, name: ada.name, role: 'host', creditedAs: null },
    { id: bram.id, name: bram.name, role: 'guest', creditedAs: null },
  ],
  eventId: null,
  crew: [],
}));

const query = (request: RecordedRequest) => new URL(request.url, 'http://test').searchParams;

/**
 * The two searches as the API answers them for Ada Lumen (collaborators: Bram and Cleo; 60 videos):
 * plain text as creatorsRoutes does, `with:` terms checked with the shared parser.
 */
function routes() {
  const plain = creatorsRoutes(CREATORS)[`GET ${API_ROUTES.creatorsSearch}`]!;
  const named = (q: string) => parseSearchQuery(q).withNames ?? [];
  return {
    [`GET ${API_ROUTES.creatorsSearch}`]: (request: RecordedRequest) => {
      const q = query(request).get('q') ?? '';
      if (!q.startsWith('with:')) return plain(request);
      const names = named(q);
      const known = (name: string) => name.toLowerCase() === 'ada lumen';
      if (!names.every(known)) {
        const body: CreatorPage = {
          total: 0,
          items: [],
          unknownNames: names.filter((n) => !known(n)),
        };
        return { body };
      }
      const body: CreatorPage = {
        total: 2,
        items: [bram, cleo],
        withCreators: [{ id: ada.id, name: ada.name }],
      };
      return { body };
    },
    [`GET ${API_ROUTES.videosSearch}`]: (request: RecordedRequest) => {
      const offset = Number(query(request).get('offset') ?? 0);
      const body: VideoPage = {
        total: VIDEOS.length,
        items: VIDEOS.slice(offset, offset + PAGING.videosPage),
        withCreators: [{ id: ada.id, name: ada.name }],
      };
      return { body };
    },
  };
}

describe('SearchView with: collaboration search', () => {
  it('lists the creators who made a video with the named creator and puts the search in the address', async () => {
    const { calls } = mockFetch(routes());
    const replace = jest.fn();
    const { user } = renderWithClient(<SearchPage {...viewProps({ replace })} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });

    await user.type(searchBox(), 'with:"Ada Lumen"');
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bram Koster' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cleo Hart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ada Lumen' })).not.toBeInTheDocument();
    expect(calls.some((call) => query(call).get('q') === 'with:"Ada Lumen"')).toBe(true);
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith('search', { query: 'with:"Ada Lumen"' }));
    expect(screen.getByRole('radio', { name: 'Creators' })).toBeChecked();
  });

  it('lists the videos on the Videos choice, a server page at a time, and records the choice', async () => {
    const { calls } = mockFetch(routes());
    const replace = jest.fn();
    const { user } = renderWithClient(
      <SearchPage {...viewProps({ replace, params: { query: 'with:"ada lumen"' } })} />,
    );
    expect(searchBox()).toHaveValue('with:"ada lumen"');
    await screen.findByRole('heading', { name: 'Search Results (2)' });

    await user.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(await screen.findByRole('heading', { name: 'Videos with Ada Lumen (60)' })).toBeInTheDocument();
    // One heading names the list (no 'Search Results' above 'Videos with …').
    expect(screen.queryByRole('heading', { name: 'Search Results (60)' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /^Videos with Ada Lumen/ })).toHaveLength(1);
    expect(screen.getByText('Duet 1')).toBeInTheDocument();
    // The named creator's chips are marked on every row; the others open their pages.
    const row = within(screen.getByText('Duet 1').closest('li') as HTMLElement);
    expect(row.getByText('Ada Lumen')).toHaveAttribute('aria-current', 'true');
    expect(row.getByRole('button', { name: 'Bram Koster' })).toBeInTheDocument();
    await waitFor(() =>
      expect(replace).toHaveBeenLastCalledWith('search', { query: 'with:"ada lumen"', show: 'videos' }),
    );
    const videoCalls = () => calls.filter((call) => call.url.startsWith(API_ROUTES.videosSearch));
    expect(videoCalls()).toHaveLength(1);

    // Rows are shown a screenful at a time; past the 50 loaded, the next server page is asked for.
    const more = () => screen.getByRole('button', { name: 'Show more videos' });
    await user.click(more());
    await user.click(more());
    await waitFor(() => expect(videoCalls().map((call) => query(call).get('offset'))).toEqual([null, '50']));
    expect(await screen.findByText('Duet 60')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more videos' })).not.toBeInTheDocument();
  });

  it('opens with the videos when the address says so, and follows the address on back and forward', async () => {
    mockFetch(routes());
    const props = viewProps({ replace: jest.fn(), params: { query: 'with:"Ada Lumen"', show: 'videos' } });
    const { rerender, queryClient } = renderWithClient(<SearchPage {...props} />);
    expect(await screen.findByRole('heading', { name: 'Videos with Ada Lumen (60)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Videos' })).toBeChecked();

    rerender(
      <QueryClientProvider client={queryClient}>
        <SearchPage {...props} params={{}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
  });

  it('says which names name no creator, without an error', async () => {
    mockFetch(routes());
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });
    await user.type(searchBox(), 'with:"Ada Lumen" with:Nobody');
    expect(
      await screen.findByText('No creator is named "Nobody". Check the spelling, or search without with:.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a malformed query instead of searching', async () => {
    const { calls } = mockFetch(routes());
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });
    await user.type(searchBox(), 'with:"Ada Lumen');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEARCH_QUERY_ERRORS.unclosedQuote);
    expect(screen.getByRole('heading', { name: 'Search Results (0)' })).toBeInTheDocument();
    expect(calls.some((call) => (query(call).get('q') ?? '').includes('with:'))).toBe(false);
    expect(screen.queryByRole('radio', { name: 'Videos' })).not.toBeInTheDocument();
  });

  it('leaves plain text out of the address and shows no choice', async () => {
    mockFetch(routes());
    const replace = jest.fn();
    const { user } = renderWithClient(<SearchPage {...viewProps({ replace })} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });
    await user.type(searchBox(), 'ada');
    const results = await screen.findByRole('heading', { name: 'Search Results (1)' });
    expect(within(results.closest('section') as HTMLElement).queryByRole('radio')).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });
});
