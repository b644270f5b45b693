/**
 * The one API client of the host and both remotes: JSON in and out, same-origin cookies (the admin
 * session), every failure an ApiClientError carrying the HTTP status and the server's `error` field, and
 * a 401 announced on `window` (UNAUTHORIZED_EVENT) so the host drops the admin flag and shows the login
 * screen (docs/architecture.md "Architecture rules"). Each bundle bundles its own copy; they share no
 * state, only the event.
 */
import { UNAUTHORIZED_EVENT } from '@friends/shared';

export class ApiClientError extends Error {
  /** HTTP status; 0 when the request never got an answer (network down, CORS, aborted). */
  readonly status: number;
  /** The `error` field of the API's `{ "error": "…" }` body, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined, message?: string) {
    super(message ?? serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiClientError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export const isApiClientError = (error: unknown): error is ApiClientError => error instanceof ApiClientError;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** false for calls whose 401 is an answer, not a lost session (a wrong login password). */
  notifyUnauthorized?: boolean;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverErrorOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return undefined;
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  { signal, notifyUnauthorized = true }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    const error = new ApiClientError(0, undefined, `Network error: ${method} ${path}`);
    (error as Error & { cause?: unknown }).cause = cause;
    throw error;
  }
  const parsed = parseBody(await response.text());
  if (!response.ok) {
    if (response.status === 401 && notifyUnauthorized) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new ApiClientError(response.status, serverErrorOf(parsed));
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T = void>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};
