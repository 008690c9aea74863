import type { PayoutAccount } from '@bid/contract';
import { AlertTriangle, CheckCircle2, Landmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { onMutationError } from '@/lib/unauthorized';
import { usePayoutAccount, useStartPayoutOnboarding } from '../api/payoutAccount';
import { formatDollarsAndCents, isPositiveAmount } from '@/lib/paymentFormat';
import { redirectTo } from '../redirect';
import { PaymentsSection } from './PaymentsSection';

const STATUS_TEXT: Record<PayoutAccount['status'], string> = {
  none: 'Connect a payout account to receive your share of dates you host.',
  onboarding: 'Finish setting up payouts',
  enabled: 'Payouts are on',
};

/**
 * The host's side of the money (docs/the-date.md): the payout account the released shares are
 * paid to, and where those shares stand. Onboarding happens on the provider's page (Stripe
 * Connect Express, or the sandbox's stand-in), which returns to the profile.
 */
export function PayoutAccountSection() {
  const { data: account, isLoading, isError } = usePayoutAccount();
  const onboarding = useStartPayoutOnboarding();

  const startOnboarding = () =>
    onboarding.mutate(undefined, {
      onSuccess: ({ url }) => redirectTo(url),
      onError: (error) =>
        onMutationError(error, { title: 'Payout Setup Failed', description: 'Failed to start payout setup' }),
    });

  return (
    <PaymentsSection
      headingId="payouts-heading"
      title="Payouts"
      intro="Your share of the dates you host is paid to your payout account."
    >
      {isLoading ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Loading your payouts...
        </p>
      ) : isError || !account ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Your payouts could not be loaded. Please try again later.
        </p>
      ) : (
        <Card>
          <CardContent className="grid gap-4 p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2 font-medium">
                {account.status === 'enabled' ? (
                  <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
                ) : (
                  <Landmark aria-hidden="true" className="size-5 shrink-0 text-primary" />
                )}
                {STATUS_TEXT[account.status]}
              </p>
              {account.status !== 'enabled' && (
                <Button type="button" onClick={startOnboarding} disabled={onboarding.isPending}>
                  {onboarding.isPending ? 'Opening...' : 'Set up payouts'}
                </Button>
              )}
            </div>
            {account.status !== 'enabled' && isPositiveAmount(account.releasedUnpaid) && (
              <p
                className="flex gap-2 rounded-md border border-danger/40 bg-danger/5 p-3 text-sm"
                data-testid="payout-waiting-warning"
              >
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
                You have {formatDollarsAndCents(account.releasedUnpaid)} waiting. Connect a payout account to receive
                it.
              </p>
            )}
            <dl className="grid gap-3 sm:grid-cols-3">
              <Balance label="Held until your dates happen" amount={account.held} />
              <Balance label="Released, waiting for payout" amount={account.releasedUnpaid} />
              <Balance label="Paid out" amount={account.paidOut} />
            </dl>
          </CardContent>
        </Card>
      )}
    </PaymentsSection>
  );
}

function Balance({ label, amount }: { label: string; amount: string }) {
  return (
    <div className="grid gap-1 rounded-md bg-secondary/30 p-3">
      <dt className="text-sm text-neutral-text/80">{label}</dt>
      <dd className="text-lg font-semibold">{formatDollarsAndCents(amount)}</dd>
    </div>
  );
}
