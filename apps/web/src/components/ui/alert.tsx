import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type AlertTone = 'error' | 'success';

const TONES: Record<AlertTone, string> = {
  error: 'border-danger/40 bg-danger/10 text-danger',
  success: 'border-success/40 bg-success/10 text-neutral-text',
};

/**
 * The app's in-page message: read out by screen readers as it appears (`role="alert"`), never a
 * browser pop-up that blocks the page and loses what was typed (docs/accounts.md).
 */
export function Alert({
  tone = 'error',
  className,
  children,
}: {
  tone?: AlertTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p role="alert" className={cn('rounded-md border px-3 py-2 text-sm break-words', TONES[tone], className)}>
      {children}
    </p>
  );
}
