import { UNAUTHORIZED_EVENT } from '@friends/shared';
import { mockFetch } from '../../test-support/mock-fetch';
import { api, ApiClientError, isApiClientError } from './api-client';

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isApiClientError(error)) throw new Error(`expected an ApiClientError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  let unauthorized: jest.Mock;
  beforeEach(() => {
    unauthorized = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
  });
  afterEach(() => window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized));

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const { calls } = mockFetch({ 'PUT /api/videos': { body: { id: 3, title: 'T' } } });
    await expect(api.put('/api/videos', { id: 3, title: 'T' })).resolves.toEqual({ id: 3, title: 'T' });
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/videos', body: { id: 3, title: 'T' }, credentials: 'same-origin' },
    ]);
  });

  it("turns an error answer into ApiClientError with the status and the server's message", async () => {
    mockFetch({ 'POST /api/creators': { status: 409, body: { error: 'Creator "A" already exists' } } });
    const error = await failure(api.post('/api/creators', { name: 'A' }));
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('Creator "A" already exists');
    expect(error.message).toBe('Creator "A" already exists');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('names the status when the answer has no error field', async () => {
    mockFetch({ 'GET /api/leaderboard': { status: 502 } });
    const error = await failure(api.get('/api/leaderboard'));
    expect(error.serverMessage).toBeUndefined();
    expect(error.message).toBe('Request failed with status 502');
  });

  it('announces a 401 on window, unless the call says a 401 is an answer', async () => {
    mockFetch({ 'DELETE /api/videos?id=1': { status: 401, body: { error: 'Log in' } } });
    expect((await failure(api.delete('/api/videos?id=1'))).status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect((await failure(api.delete('/api/videos?id=1', { notifyUnauthorized: false }))).status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a request that got no answer as status 0', async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    const error = await failure(api.patch('/api/creators', { primaryId: 1, mergeIds: [2] }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error: PATCH /api/creators');
  });
});
