import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../types';
import { ConversationList } from './ConversationList';

const ME = 'me';
const summary = (id: string, firstName: string, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  conversationId: id,
  otherUser: { id: `${id}-user`, firstName, lastName: 'Tester', profileImageUrl: null },
  lastMessage: {
    id: `${id}-m`,
    content: `Hi from ${firstName}`,
    senderId: `${id}-user`,
    createdAt: new Date().toISOString(),
    isRead: false,
  },
  unreadCount: 0,
  ...over,
});

afterEach(cleanup);

describe('conversation list (docs/product.md §2)', () => {
  it("says 'No conversations yet' when there are none", () => {
    render(
      <ConversationList
        conversations={[]}
        isLoading={false}
        selectedId={undefined}
        myId={ME}
        onSelect={vi.fn()}
        onNew={vi.fn()}
      />,
    );
    expect(screen.getByText('No conversations yet')).toBeInTheDocument();
  });

  it("filters by the other person's name, locally", () => {
    const onSelect = vi.fn();
    render(
      <ConversationList
        conversations={[
          summary('c1', 'Bea', { unreadCount: 2, auction: { id: 'a1', title: 'Coffee walk' } }),
          summary('c2', 'Cal'),
        ]}
        isLoading={false}
        selectedId={undefined}
        myId={ME}
        onSelect={onSelect}
        onNew={vi.fn()}
      />,
    );
    expect(screen.getAllByTestId('conversation-item')).toHaveLength(2);
    expect(screen.getByLabelText('2 unread')).toBeInTheDocument();
    expect(screen.getByText('Coffee walk')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: ' cal ' } });
    expect(screen.getAllByTestId('conversation-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Cal Tester/ }));
    expect(onSelect).toHaveBeenCalledWith('c2');
  });
});
