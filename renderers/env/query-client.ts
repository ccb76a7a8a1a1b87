import { QueryClient } from '@tanstack/react-query';
import { isDataError } from './data-provider.ts';

/** Retries after a failed load: one, and only when trying again can help. */
export const MAX_RETRIES = 1;

/**
 * Whether a failed load is worth one more try: a network failure or timeout (code 0) or a server
 * error (5xx). A refusal (4xx: not found, forbidden, invalid, the session ended) stays a refusal.
 */
export function isRetryable(error: unknown): boolean {
  if (!isDataError(error)) return true;
  return error.code === 0 || error.code >= 500;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error);
}

/**
 * The one cache of server data the pages share. Data counts as stale at once (a page shown again
 * loads it again in the background, showing what it had meanwhile); window focus loads nothing;
 * mutations are never repeated by the library (the caller reports their failure).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
