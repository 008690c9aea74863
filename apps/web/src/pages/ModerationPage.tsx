import { useAuth } from '@/lib/useAuth';
import { VerificationReviewQueue } from '@/features/identity/components/VerificationReviewQueue';
import { HeldItemQueue } from '@/features/moderation/components/HeldItemQueue';
import { ModerationQueue } from '@/features/moderation/components/ModerationQueue';
import { RefundRequestQueue } from '@/features/moderation/components/RefundRequestQueue';
import NotFoundPage from './NotFoundPage';

/**
 * /moderation: the report queue, the identity verifications and the refund requests waiting for a
 * person's decision, for moderators only; everyone else gets the 404 page.
 */
export default function ModerationPage() {
  const { user } = useAuth();
  if (user?.role !== 'moderator') return <NotFoundPage />;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8" data-testid="page-moderation">
      <h1 className="text-3xl font-bold">Moderation</h1>
      <p className="mt-2 text-neutral-text/80">
        Reports are due 24 hours after they are made; overdue ones are marked.
      </p>
      <div className="mt-6">
        <ModerationQueue />
      </div>
      <div className="mt-10">
        <HeldItemQueue />
      </div>
      <div className="mt-10">
        <VerificationReviewQueue />
      </div>
      <div className="mt-10">
        <RefundRequestQueue />
      </div>
    </section>
  );
}
