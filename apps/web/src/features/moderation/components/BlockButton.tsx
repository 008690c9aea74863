import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useBlockMember, useUnblockMember } from '../api/blocks';

interface BlockButtonProps {
  userId: string;
  name: string;
  isBlocked: boolean;
  onBlocked?: () => void;
  size?: 'sm' | 'default';
  /** Controlled from outside (a menu item asks): then no trigger button is drawn. */
  confirming?: boolean;
  onConfirmingChange?: (confirming: boolean) => void;
}

/**
 * Block (after a confirmation) or unblock a member (docs/trust-and-safety.md). A block works
 * both ways: neither of you can bid on the other's auctions, message the other or find the other.
 */
export function BlockButton({
  userId,
  name,
  isBlocked,
  onBlocked,
  size = 'sm',
  confirming: controlledConfirming,
  onConfirmingChange,
}: BlockButtonProps) {
  const [ownConfirming, setOwnConfirming] = useState(false);
  const controlled = controlledConfirming !== undefined;
  const confirming = controlled ? controlledConfirming : ownConfirming;
  const setConfirming = (next: boolean) => (controlled ? onConfirmingChange?.(next) : setOwnConfirming(next));
  const block = useBlockMember();
  const unblock = useUnblockMember();

  if (isBlocked) {
    return (
      <Button
        type="button"
        variant="outline"
        size={size}
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(userId, {
            onSuccess: () => toast({ title: 'Member Unblocked', description: `You unblocked ${name}.` }),
            onError: (error) => onMutationError(error, { title: 'Unblock Failed', description: 'Failed to unblock' }),
          })
        }
      >
        Unblock
      </Button>
    );
  }

  return (
    <>
      {!controlled && (
        <Button type="button" variant="outline" size={size} onClick={() => setConfirming(true)}>
          <Ban aria-hidden="true" /> Block
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        isPending={block.isPending}
        title={`Block ${name}?`}
        description="Neither of you will be able to bid on the other's auctions, send messages or find the other in search, and you will stop seeing each other. You can unblock from their page or your profile."
        keepLabel="Cancel"
        confirmLabel="Block"
        onConfirm={() =>
          block.mutate(userId, {
            onSuccess: () => {
              toast({ title: 'Member Blocked', description: `You blocked ${name}.` });
              setConfirming(false);
              onBlocked?.();
            },
            onError: (error) => onMutationError(error, { title: 'Block Failed', description: 'Failed to block' }),
          })
        }
      />
    </>
  );
}
