import { Gavel, MessageCircle, TrendingUp } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import type { ProfileStats as Stats } from '@bid/contract';
import { useProfileStats } from '../api/getProfileStats';

const CARDS: Array<{ key: keyof Stats; label: string; icon: ComponentType<{ className?: string }> }> = [
  { key: 'auctionsCreated', label: 'Auctions Created', icon: Gavel },
  { key: 'bidsPlaced', label: 'Bids Placed', icon: TrendingUp },
  { key: 'activeConversations', label: 'Active Conversations', icon: MessageCircle },
];

/** The three stat cards of docs/product.md §2, from the member's `getProfileStats`. */
export function ProfileStats() {
  const { data, isError } = useProfileStats();
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Profile statistics">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card data-testid={`stat-${key}`}>
            <CardContent className="flex items-center gap-4 p-6">
              <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <p className="text-3xl font-bold" aria-live="polite">
                  {data ? data[key] : isError ? '–' : '…'}
                </p>
                <p className="text-sm text-neutral-text/80">{label}</p>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
