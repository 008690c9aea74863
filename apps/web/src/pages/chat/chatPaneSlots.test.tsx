import { auctionConversationId } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPane } from '@/features/messages/components/ChatPane';
import { AUCTION_ID, dateState, HOST_ID, json, WINNER_ID } from '@/features/date/testing/dateState';
import { createQueryClient } from '@/lib/queryClient';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { chatPaneSlots } from './chatPaneSlots';

const me = { id: WINNER_ID, firstName: 'Will' } as CurrentUser;
const message = (id: string, senderId: string, content: string) => ({
  id,
  conversationId: auctionConversationId(AUCTION_ID, HOST_ID, WINNER_ID),
  senderId,
  receiverId: senderId === HOST_ID ? WINNER_ID : HOST_ID,
  content,
  isRead: true,
  createdAt: new Date().toISOString(),
});

function renderChat(conversationId: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/messages'))
        return json([message('m1', HOST_ID, 'Hello from Hana'), message('m2', WINNER_ID, 'Hi Hana')]);
      if (url.endsWith('/plan')) return json(dateState());
      return json({ online: false });
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, me);
  render(
    <QueryClientProvider client={queryClient}>
      <ChatPane conversationId={conversationId} otherUser={{ id: HOST_ID, name: 'Hana' }} {...chatPaneSlots} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chat as the pages compose it', () => {
  it('offers Block in the header, Report under received messages only, and the plan in an auction chat', async () => {
    renderChat(auctionConversationId(AUCTION_ID, HOST_ID, WINNER_ID));
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    const [received, sent] = await screen.findAllByTestId('chat-message');
    expect(within(received!).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(sent!).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(await screen.findByTestId('plan-card')).toBeInTheDocument();
  });

  it('shows no plan in a direct chat', async () => {
    renderChat([HOST_ID, WINNER_ID].sort().join('-'));
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('plan-card')).toBeNull();
  });
});
