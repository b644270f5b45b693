/**
 * fetch mocked at the boundary, for the component tests of every bundle: routes keyed
 * 'METHOD /path?query' (or 'METHOD /path' for any query) answer a status and a JSON body, or a function
 * of the request (which may return a
 * promise to hold the answer). Every call is recorded with its parsed JSON body for assertions.
 */
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
    // An exact 'METHOD /path?query' first, else 'METHOD /path' (a function reading the query itself).
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { error: `No mock for ${method} ${url}` } };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  /** Calls other than GETs, i.e. what the screen changed. */
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { fetchMock, calls, writes, routes };
}
