import type { DateType } from '@bid/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { DATE_TYPE_ICONS, dateTypeLabel } from '@/lib/auctionLabels';

/**
 * The top of every auction card: the title, whose link stretches over the whole card (the
 * card must be `relative`), and the date-type badge.
 */
export function AuctionCardHeading({ id, title, dateType }: { id: string; title: string; dateType: DateType }) {
  const TypeIcon = DATE_TYPE_ICONS[dateType] ?? MapPin;
  return (
    <div className="flex items-start justify-between gap-3">
      <h3 className="text-lg font-semibold leading-snug">
        <Link
          href={`/auction/${id}`}
          className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-primary"
        >
          {title}
        </Link>
      </h3>
      <Badge variant="secondary" className="shrink-0">
        <TypeIcon aria-hidden="true" className="size-3" />
        {dateTypeLabel(dateType)}
      </Badge>
    </div>
  );
}
