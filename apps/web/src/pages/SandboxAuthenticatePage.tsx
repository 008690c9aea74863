import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import {
  type SandboxAuthenticationOutcome,
  useSandboxAuthenticateSetup,
} from '@/features/payments/api/sandboxAuthenticateSetup';
import { SandboxPageCard } from '@/features/payments/components/SandboxPageCard';
import { ApiError } from '@/lib/api';
import { mutationErrorText } from '@/lib/unauthorized';

/** 'seti_123_secret_abc' → 'seti_123': the id Stripe appends to the return address. */
function setupIntentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? clientSecret;
}

/**
 * The offline sandbox's stand-in for a bank's 3-D Secure page (like Stripe's test page): the
 * member completes or fails the authentication, and the browser returns to /profile with the
 * outcome, as it would from a bank (docs/product.md §2: /profile is the return address).
 */
export default function SandboxAuthenticatePage() {
  const clientSecret = new URLSearchParams(useSearch()).get('client_secret') ?? '';
  const [, navigate] = useLocation();
  const authenticate = useSandboxAuthenticateSetup();
  const [problem, setProblem] = useState<string | null>(null);
  const [answered, setAnswered] = useState<SandboxAuthenticationOutcome | null>(null);

  const returnToProfile = (status: 'succeeded' | 'failed') => {
    const params = new URLSearchParams({
      tab: 'payments',
      setup_intent: setupIntentIdOf(clientSecret),
      redirect_status: status,
    });
    navigate(`/profile?${params.toString()}`, { replace: true });
  };

  const answer = (outcome: SandboxAuthenticationOutcome) => {
    setProblem(null);
    setAnswered(outcome);
    authenticate.mutate(
      { clientSecret, outcome },
      {
        onSuccess: () => returnToProfile(outcome === 'complete' ? 'succeeded' : 'failed'),
        onError: (error) => {
          // As on Stripe, a failed authentication is the card error 402: recorded, so back to the profile.
          if (outcome === 'fail' && error instanceof ApiError && error.status === 402) {
            returnToProfile('failed');
            return;
          }
          setAnswered(null);
          setProblem(mutationErrorText(error, 'Your answer could not be recorded. Please try again.'));
        },
      },
    );
  };

  return (
    <SandboxPageCard
      title="Test authentication page"
      description={
        <>
          This page belongs to the payment sandbox and stands in for your bank&apos;s 3-D Secure check. With a real
          card, your bank would ask you here to confirm that you are saving this card.
        </>
      }
    >
      {clientSecret ? (
        <>
          <p className="flex gap-2 text-sm text-neutral-text/80">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            Choose how the authentication ends. No real bank is contacted.
          </p>
          <FormError role="alert">{problem}</FormError>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={() => answer('complete')} disabled={authenticate.isPending}>
              {answered === 'complete' ? 'Completing...' : 'Complete authentication'}
            </Button>
            <Button type="button" variant="outline" onClick={() => answer('fail')} disabled={authenticate.isPending}>
              {answered === 'fail' ? 'Failing...' : 'Fail authentication'}
            </Button>
          </div>
        </>
      ) : (
        <p role="alert">
          This authentication link is incomplete. Go back to your{' '}
          <Link href="/profile?tab=payments" className="font-medium text-primary underline">
            payment methods
          </Link>{' '}
          and add the card again.
        </p>
      )}
    </SandboxPageCard>
  );
}
