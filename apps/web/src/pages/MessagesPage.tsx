import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/useAuth';
import { useConversations } from '@/features/messages/api/conversations';
import { ChatPane } from '@/features/messages/components/ChatPane';
import { ConversationList } from '@/features/messages/components/ConversationList';
import { NewChatDialog } from '@/features/messages/components/NewChatDialog';
import { type ChatUser, fullNameOf } from '@/features/messages/types';
import { chatPaneSlots } from './chat/chatPaneSlots';

/**
 * docs/product.md §2 Messages page: conversations on the left (local name search, New), the selected
 * conversation on the right. After a new chat starts: the list is read again, the dialog
 * closes and the new conversation is selected (docs/product.md §4).
 */
export default function MessagesPage() {
  const { user } = useAuth();
  const conversations = useConversations();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  // Who a just-started conversation is with, until the refreshed list names them.
  const [startedWith, setStartedWith] = useState<{ conversationId: string; user: ChatUser } | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  const selected = conversations.data?.find((c) => c.conversationId === selectedId);
  const other = selected?.otherUser ?? (startedWith?.conversationId === selectedId ? startedWith?.user : undefined);

  return (
    <div className="container mx-auto md:px-4 md:py-6" data-testid="page-messages">
      {/* minmax(0, …) columns: a long auction title or the plan form cannot make the panes wider
          than the card, which clips them (docs/web-app.md "Phone layout"). On a phone the list and
          the chat are two screens, each the whole height under the header (same section); from md
          up they sit side by side. */}
      <Card className="grid h-[calc(100dvh-4rem)] grid-cols-1 grid-rows-1 overflow-hidden rounded-none border-x-0 border-t-0 md:h-[calc(100vh-11rem)] md:min-h-[32rem] md:grid-cols-[20rem_minmax(0,1fr)] md:rounded-xl md:border">
        <ConversationList
          className={cn(selectedId && other && 'max-md:hidden')}
          conversations={conversations.data}
          isLoading={conversations.isLoading}
          selectedId={selectedId}
          myId={user?.id}
          onSelect={setSelectedId}
          onNew={() => setIsStarting(true)}
        />
        {selectedId && other ? (
          <ChatPane
            className="min-h-0"
            onBack={() => setSelectedId(undefined)}
            conversationId={selectedId}
            otherUser={{ id: other.id, name: fullNameOf(other) }}
            subtitle={selected?.auction?.title}
            {...chatPaneSlots}
          />
        ) : (
          <div className="flex flex-col items-center justify-center gap-2 p-8 text-center text-neutral-text/70 max-md:hidden">
            <MessageCircle aria-hidden="true" className="h-10 w-10" />
            <p className="font-medium">Select a conversation</p>
          </div>
        )}
      </Card>
      <NewChatDialog
        open={isStarting}
        onOpenChange={setIsStarting}
        myId={user?.id}
        onStarted={(conversationId, otherUser) => {
          setStartedWith({ conversationId, user: otherUser });
          setSelectedId(conversationId);
        }}
      />
    </div>
  );
}
