import { Gavel } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** An auction list's answer failed (the feed, the public browse list): what happened, and Retry. */
export function AuctionsLoadError({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p role="alert" className="text-danger">
        Auctions could not be loaded. Please try again.
      </p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      )}
    </div>
  );
}

/** An auction list with nothing to show: "No auctions found", a hint what to try, and an action where there is one. */
export function NoAuctionsFound({
  headingLevel,
  hint,
  children,
}: {
  /** The heading's level under the page's own headings. */
  headingLevel: 'h2' | 'h3';
  hint: string;
  children?: ReactNode;
}) {
  const Heading = headingLevel;
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <Gavel aria-hidden="true" className="size-12 text-primary" />
      <Heading className="mt-4 text-xl font-semibold">No auctions found</Heading>
      <p className="mt-2 text-neutral-text/70">{hint}</p>
      {children}
    </Card>
  );
}
