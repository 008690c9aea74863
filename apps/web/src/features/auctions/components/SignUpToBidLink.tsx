import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { publicConfig } from '@/lib/config';

type SignUpLinkProps = Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'className'> & { children: string };

/** The external sign-up (waitlist) form, which docs/product.md §1 opens in a new tab. */
export function SignUpLink({ children, ...buttonProps }: SignUpLinkProps) {
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
