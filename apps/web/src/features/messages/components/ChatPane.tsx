import {
  auctionIdOfConversation,
  BOTHER_PROMPT,
  CONFIRM_SEND_ACTION,
  CONFIRM_SEND_CANCEL,
  CONFIRM_SEND_CODE,
  CONFIRM_SEND_MESSAGE,
  CONFIRM_SEND_TITLE,
  formatRelativeTime,
  SCREENING_CATEGORY_EXPLANATIONS,
  type ScreeningReason,
} from '@bid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/useAuth';
import { useRealtimeChannel } from '@/lib/realtime';
import { onMutationError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';
import { CONVERSATIONS_KEY, UNREAD_COUNT_KEY } from '../api/conversations';
import { appendMessage, messagesKey, useConversationMessages, useSendMessage } from '../api/messages';
import { usePresence } from '../api/presence';
import { RELATIVE_TIME_REFRESH_MS, useNow } from '@/lib/useNow';

export const MESSAGE_FAILED = { title: 'Message Failed', description: 'Failed to send message. Please try again.' };

/**
 * What other features add to a chat; the page that shows the chat composes them (a feature imports
 * no other feature, docs/architecture.md "Web app layers").
 */
export interface ChatPaneSlots {
  /** Offered in the header about the other person (docs/trust-and-safety.md: block from the chat). */
  memberActions?: (otherUser: { id: string; name: string }) => ReactNode;
  /** Offered under each message the other person sent (report it). */
  messageActions?: (message: { id: string }) => ReactNode;
  /** An auction chat's plan, above its messages: where the winner and the host agree the date. */
  auctionPlan?: (auctionId: string) => ReactNode;
  /**
   * Under a message its sender sent after screening asked "Are you sure?": the one-tap report,
   * prefilled with the message (docs/trust-and-safety.md "Screening").
   */
  botherReport?: (message: { id: string; content: string }) => ReactNode;
}

/** The reasons of a 409 confirm_send answer, or null for any other failure. */
function confirmSendReasons(error: unknown): ScreeningReason[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.code !== CONFIRM_SEND_CODE) return null;
  try {
    const { reasons } = JSON.parse(error.bodyText) as { reasons?: ScreeningReason[] };
    return Array.isArray(reasons) ? reasons : [];
  } catch {
    return [];
  }
}

interface ChatPaneProps extends ChatPaneSlots {
  conversationId: string;
  /** The other participant: the receiver of what is typed here. */
  otherUser: { id: string; name: string };
  /** A line under the name (the auction an auction chat is about). */
  subtitle?: ReactNode;
  /** docs/product.md §4: the chat widget writes '5m ago' where the Messages page writes '5m'. */
  withAgo?: boolean;
  className?: string;
  /** On a phone, where the list and the chat are two screens: back to the list (docs/web-app.md "Phone layout"). */
  onBack?: () => void;
}

/**
 * One conversation: the other person's name (and 'Online' only when the server says so), the
 * messages with relative times, and a box where Enter sends and Shift+Enter starts a new line
 * (docs/product.md §2). Empty or whitespace-only text cannot be sent (docs/product.md §5).
 */
export function ChatPane({
  conversationId,
  otherUser,
  subtitle,
  withAgo = false,
  className,
  memberActions,
  messageActions,
  auctionPlan,
  botherReport,
  onBack,
}: ChatPaneProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const messages = useConversationMessages(conversationId);
  const presence = usePresence(otherUser.id);
  const send = useSendMessage();
  const [draft, setDraft] = useState('');
  // Set while the chat asks "Are you sure?" about the draft (the server's reasons).
  const [warning, setWarning] = useState<ScreeningReason[] | null>(null);
  const now = useNow({ every: RELATIVE_TIME_REFRESH_MS });
  const listRef = useRef<HTMLDivElement>(null);
  const items = messages.data ?? [];
  const lastId = items.at(-1)?.id;
  // An auction chat is where the winner and the host agree the date's time and place (issue 9).
  const auctionId = auctionIdOfConversation(conversationId);

  // docs/product.md §4 Chat: a new_message for this conversation is appended at once (polling stays as a fallback).
  useRealtimeChannel(conversationId ? { conversationId } : null, (event) => {
    if (event.type !== 'new_message') return;
    const { message } = event;
    // A message too large for the bus arrives as its ids alone: read the conversation again.
    if ('content' in message) appendMessage(queryClient, message);
    else void queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
  });

  // Reading marks what was sent to me as read: the list's badges and the header count change.
  useEffect(() => {
    if (!lastId) return;
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
  }, [lastId, queryClient]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  useEffect(() => setDraft(''), [conversationId]);

  const canSend = draft.trim().length > 0 && !send.isPending;

  const submit = (confirmed?: true) => {
    if (!canSend) return;
    send.mutate(
      { conversationId, receiverId: otherUser.id, content: draft, ...(confirmed ? { confirmed } : {}) },
      {
        onSuccess: () => {
          setDraft('');
          setWarning(null);
        },
        onError: (error) => {
          const reasons = confirmSendReasons(error);
          if (reasons) setWarning(reasons);
          else onMutationError(error, MESSAGE_FAILED);
        },
      },
    );
  };
  const warningCategories = [...new Set((warning ?? []).map((reason) => reason.category))];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className={cn('flex min-h-0 flex-col', className)} aria-label={`Chat with ${otherUser.name}`}>
      <header className="flex shrink-0 items-center justify-between gap-3 border-b border-black/10 px-4 py-3">
        {onBack && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-ml-2 shrink-0 md:hidden"
            aria-label="Back to conversations"
            onClick={onBack}
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="chat-partner-name">
            {otherUser.name}
          </h2>
          {subtitle && <p className="truncate text-xs text-neutral-text/70">{subtitle}</p>}
        </div>
        <div className="flex items-center gap-2">
          {presence.data === true && <Badge variant="success">Online</Badge>}
          {/* docs/trust-and-safety.md: block from the chat; the conversation then leaves both lists. */}
          {memberActions?.(otherUser)}
        </div>
      </header>

      {/* The plan and the messages scroll together, so the message box below always stays in view
          however tall the plan card grows (docs/web-app.md "Phone layout"). */}
      <div ref={listRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-testid="chat-scroll">
        {auctionId && auctionPlan?.(auctionId)}

        <ol className="flex flex-1 flex-col gap-2 px-4 py-3" aria-live="polite">
          {messages.isLoading && <li className="text-sm text-neutral-text/70">Loading messages...</li>}
          {messages.isError && <li className="text-sm text-danger">Could not load messages.</li>}
          {!messages.isLoading && !messages.isError && items.length === 0 && (
            <li className="m-auto text-sm text-neutral-text/70">No messages yet. Say hello!</li>
          )}
          {items.map((message) => {
            const isMine = message.senderId === user?.id;
            return (
              <li
                key={message.id}
                className={cn(
                  'flex max-w-[80%] flex-col gap-0.5',
                  isMine ? 'self-end items-end' : 'self-start items-start',
                )}
                data-testid="chat-message"
              >
                <p
                  className={cn(
                    'whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
                    isMine ? 'bg-primary text-white' : 'bg-black/5 text-neutral-text',
                  )}
                >
                  {message.content}
                </p>
                <span className="flex items-center gap-2">
                  <time className="text-xs text-neutral-text/80" dateTime={message.createdAt}>
                    {formatRelativeTime(message.createdAt, now, { withAgo })}
                  </time>
                  {!isMine && messageActions?.(message)}
                </span>
                {!isMine && message.sentAfterWarning === true && (
                  <p className="flex items-center gap-1 text-xs text-neutral-text/80" data-testid="bother-prompt">
                    {BOTHER_PROMPT}
                    {botherReport?.(message)}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </div>

      <form className="flex shrink-0 items-end gap-2 border-t border-black/10 p-3" onSubmit={onSubmit}>
        <Textarea
          aria-label="Type a message"
          placeholder="Type a message..."
          rows={1}
          className="min-h-10 resize-none"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <Send aria-hidden="true" />
        </Button>
      </form>
      <ConfirmDialog
        open={warning !== null}
        onOpenChange={(open) => {
          if (!open) setWarning(null);
        }}
        isPending={send.isPending}
        title={CONFIRM_SEND_TITLE}
        description={CONFIRM_SEND_MESSAGE}
        keepLabel={CONFIRM_SEND_CANCEL}
        confirmLabel={CONFIRM_SEND_ACTION}
        onConfirm={() => submit(true)}
      >
        <ul className="grid gap-1 text-sm" data-testid="confirm-send-reasons">
          {warningCategories.map((category) => (
            <li key={category}>{SCREENING_CATEGORY_EXPLANATIONS[category]}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
