import { SHARE_DATE_COPY } from '@bid/contract';
import { Copy, Share2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormControl, FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateShareLink } from '../api/shareLink';
import { formatPlanDateTime } from '../format';
import { errorText } from '../people';

interface ShareDateButtonProps {
  auctionId: string;
  /** Whether the member's position is being shared now: the copy says what the friend really sees. */
  locationShared: boolean;
  /** The "Share my location" control, while Date Mode runs. */
  children?: ReactNode;
}

/** "Share my date": a read-only link for a trusted contact, to copy into any messenger. */
export function ShareDateButton({ auctionId, locationShared, children }: ShareDateButtonProps) {
  const id = useId();
  const share = useCreateShareLink(auctionId);
  const [copied, setCopied] = useState(false);
  const link = share.data;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selectable in the box.
      setCopied(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="font-semibold">
        Share my date
      </h2>
      <p className="text-sm text-neutral-text/80" data-testid="share-date-copy">
        {locationShared ? SHARE_DATE_COPY.withLocation : SHARE_DATE_COPY.withoutLocation}
      </p>
      {children}
      {!link && (
        <Button type="button" variant="outline" disabled={share.isPending} onClick={() => share.mutate()}>
          <Share2 aria-hidden="true" />
          Share my date
        </Button>
      )}
      {link && (
        <FormField label="Share link" id={`${id}-url`}>
          <div className="flex gap-2">
            <FormControl>
              <Input readOnly value={link.url} onFocus={(event) => event.target.select()} />
            </FormControl>
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-xs text-neutral-text/70">{`This link expires ${formatPlanDateTime(link.expiresAt)}`}</p>
        </FormField>
      )}
      <FormError role="alert">{share.isError && errorText(share.error)}</FormError>
    </section>
  );
}
