import { formatAmountPlain, parseMoneyToCents, userChannel } from '@bid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { LazyToastAction } from '@/components/ui/LazyToaster';
import { toast } from '@/components/ui/use-toast';
import { useRealtimeChannel } from '@/lib/realtime';
import { patchCachedAuction } from '../api/auctionCache';

export const OUTBID_TOAST_TITLE = "You've been outbid";

/** The toast's text for an `outbid` event (docs/web-app.md "Live pages"). */
export function outbidToastDescription(minimumBid: string): string {
  return `Bid $${formatAmountPlain(parseMoneyToCents(minimumBid) ?? 0)} or more to take the lead again.`;
}

/**
 * The "You've been outbid" toast, on whatever page the member has open: the server sends
 * `outbid` on their own channel right after the bid that beat theirs (docs/realtime.md).
 * The bell's 30 s poll remains the fallback when the socket is down.
 */
export function useOutbidToast(userId: string | undefined): void {
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  useRealtimeChannel(userId ? userChannel(userId) : null, (event) => {
    if (event.type !== 'outbid') return;
    // Cards and the auction page say so at once; their next read confirms it.
    patchCachedAuction(queryClient, event.auctionId, { viewerStanding: 'outbid' });
    const target = `/auction/${event.auctionId}`;
    toast({
      title: OUTBID_TOAST_TITLE,
      description: outbidToastDescription(event.minimumBid),
      ...(location === target
        ? {}
        : {
            action: (
              <LazyToastAction altText="Open the auction" onClick={() => navigate(target)}>
                View auction
              </LazyToastAction>
            ),
          }),
    });
  });
}
