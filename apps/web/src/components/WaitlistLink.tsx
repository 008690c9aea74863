import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { publicConfig } from '@/lib/config';

type WaitlistLinkProps = Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'className'> & {
  children: string;
};

/**
 * The external sign-up (waitlist) form. docs/product.md §1: it opens in a new tab, which screen-reader
 * users are told about in the link's name.
 */
export function WaitlistLink({ children, ...buttonProps }: WaitlistLinkProps) {
  return (
    <Button asChild {...buttonProps}>
      <a href={publicConfig.waitlistUrl} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
