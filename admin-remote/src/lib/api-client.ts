/**
 * The admin remote's one API client: JSON in and out, same-origin credentials (the admin session
 * cookie, DESIGN.md departure 1), every failure turned into an ApiClientError carrying the HTTP status
 * and the server's `error` field, and 401 announced once on `window` so the host shows the login screen.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    const error = new ApiClientError(0, undefined, `Network error: ${method} ${path}`);
    (error as Error & { cause?: unknown }).cause = cause;
    throw error;
  }
  const parsed = parseBody(await response.text());
  if (!response.ok) {
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new ApiClientError(response.status, serverErrorOf(parsed));
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};
