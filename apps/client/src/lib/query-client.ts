import { QueryClient } from '@tanstack/react-query';

let client: QueryClient | undefined;

/**
 * The app's single QueryClient, created on first use by a data page. BFF reads are cached
 * server-side, so a short stale time and one retry are enough.
 */
export function getQueryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  return client;
}
