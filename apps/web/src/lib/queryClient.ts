import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, queryKeyToUrl, throwIfResNotOk } from './api';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET to the path built from the query key (docs/product.md §7). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    // No content is no data (GET /api/auth/user for a visitor without a session, docs/accounts.md).
    if (res.status === 204) return null;
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // docs/product.md §7: data never goes stale; no retries; no refetch on focus.
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const isUnauthorizedError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
