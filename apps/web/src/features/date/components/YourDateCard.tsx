import { CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { useDateState } from '../api/dateState';
import { formatPlanDateTime } from '../format';
import { errorText } from '../people';

/**
 * "Your date" on a won auction's page, for its winner and its host: the agreed plan (or where to
 * agree one) and the way into Date Mode. Renders nothing when the server has no date for them.
 */
export function YourDateCard({ auctionId }: { auctionId: string }) {
  const date = useDateState(auctionId);

  if (date.isError) {
    if (date.error instanceof ApiError && date.error.status === 409) {
      return (
        <Card className="p-6" aria-label="Your date">
          <h2 className="text-lg font-semibold">Your date</h2>
          <p className="mt-2 text-sm text-neutral-text/80">{errorText(date.error)}</p>
        </Card>
      );
    }
    return null;
  }
  if (!date.data) return null;
  const { plan } = date.data;

  return (
    <Card className="grid gap-3 p-6" aria-label="Your date" data-testid="your-date-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarHeart aria-hidden="true" className="size-5 text-primary" />
        Your date
      </h2>
      {plan ? (
        <p>
          <span className="font-medium">{plan.place}</span>
          <br />
          <time dateTime={plan.startsAt} className="text-sm text-neutral-text/80">
            {formatPlanDateTime(plan.startsAt)}
          </time>
        </p>
      ) : (
        <p className="text-sm text-neutral-text/80">
          No plan yet: agree a time and place in your{' '}
          <Link href="/messages" className="font-medium text-primary underline">
            chat
          </Link>
        </p>
      )}
      <Button asChild>
        <Link href={`/auctions/${auctionId}/date`}>Open Date Mode</Link>
      </Button>
    </Card>
  );
}
