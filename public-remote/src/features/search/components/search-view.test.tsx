import { fireEvent, screen, within } from '@testing-library/react';
import { waitFor } from '@testing-library/react';
import { API_ROUTES, PAGING } from '@friends/shared';
import { SearchPage } from '../../../app/views/search-page';
import { CREATORS, creator } from '../../../test-utils/fixtures';
import { creatorsRoutes, mockFetch, type MockAnswer } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const searchBox = () => screen.getByRole('searchbox', { name: 'Search creators' });

describe('SearchView', () => {
  it("lists every creator under 'All Creators (n)' with photo, name, channel and counts", async () => {
    mockFetch(creatorsRoutes(CREATORS));
    renderWithClient(<SearchPage {...viewProps()} />);

    expect(await screen.findByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search by name or channel...');
    const card = screen.getByRole('button', { name: 'Ada Lumen' }).closest('li') as HTMLElement;
    // Her photo is the generated avatar: drawn on the page (initials), not fetched.
    expect(within(card).getByRole('img', { name: 'Ada Lumen' })).toHaveAttribute('data-initials', 'AL');
    expect(within(card).getByRole('link', { name: 'youtube.com/@adalumen' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@adalumen',
    );
    expect(card).toHaveTextContent('5 videos');
    expect(card).toHaveTextContent('4 collabs');
  });

  it('filters by name, channel and alias, case-insensitively, and says how many matched', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });

    await user.type(searchBox(), 'ADA');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lumen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bram Koster' })).not.toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'brambuilds'); // only in Bram's channel
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bram Koster' })).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'workshop'); // only in Bram's alias (a merged-away name)
    expect(await screen.findByRole('button', { name: 'Bram Koster' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();

    await user.clear(searchBox());
    expect(await screen.findByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
  });

  it('asks nothing while an input method composes, and ignores the Enter that commits it', async () => {
    const { calls } = mockFetch(creatorsRoutes(CREATORS));
    renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });
    const asked = () => calls.filter((call) => call.url.includes('q=')).length;

    fireEvent.compositionStart(searchBox());
    fireEvent.change(searchBox(), { target: { value: 'あだ' } });
    expect(fireEvent.keyDown(searchBox(), { key: 'Enter', isComposing: true })).toBe(false);
    expect(fireEvent.keyDown(searchBox(), { key: 'Enter', keyCode: 229 })).toBe(false);
    expect(screen.getByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
    expect(asked()).toBe(0);

    fireEvent.change(searchBox(), { target: { value: 'ADA' } });
    fireEvent.compositionEnd(searchBox());
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(fireEvent.keyDown(searchBox(), { key: 'Enter' })).toBe(true);
  });

  it("shows 'No creators found' and 'No creators found matching \"term\"'", async () => {
    mockFetch(creatorsRoutes([]));
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    expect(await screen.findByText('No creators found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Creators (0)' })).toBeInTheDocument();

    await user.type(searchBox(), 'zzz');
    expect(await screen.findByText('No creators found matching "zzz"')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results (0)' })).toBeInTheDocument();
  });

  it('opens the creator page from the name (keyboard: Enter) or a click on the card', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    const props = viewProps();
    const { user } = renderWithClient(<SearchPage {...props} />);
    const name = await screen.findByRole('button', { name: 'Bram Koster' });

    name.focus();
    await user.keyboard('{Enter}');
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 2 });

    const card = name.closest('li') as HTMLElement;
    await user.click(within(card).getByText('3 videos'));
    expect(props.navigate).toHaveBeenCalledTimes(2);
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 2 });

    // The card's own link does what it says; it does not open the creator page as well.
    await user.click(within(card).getByRole('link', { name: 'youtube.com/@brambuilds' }));
    expect(props.navigate).toHaveBeenCalledTimes(2);
  });

  it('shows an unsafe channel as text, never as a link', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    renderWithClient(<SearchPage {...viewProps()} />);
    const card = (await screen.findByRole('button', { name: 'Cleo Hart' })).closest('li') as HTMLElement;
    expect(within(card).getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks the server for one page at a time and renders the total from its answer', async () => {
    const size = PAGING.creatorsPage;
    const many = Array.from({ length: size * 2 + 5 }, (_, i) => creator(i + 1, `Creator ${i + 1}`));
    const { calls } = mockFetch(creatorsRoutes(many));
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);

    expect(await screen.findByRole('heading', { name: `All Creators (${many.length})` })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(size);
    await user.click(screen.getByRole('button', { name: /Show more/ }));
    expect(await screen.findByRole('button', { name: /Show more \(5 more\)/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(size * 2);
    await user.click(screen.getByRole('button', { name: /Show more \(5 more\)/ }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(many.length));
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      `${API_ROUTES.creatorsSearch}?limit=${size}`,
      `${API_ROUTES.creatorsSearch}?offset=${size}&limit=${size}`,
      `${API_ROUTES.creatorsSearch}?offset=${size * 2}&limit=${size}`,
    ]);
  });

  it('keeps the previous results on screen while the next term is answered', async () => {
    const many = Array.from({ length: 100 }, (_, i) => creator(i + 1, `Creator ${i + 1}`));
    const routes = creatorsRoutes(many);
    let answer: (answer: MockAnswer) => void = () => undefined;
    const route = `GET ${API_ROUTES.creatorsSearch}`;
    const { calls } = mockFetch({
      [route]: (request) =>
        request.url.includes('q=')
          ? new Promise((resolve) => (answer = () => resolve(routes[route]!(request))))
          : routes[route]!(request),
    });
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    expect(await screen.findByRole('heading', { name: 'All Creators (100)' })).toBeInTheDocument();

    // No held row matches 'creator 99': what 'creator 9' painted from the held rows stays (never the
    // older answer of all creators, nor 'No creators found').
    await user.type(searchBox(), 'Creator 99');
    expect(screen.getByRole('heading', { name: 'Search Results (1+)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Creator 9',
    ]);
    await waitFor(() => expect(calls.some((call) => call.url.includes('q=creator+99'))).toBe(true));
    answer({});
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creator 99' })).toBeInTheDocument();
  });

  it('keeps the cards still shown mounted across keystrokes (keyed by creator, no remount)', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    const ada = (await screen.findByRole('button', { name: 'Ada Lumen' })).closest('li');
    await user.type(searchBox(), 'a');
    expect(await screen.findByRole('heading', { name: /^Search Results/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lumen' }).closest('li')).toBe(ada);
    await user.type(searchBox(), 'da');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lumen' }).closest('li')).toBe(ada);
  });

  it('renders the admin slots the host passes in', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    renderWithClient(
      <SearchPage
        {...viewProps({ isAdmin: true })}
        toolbarExtras={<button type="button">Merge Mode</button>}
        cardExtras={(c) => <button type="button">Edit {c.name}</button>}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Edit Ada Lumen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Merge Mode' })).toBeInTheDocument();
  });
});
