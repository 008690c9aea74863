import type { ReactNode } from 'react';

interface PaymentsSectionProps {
  /** The heading's id; the section is named by it. */
  headingId: string;
  title: string;
  /** What the section holds, under its heading. */
  intro: ReactNode;
  /** A button beside the heading (Add Payment Method); the row stays while it is hidden (`false`), so the heading does not move. */
  action?: ReactNode;
  children: ReactNode;
}

/** One of the Payments tab's sections (methods, payouts, history): a named heading with its intro, then the content. */
export function PaymentsSection({ headingId, title, intro, action, children }: PaymentsSectionProps) {
  const heading = (
    <div>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-sm text-neutral-text/80">{intro}</p>
    </div>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      {action !== undefined ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
