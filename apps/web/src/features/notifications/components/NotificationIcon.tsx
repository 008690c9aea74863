import { Bell, CircleX, Clock, Gavel, MessageCircle, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';

/** An icon per type of docs/product.md §3; every other type gets the bell. */
const ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  bid_received: { icon: Gavel, className: 'text-primary' },
  outbid: { icon: TrendingUp, className: 'text-orange-500' },
  auction_won: { icon: Trophy, className: 'text-yellow-500' },
  auction_lost: { icon: CircleX, className: 'text-danger' },
  message_received: { icon: MessageCircle, className: 'text-blue-500' },
  auction_ending_soon: { icon: Clock, className: 'text-orange-500' },
};

const DEFAULT_ICON = { icon: Bell, className: 'text-neutral-text/70' };

export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, className } = ICONS[type] ?? DEFAULT_ICON;
  return (
    <Icon aria-hidden="true" data-icon={ICONS[type] ? type : 'default'} className={`size-4 shrink-0 ${className}`} />
  );
}
