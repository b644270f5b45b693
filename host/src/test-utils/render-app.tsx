/** Renders the whole host with fake remotes, fetch mocked at the boundary and a fresh QueryClient. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { ADMIN_FLAG_KEY, ADMIN_FLAG_VALUE, API_ROUTES, PAGING, pagedListUrl } from '@friends/shared';
import { App } from '../app/app';
import { mockFetch, type Route } from './mock-fetch';

export const DEMO_PASSWORD = 'friends2024';

/** The first data load: the first page of all creators. */
export const FIRST_PAGE_ROUTE = `GET ${pagedListUrl(API_ROUTES.creatorsSearch, { limit: PAGING.creatorsPage })}`;

export interface RenderAppOptions {
  /** The address the app starts from ('/?view=leaderboard'). */
  url?: string;
  /** The stored flag and the server's session. */
  admin?: boolean;
  routes?: Record<string, Route>;
}

export function renderApp({ url = '/', admin = false, routes = {} }: RenderAppOptions = {}) {
  window.history.replaceState(null, '', url);
  if (admin) window.localStorage.setItem(ADMIN_FLAG_KEY, ADMIN_FLAG_VALUE);
  const fetch = mockFetch({
    [FIRST_PAGE_ROUTE]: { body: { total: 0, items: [] } },
    [`GET ${API_ROUTES.session}`]: { body: { admin, demoPassword: DEMO_PASSWORD } },
    [`GET ${API_ROUTES.version}`]: { body: { version: '1.2.3' } },
    [`GET ${API_ROUTES.suggestions}`]: { body: [] },
    ...routes,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(<App queryClient={queryClient} />);
  return { ...result, ...fetch, user, queryClient };
}
