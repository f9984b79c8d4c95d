/** The browser's cache of server data, with the rules of spec §9. */
import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './client.ts';

const STALE_MS = 600_000;
const MAX_RETRIES = 3;

/** Doubling from 1 s, at most 30 s (spec §9). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Only what may pass on its own is retried: network failures and server errors, never a refusal. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= MAX_RETRIES) return false;
  return !(error instanceof RequestError) || error.status === 0 || error.status >= 500;
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
