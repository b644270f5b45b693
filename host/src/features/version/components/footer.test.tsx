import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { Footer } from './footer';

function renderFooter() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Footer />
    </QueryClientProvider>,
  );
}

describe('Footer', () => {
  it("shows 'Loading...' first, then the version from /version.json", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockFetch({ [`GET ${API_ROUTES.version}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderFooter();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Friends of the Channel vLoading...');

    answer({ body: { version: '2.3.4' } });
    expect(await screen.findByText('Friends of the Channel v2.3.4')).toBeInTheDocument();
  });

  it('shows 1.0.0 when /version.json fails', async () => {
    mockFetch({ [`GET ${API_ROUTES.version}`]: { status: 500, body: { error: 'down' } } });
    renderFooter();
    expect(await screen.findByText('Friends of the Channel v1.0.0')).toBeInTheDocument();
  });
});
