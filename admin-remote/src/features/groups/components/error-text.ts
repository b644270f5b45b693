import { isApiClientError } from '@friends/web/api-client';

/** What a failed group write shows: the server's `{ error }` reason, else a plain fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiClientError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 0) return `${fallback}: the server could not be reached.`;
  }
  return fallback;
}
