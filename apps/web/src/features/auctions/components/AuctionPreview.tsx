import { formatWholeDollars, parseMoneyToCents } from '@bid/contract';
import { Eye } from 'lucide-react';
import { Card } from '@/components/ui/card';

interface AuctionPreviewProps {
  startingBid: string;
  buyNowPrice: string;
  endDate: string;
  endTimeOfDay: string;
}

const money = (value: string) => (parseMoneyToCents(value) === undefined ? '—' : formatWholeDollars(value));

function formatEnd(endDate: string, endTimeOfDay: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return 'Select an end date';
  const end = new Date(`${endDate}T${/^\d{2}:\d{2}/.test(endTimeOfDay) ? endTimeOfDay : '23:59'}`);
  if (Number.isNaN(end.getTime())) return 'Select an end date';
  const date = end.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const time = end.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${date} at ${time}`;
}

/** docs/product.md §2 create-page preview: starting bid, buy-now, end date and time, as bidders will see them. */
export function AuctionPreview({ startingBid, buyNowPrice, endDate, endTimeOfDay }: AuctionPreviewProps) {
  return (
    <Card className="bg-palette-gradient p-6" role="region" aria-labelledby="auction-preview-heading">
      <h2 id="auction-preview-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Eye aria-hidden="true" className="size-5 text-primary" />
        Preview
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3" data-testid="auction-preview">
        <div>
          <dt className="text-xs uppercase tracking-wide text-neutral-text/70">Starting bid</dt>
          <dd className="text-xl font-bold text-primary">{money(startingBid)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-neutral-text/70">Buy now</dt>
          <dd className="text-xl font-bold">{buyNowPrice.trim() ? money(buyNowPrice) : 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-neutral-text/70">Ends</dt>
          <dd className="font-semibold">{formatEnd(endDate, endTimeOfDay)}</dd>
        </div>
      </dl>
    </Card>
  );
}
