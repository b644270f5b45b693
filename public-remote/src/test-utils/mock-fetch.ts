/**
 * fetch mocked at the boundary: routes keyed 'METHOD /path' answer a status and a JSON body, or a
 * function of the request (which may return a promise to hold the answer). Every call is recorded.
 */
import {
  API_ROUTES,
  CREATORS_FIRST_PAGE,
  encodeCompactCreators,
  type CreatorListItem,
} from '@friends/shared';

/** The creators list as the API serves it to the search view: GET /api/creators/compact, whole and first page. */
export function creatorsRoutes(creators: readonly CreatorListItem[]): Record<string, MockAnswer> {
  return {
    [`GET ${API_ROUTES.creatorsCompact}`]: { body: encodeCompactCreators(creators) },
    [`GET ${API_ROUTES.creatorsCompact}?limit=${CREATORS_FIRST_PAGE}`]: {
      body: encodeCompactCreators(creators.slice(0, CREATORS_FIRST_PAGE), creators.length),
    },
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);

export function mockFetch(routes: Record<string, Route>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { method, url, body, credentials: init.credentials };
    calls.push(request);
    const route = routes[`${method} ${url}`];
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { error: `No mock for ${method} ${url}` } };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls };
}
