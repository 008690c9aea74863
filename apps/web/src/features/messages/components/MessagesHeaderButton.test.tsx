import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { MessagesHeaderButton } from './MessagesHeaderButton';

function renderWithCount(count: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/conversations/unread-count');
      return new Response(JSON.stringify({ count }), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MessagesHeaderButton />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('messages header button', () => {
  it('links to /messages and shows the real unread count', async () => {
    renderWithCount(3);
    const link = screen.getByRole('link', { name: 'Messages' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect((await screen.findByTestId('messages-badge')).textContent).toBe('3');
  });

  it("shows '9+' above 9 and nothing at zero", async () => {
    renderWithCount(12);
    expect((await screen.findByTestId('messages-badge')).textContent).toBe('9+');
    cleanup();
    renderWithCount(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });
});
