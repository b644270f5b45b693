import { screen } from '@testing-library/react';
import { API_ROUTES, MESSAGES, WITH_HINT, type CreatorPage } from '@friends/shared';
import { SearchPage } from '../../../app/views/search-page';
import { CREATORS } from '../../../test-utils/fixtures';
import { creatorsRoutes, mockFetch, type RecordedRequest } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const searchBox = () => screen.getByRole('searchbox', { name: 'Search creators' });

describe('SearchView help and failures', () => {
  it('tells how to search with: beside the box', async () => {
    mockFetch(creatorsRoutes(CREATORS));
    renderWithClient(<SearchPage {...viewProps()} />);
    expect(await screen.findByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
    expect(searchBox()).toHaveAccessibleDescription(WITH_HINT);
    expect(screen.getByText(WITH_HINT)).toBeVisible();
  });

  it("says Couldn't load creators with Retry when the first page fails, and retries", async () => {
    let fail = true;
    const routes = creatorsRoutes(CREATORS);
    const search = routes[`GET ${API_ROUTES.creatorsSearch}`]!;
    mockFetch({
      [`GET ${API_ROUTES.creatorsSearch}`]: (request: RecordedRequest) =>
        fail ? { status: 503, body: { error: 'down' } } : search(request),
    });
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.couldNotLoadCreators })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.couldNotLoadCreatorsHelp);
    expect(screen.queryByText('No creators found')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Creators (0)' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('heading', { name: 'All Creators (4)' })).toBeInTheDocument();
  });

  it('asks which creator an ambiguous with: name means, and searches the chosen one', async () => {
    const routes = creatorsRoutes(CREATORS);
    const plain = routes[`GET ${API_ROUTES.creatorsSearch}`]!;
    const asked: string[] = [];
    mockFetch({
      [`GET ${API_ROUTES.creatorsSearch}`]: (request: RecordedRequest) => {
        const q = new URL(request.url, 'http://test').searchParams.get('q') ?? '';
        asked.push(q);
        if (q === 'with:"ad"') {
          const body: CreatorPage = {
            total: 0,
            items: [],
            ambiguousNames: [
              {
                name: 'ad',
                candidates: [
                  { id: 1, name: 'Ada Lumen' },
                  { id: 9, name: 'Adele Quist' },
                ],
              },
            ],
          };
          return { body };
        }
        if (q === 'with:"Adele Quist"')
          return {
            body: { total: 1, items: [CREATORS[0]!], withCreators: [{ id: 9, name: 'Adele Quist' }] },
          };
        return plain(request);
      },
    });
    const { user } = renderWithClient(<SearchPage {...viewProps()} />);
    await screen.findByRole('heading', { name: 'All Creators (4)' });
    await user.type(searchBox(), 'with:ad');
    expect(await screen.findByText(/"ad" could mean several creators/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adele Quist' }));
    expect(searchBox()).toHaveValue('with:"Adele Quist"');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(asked).toContain('with:"Adele Quist"');
  });
});
