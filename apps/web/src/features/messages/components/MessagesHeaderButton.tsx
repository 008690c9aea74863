import { NOTIFICATION_BADGE_MAX as BADGE_MAX } from '@bid/contract';
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useUnreadMessageCount } from '../api/conversations';

/**
 * The header's messages button (docs/product.md §2): a link to /messages whose badge is the real number
 * of unread messages (GET /api/conversations/unread-count, every 30 s) instead of the
 * source's hard-coded 2 (docs/engineering.md §1); '9+' above 9 like the notification badge. No badge at zero.
 */
export function MessagesHeaderButton() {
  const unread = useUnreadMessageCount();
  const count = unread.data?.count ?? 0;
  const describedBy = useId();
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link
        href="/messages"
        aria-label="Messages"
        aria-describedby={count > 0 ? describedBy : undefined}
        data-testid="messages-button"
      >
        <MessageCircle aria-hidden="true" />
        {count > 0 && (
          <span id={describedBy} className="sr-only">
            {count} unread
          </span>
        )}
        {count > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[0.65rem] font-bold text-white"
            aria-hidden="true"
            data-testid="messages-badge"
          >
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        )}
      </Link>
    </Button>
  );
}
