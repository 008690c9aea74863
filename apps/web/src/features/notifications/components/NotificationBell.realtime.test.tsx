import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '@/lib/realtime';
import { createQueryClient } from '@/lib/queryClient';
import { NotificationBell } from './NotificationBell';

const subscriptions: Array<{ channel: unknown; handler: RealtimeHandler }> = [];
vi.mock('@/lib/realtime', () => ({
  useRealtimeChannel: (channel: unknown, handler: RealtimeHandler) => {
    subscriptions.push({ channel, handler });
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  subscriptions.length = 0;
});

describe('notification bell and the realtime channel', () => {
  it("refreshes both reads when the user's channel says notifications changed", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(url);
        return Promise.resolve(new Response(url.endsWith('/count') ? '{"count":0}' : '[]'));
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationBell userId="u1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    const last = subscriptions.at(-1);
    expect(last?.channel).toBe('user:u1');
    last?.handler({ type: 'date_updated', auctionId: '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4', channel: 'user:u1' });
    last?.handler({ type: 'notifications_changed', channel: 'user:u1' });
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.slice(2).sort()).toEqual(['/api/notifications', '/api/notifications/count']);
  });
});
