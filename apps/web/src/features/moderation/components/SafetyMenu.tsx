import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MemberReportTargetType } from '@bid/contract';
import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownPanel } from '@/components/ui/dropdown-menu';
import { BlockButton } from './BlockButton';
import { ReportDialog } from './ReportDialog';

interface SafetyMenuProps {
  /** What "Report" reports. */
  target: { type: MemberReportTargetType; id: string; label: string };
  /** The member "Block" blocks. */
  member: { id: string; name: string };
}

/**
 * Report and Block behind one "More actions" button (docs/web-app.md "Auction page"): always at
 * hand, never in the way of what the page is for. Each item opens its own dialog, as the two
 * buttons did (docs/trust-and-safety.md).
 */
export function SafetyMenu({ target, member }: SafetyMenuProps) {
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  return (
    <>
      <DropdownPanel
        trigger={
          <Button type="button" variant="ghost" size="icon" aria-label="More actions" data-testid="safety-menu">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        }
        sideOffset={4}
        className="min-w-44 py-1"
      >
        <DropdownMenu.Item className={itemClass} onSelect={() => setReporting(true)}>
          <Flag aria-hidden="true" className="size-4" />
          {target.label}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => setBlocking(true)}>
          <Ban aria-hidden="true" className="size-4" />
          Block {member.name}
        </DropdownMenu.Item>
      </DropdownPanel>
      <ReportDialog targetType={target.type} targetId={target.id} open={reporting} onOpenChange={setReporting} />
      <BlockButton
        userId={member.id}
        name={member.name}
        isBlocked={false}
        confirming={blocking}
        onConfirmingChange={setBlocking}
      />
    </>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 px-4 py-2 text-sm outline-none data-[highlighted]:bg-secondary/40 focus-visible:bg-secondary/40';
