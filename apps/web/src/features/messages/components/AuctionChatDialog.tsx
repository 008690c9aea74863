import { auctionConversationId } from '@bid/contract';
import type { AuctionDetail } from '@bid/contract';
import { displayNameOf } from '@bid/contract';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useConversations } from '../api/conversations';
import { fullNameOf } from '../types';
import { ChatPane, type ChatPaneSlots } from './ChatPane';

interface AuctionChatDialogProps extends ChatPaneSlots {
  auction: Pick<AuctionDetail, 'id' | 'title' | 'creatorId' | 'creator' | 'bids'> & { winnerId: string };
  myId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §2 chat widget: the winner and the creator of a won auction talk about it here. The
 * conversation id follows docs/product.md §3; the other person is whichever of the two I am not.
 */
export function AuctionChatDialog({ auction, myId, open, onOpenChange, ...slots }: AuctionChatDialogProps) {
  const otherId = myId === auction.creatorId ? auction.winnerId : auction.creatorId;
  const conversationId = auctionConversationId(auction.id, auction.creatorId, auction.winnerId);
  const conversations = useConversations(open);
  const known = conversations.data?.find((c) => c.conversationId === conversationId)?.otherUser;
  let name: string;
  if (known) name = fullNameOf(known);
  else if (otherId === auction.creatorId) name = displayNameOf(auction.creator);
  else name = auction.bids.find((bid) => bid.bidder.id === otherId)?.bidder.firstName?.trim() || 'The winner';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[min(36rem,85vh)] flex-col gap-0 overflow-hidden p-0 max-sm:h-[calc(var(--viewport-height,100dvh)-2rem)] max-sm:p-0"
        data-testid="auction-chat"
      >
        <div className="shrink-0 border-b border-black/10 px-4 py-3 pr-12">
          <DialogTitle>Auction chat</DialogTitle>
          <DialogDescription className="truncate">{auction.title}</DialogDescription>
        </div>
        <ChatPane
          className="min-h-0 flex-1"
          conversationId={conversationId}
          otherUser={{ id: otherId, name }}
          withAgo
          {...slots}
        />
      </DialogContent>
    </Dialog>
  );
}
