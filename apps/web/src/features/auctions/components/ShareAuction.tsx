import { PartyPopper, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';

/** `/auction/{id}?created=1`: the page the create form lands on. */
export const JUST_CREATED_PARAM = 'created';

export const SHARE_TEXTS = {
  liveTitle: 'Your auction is live',
  liveBody: 'Share the link so people can find it and bid.',
  button: 'Share link',
  copied: 'Link copied',
  copiedBody: 'Paste it anywhere to share your auction.',
  copyFailed: 'Could not copy the link',
} as const;

/** The auction's public address (auction pages are open to visitors, so shared links work). */
export function auctionShareUrl(auctionId: string, origin: string = window.location.origin): string {
  return `${origin}/auction/${auctionId}`;
}

/**
 * Shares through the browser's share sheet where it has one (Web Share API), else copies the
 * link and says so. A share the member dismissed is not an error.
 */
export async function shareAuctionLink(auction: { id: string; title: string }): Promise<void> {
  const url = auctionShareUrl(auction.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: auction.title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (no user gesture, not allowed here): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: SHARE_TEXTS.copied, description: SHARE_TEXTS.copiedBody });
  } catch {
    toast({ title: SHARE_TEXTS.copyFailed, description: url, variant: 'destructive' });
  }
}

/** The host's share card on their auction's page; headed "Your auction is live" right after creating it. */
export function ShareAuctionCard({
  auction,
  justCreated,
}: {
  auction: { id: string; title: string };
  justCreated: boolean;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="share-auction">
      <div className="flex min-w-0 items-center gap-3">
        {justCreated && <PartyPopper aria-hidden="true" className="size-6 shrink-0 text-primary" />}
        <div className="min-w-0">
          {justCreated && <h2 className="font-semibold">{SHARE_TEXTS.liveTitle}</h2>}
          <p className="text-sm text-neutral-text/80">{SHARE_TEXTS.liveBody}</p>
        </div>
      </div>
      <Button variant={justCreated ? 'default' : 'outline'} onClick={() => void shareAuctionLink(auction)}>
        <Share2 aria-hidden="true" />
        {SHARE_TEXTS.button}
      </Button>
    </Card>
  );
}
