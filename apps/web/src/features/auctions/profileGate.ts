import {
  INCOMPLETE_PROFILE_FOR_AUCTION,
  INCOMPLETE_PROFILE_FOR_BID,
  INCOMPLETE_PROFILE_TITLE,
  isProfileComplete,
  type ProfileCompletenessFields,
} from '@bid/contract';
import { toast } from '@/components/ui/use-toast';

const INCOMPLETE_PROFILE_FOR = { bid: INCOMPLETE_PROFILE_FOR_BID, auction: INCOMPLETE_PROFILE_FOR_AUCTION } as const;

/**
 * docs/product.md §5: bidding (buy now too) and creating an auction need a complete profile. True when
 * the member's is; otherwise the "Complete Your Profile" toast says what it is needed for, and nothing
 * is sent.
 */
export function hasCompleteProfile(
  user: ProfileCompletenessFields | null | undefined,
  action: keyof typeof INCOMPLETE_PROFILE_FOR,
): boolean {
  if (user && isProfileComplete(user)) return true;
  toast({ title: INCOMPLETE_PROFILE_TITLE, description: INCOMPLETE_PROFILE_FOR[action], variant: 'destructive' });
  return false;
}
