/** Renders a view with a fresh QueryClient (no retries, so failures show at once) and a navigate spy. */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type Options } from '@testing-library/user-event';
import type { RemoteViewProps } from '@friends/shared';

export function renderWithClient(ui: ReactElement, userOptions?: Options) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup(userOptions);
  const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...result, queryClient, user };
}

export function viewProps(overrides: Partial<RemoteViewProps> = {}): RemoteViewProps & {
  navigate: jest.Mock;
} {
  return { navigate: jest.fn(), isAdmin: false, params: {}, ...overrides } as RemoteViewProps & {
    navigate: jest.Mock;
  };
}
