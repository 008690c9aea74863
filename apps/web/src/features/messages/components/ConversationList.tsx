import { formatRelativeTime } from '@bid/contract';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { type ConversationSummary, fullNameOf } from '../types';
import { RELATIVE_TIME_REFRESH_MS, useNow } from '@/lib/useNow';

interface ConversationListProps {
  conversations: ConversationSummary[] | undefined;
  isLoading: boolean;
  selectedId: string | undefined;
  myId: string | undefined;
  onSelect: (conversationId: string) => void;
  onNew: () => void;
  className?: string;
}

/** The Messages page's left column: a local search over the other person's name and the list (docs/product.md §2). */
export function ConversationList({
  conversations,
  isLoading,
  selectedId,
  myId,
  onSelect,
  onNew,
  className,
}: ConversationListProps) {
  const [filter, setFilter] = useState('');
  const now = useNow({ every: RELATIVE_TIME_REFRESH_MS });
  const term = filter.trim().toLowerCase();
  const shown = (conversations ?? []).filter((c) => !term || fullNameOf(c.otherUser).toLowerCase().includes(term));

  return (
    <aside className={cn('flex min-h-0 flex-col md:border-r md:border-black/10', className)} aria-label="Conversations">
      <div className="flex items-center justify-between gap-2 px-4 pt-4">
        <h1 className="text-xl font-bold">Messages</h1>
        <Button size="sm" onClick={onNew}>
          <Plus aria-hidden="true" />
          New
        </Button>
      </div>
      <div className="relative px-4 py-3">
        <Search className="pointer-events-none absolute left-7 top-1/2 h-4 w-4 -translate-y-1/2 text-neutral-text/50" />
        <Input
          type="search"
          aria-label="Search conversations"
          placeholder="Search conversations..."
          className="pl-9"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-list">
        {isLoading && <li className="px-4 py-6 text-sm text-neutral-text/70">Loading conversations...</li>}
        {!isLoading && (conversations?.length ?? 0) === 0 && (
          <li className="px-4 py-6 text-center text-sm text-neutral-text/70">No conversations yet</li>
        )}
        {shown.map((conversation) => {
          const name = fullNameOf(conversation.otherUser);
          const isSelected = conversation.conversationId === selectedId;
          const fromMe = conversation.lastMessage.senderId === myId;
          return (
            <li key={conversation.conversationId}>
              <button
                type="button"
                className={cn(
                  'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-black/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary',
                  isSelected && 'bg-secondary/40',
                )}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(conversation.conversationId)}
                data-testid="conversation-item"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold">{name}</span>
                    <time
                      className="shrink-0 text-xs text-neutral-text/80"
                      dateTime={conversation.lastMessage.createdAt}
                    >
                      {formatRelativeTime(conversation.lastMessage.createdAt, now)}
                    </time>
                  </span>
                  {conversation.auction && (
                    <span className="block truncate text-xs text-primary">{conversation.auction.title}</span>
                  )}
                  <span className="block truncate text-sm text-neutral-text/80">
                    {fromMe ? 'You: ' : ''}
                    {conversation.lastMessage.content}
                  </span>
                </span>
                {conversation.unreadCount > 0 && (
                  <Badge aria-label={`${conversation.unreadCount} unread`}>{conversation.unreadCount}</Badge>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
