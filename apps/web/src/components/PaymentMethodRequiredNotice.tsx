import { PAYMENT_METHOD_REQUIRED } from '@bid/contract';
import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';

/** Shown in the bid and buy-now dialogs to a member with no saved payment method (the winner is charged on a win). */
export function PaymentMethodRequiredNotice() {
  return (
    <div className="flex gap-2 rounded-md border border-danger/40 bg-danger/5 p-3 text-sm" role="status">
      <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <p>
        {PAYMENT_METHOD_REQUIRED}{' '}
        <Link href="/profile?tab=payments" className="font-medium text-primary underline">
          Add a payment method
        </Link>
      </p>
    </div>
  );
}
