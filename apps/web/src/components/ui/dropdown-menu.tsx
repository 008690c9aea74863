import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface DropdownPanelProps {
  /** The button that opens the panel (rendered as the trigger itself). */
  trigger: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** The gap between the button and the panel, in pixels. */
  sideOffset?: number;
  /** The panel's width and padding. */
  className?: string;
  'data-testid'?: string;
  /** The panel's items. */
  children: ReactNode;
}

/**
 * A dropdown menu's frame: a white panel under its button, lined up with the button's end edge.
 * Not modal, so the rest of the page stays usable while it is open.
 */
export function DropdownPanel({
  trigger,
  sideOffset = 8,
  className,
  'data-testid': testId,
  children,
  ...root
}: DropdownPanelProps) {
  return (
    <DropdownMenu.Root modal={false} {...root}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={sideOffset}
          className={cn('z-50 rounded-md border border-black/10 bg-white shadow-lg', className)}
          data-testid={testId}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
