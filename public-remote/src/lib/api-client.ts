/**
 * The public remote's one API client: JSON in and out, same-origin cookies, every failure as
 * ApiClientError carrying the status and the server's `error` field. A 401 is announced on `window`
 * (UNAUTHORIZED_EVENT); the host listens and shows the login screen.
 */
import { UNAUTHORIZED_EVENT, type ApiError } from '@friends/shared';

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function errorText(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object' && typeof (body as Partial<ApiError>).error === 'string') {
    return (body as ApiError).error;
  }
  return statusText || `Request failed with status ${status}`;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new ApiClientError(response.status, errorText(data, response.status, response.statusText));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
};
