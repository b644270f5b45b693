/** The one QueryClient of the app; the remotes use it through the shared @tanstack/react-query singleton. */
import { QueryClient } from '@tanstack/react-query';

/** 4xx answers are final (not found, forbidden, bad input): retrying them only delays the message. */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
      mutations: { retry: false },
    },
  });
}
