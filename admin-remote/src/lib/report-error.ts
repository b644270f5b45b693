/**
 * docs/product.md §8: every failure is logged and shown in an alert. A 401 is the exception: the API client has
 * already told the host, which shows the login screen, so an alert on top would only be noise.
 */
import { withReason } from '@friends/shared';
import { isApiClientError } from '@friends/web/api-client';

export interface ReportOptions {
  /** Show the server's `error` text instead of the fallback for these statuses (e.g. 400 and 409). */
  serverMessageFor?: readonly number[] | 'any';
  /** Wrap the shown text, e.g. errorAlert for 'Error: <message>'. */
  format?: (message: string) => string;
  /** Show the fallback followed by the server's reason (withReason) for these statuses. */
  reasonFor?: readonly number[];
}

export function reportError(error: unknown, fallback: string, options: ReportOptions = {}): void {
  console.error(error);
  if (isApiClientError(error) && error.status === 401) return;
  let message = fallback;
  if (isApiClientError(error) && error.serverMessage) {
    const { serverMessageFor } = options;
    if (serverMessageFor === 'any' || serverMessageFor?.includes(error.status)) message = error.serverMessage;
    else if (options.reasonFor?.includes(error.status)) message = withReason(fallback, error.serverMessage);
  }
  window.alert(options.format ? options.format(message) : message);
}
