import { SEARCH_DEBOUNCE_MS } from '@bid/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormControl, FormField, TextAreaField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { onMutationError } from '@/lib/unauthorized';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { cn } from '@/lib/utils';
import { type FoundUser, useUserSearch } from '../api/searchUsers';
import { useStartConversation } from '../api/startConversation';
import { type ChatUser, fullNameOf } from '../types';
import { MESSAGE_FAILED } from './ChatPane';

interface NewChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  myId: string | undefined;
  /** Called after the server started (or continued) the conversation. */
  onStarted: (conversationId: string, otherUser: ChatUser) => void;
}

/**
 * docs/product.md §2 New chat: search users (only for non-empty text, debounced 300 ms), pick one, type a
 * first message, Start Chat. Start Chat needs a picked user and a non-empty message (docs/product.md §5).
 */
export function NewChatDialog({ open, onOpenChange, myId, onStarted }: NewChatDialogProps) {
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<FoundUser | null>(null);
  const [message, setMessage] = useState('');
  const term = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(term);
  const start = useStartConversation();
  const results = (search.data?.users ?? []).filter((u) => u.id !== myId);
  const canStart = picked !== null && message.trim().length > 0 && !start.isPending;

  const reset = () => {
    setQuery('');
    setPicked(null);
    setMessage('');
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = () => {
    if (!canStart || !picked) return;
    start.mutate(
      { receiverId: picked.id, message },
      {
        onSuccess: ({ conversationId }) => {
          onStarted(conversationId, picked);
          changeOpen(false);
        },
        onError: (error) => onMutationError(error, MESSAGE_FAILED),
      },
    );
  };

  const trimmedTerm = term.trim();
  let status: string | null = null;
  if (!query.trim()) status = 'Start typing to search...';
  else if (search.isFetching || query.trim() !== trimmedTerm) status = 'Searching...';
  else if (search.data && !search.data.isAvailable) status = 'User search is not available yet.';
  else if (search.isError) status = 'Failed to search. Please try again.';
  else if (results.length === 0) status = 'No results found';

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="New Conversation"
      description="Find someone and send them a first message."
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onCancel={() => changeOpen(false)}
      cancelWhileBusy
      busy={start.isPending}
      submitDisabled={!canStart}
      submitLabel="Start Chat"
      busyLabel="Starting..."
    >
      <FormField label="Search users" id="new-chat-search">
        <FormControl>
          <Input
            type="search"
            autoComplete="off"
            placeholder="Search by name..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </FormControl>
        {status ? (
          <p className="text-sm text-neutral-text/70" role="status">
            {status}
          </p>
        ) : (
          <ul className="grid max-h-48 gap-1 overflow-y-auto" aria-label="Users found">
            {results.map((found) => {
              const isPicked = picked?.id === found.id;
              return (
                <li key={found.id}>
                  <button
                    type="button"
                    aria-pressed={isPicked}
                    className={cn(
                      'flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-black/5',
                      isPicked && 'bg-secondary/50 font-semibold',
                    )}
                    onClick={() => setPicked(found)}
                  >
                    <span>{fullNameOf(found)}</span>
                    {found.location && <span className="text-xs text-neutral-text/80">{found.location}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {picked && (
          <p className="text-sm" data-testid="new-chat-recipient">
            To: <span className="font-semibold">{fullNameOf(picked)}</span>
          </p>
        )}
      </FormField>
      <TextAreaField
        label="Message"
        id="new-chat-message"
        placeholder="Type your first message..."
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
    </FormDialog>
  );
}
