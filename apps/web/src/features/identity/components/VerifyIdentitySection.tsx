import { IDENTITY_STATUS_LABELS, type IdentityVerificationStatus } from '@bid/contract';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { onMutationError } from '@/lib/unauthorized';
import { useIdentityVerification } from '../api/getVerification';
import { useStartVerification } from '../api/startVerification';
import { VerifiedBadge } from '@/components/VerifiedBadge';

/** What the member reads under the status, and the button that takes the next step (if any). */
const NEXT_STEP: Record<IdentityVerificationStatus, { text: string; action: string | null }> = {
  unverified: {
    text: 'Verify your identity with a photo ID and a selfie. A verified badge then shows on your profile and your auctions.',
    action: 'Verify Identity',
  },
  pending: { text: 'Your verification has started. Finish it to get your badge.', action: 'Start again' },
  requires_input: {
    text: 'We need clearer photos to verify you. Please try again with your document and a selfie.',
    action: 'Try again',
  },
  manual_review: {
    text: 'A moderator is reviewing your verification. We will notify you of the result.',
    action: null,
  },
  verified: { text: 'Your identity is verified.', action: null },
  failed: { text: 'We could not verify your identity. You can try again.', action: 'Try again' },
};

/** The "Verify Identity" section of the profile page (docs/trust-and-safety.md). */
export function VerifyIdentitySection() {
  const verification = useIdentityVerification();
  const start = useStartVerification();
  const [, navigate] = useLocation();
  const view = verification.data;
  const status = view?.status ?? 'unverified';
  const next = NEXT_STEP[status];
  const canContinue = view?.status === 'pending' && view.url !== null;

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        // Stripe's hosted page is another site; the sandbox is a page of this app.
        if (/^https?:\/\//.test(started.url)) window.location.assign(started.url);
        else navigate(started.url);
      },
      onError: (error) =>
        onMutationError(error, { title: 'Verification Failed', description: 'Failed to start identity verification' }),
    });

  return (
    <Card aria-labelledby="verify-identity-title" data-testid="verify-identity">
      <CardHeader>
        <CardTitle level={2} id="verify-identity-title" className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5" /> Verify Identity
        </CardTitle>
        <CardDescription>
          Status:{' '}
          <span data-testid="identity-status" className="font-semibold">
            {verification.isLoading ? 'Loading…' : IDENTITY_STATUS_LABELS[status]}
          </span>{' '}
          {status === 'verified' && <VerifiedBadge />}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-neutral-text/80">{next.text}</p>
        <div className="flex shrink-0 gap-2">
          {canContinue && (
            <Button type="button" onClick={() => navigate(view.url!)}>
              Continue verification
            </Button>
          )}
          {next.action && (
            <Button
              type="button"
              variant={canContinue ? 'outline' : 'default'}
              onClick={onStart}
              disabled={start.isPending || verification.isLoading}
              aria-busy={start.isPending}
            >
              {start.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
              {next.action}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
