import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/queryClient';

/**
 * Renders `ui` as the app would at `path` (which may carry a `?search`): under a query client (a
 * fresh one unless given) and a router on an in-memory location, which it returns (its `history`
 * lists where the UI went).
 */
export function renderAt(
  ui: ReactElement,
  path: string,
  { queryClient = createQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return location;
}
