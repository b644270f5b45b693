/** Test helpers: every render gets a fresh QueryClient (no retries, so failures show at once). */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NavigateParams, RemoteViewProps } from '@friends/shared';

export function renderWithClient(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...result, queryClient, user };
}

export function viewProps(params: NavigateParams = {}): RemoteViewProps & { navigate: jest.Mock } {
  return { navigate: jest.fn(), isAdmin: true, params };
}

/** window.alert/confirm/prompt as jest mocks; console.error silenced but recorded. */
export function mockDialogs() {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const confirm = jest.spyOn(window, 'confirm').mockImplementation(() => true);
  const prompt = jest.spyOn(window, 'prompt').mockImplementation(() => null);
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return { alert, confirm, prompt, consoleError };
}

export function resetBrowserState() {
  window.sessionStorage.clear();
  jest.restoreAllMocks();
}
