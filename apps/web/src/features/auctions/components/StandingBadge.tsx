import type { ViewerStanding } from '@bid/contract';
import { Badge } from '@/components/ui/badge';
import { STANDING_BADGES } from '../standing';

const VARIANTS = { winning: 'success', outbid: 'outline', won: 'default', lost: 'muted' } as const;

/** Where I stand on a card's auction (docs/web-app.md "Where you stand"). */
export function StandingBadge({ standing }: { standing: Exclude<ViewerStanding, null> }) {
  return (
    <Badge
      variant={VARIANTS[standing]}
      className={`w-fit ${standing === 'outbid' ? 'border-danger text-danger' : ''}`}
      data-testid="card-standing"
    >
      {STANDING_BADGES[standing]}
    </Badge>
  );
}
