/**
 * The host's one API client: JSON in and out, same-origin cookies, every failure as ApiClientError
 * carrying the status and the server's `error` field. A 401 is announced on `window` (UNAUTHORIZED_EVENT)
 * so the shell drops the admin flag and shows the login screen.
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
  /** false for calls whose 401 is an answer, not a lost session (a wrong login password). */
  notifyUnauthorized?: boolean;
}

function errorText(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object' && typeof (body as Partial<ApiError>).error === 'string') {
    return (body as ApiError).error;
  }
  return statusText || `Request failed with status ${status}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, notifyUnauthorized = true } = options;
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
    if (response.status === 401 && notifyUnauthorized) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new ApiClientError(response.status, errorText(data, response.status, response.statusText));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
};
