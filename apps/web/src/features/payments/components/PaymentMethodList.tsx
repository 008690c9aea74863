import type { PaymentMethod } from '@bid/contract';
import { CreditCard, Landmark, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cardExpiryLabel, paymentMethodLabel } from '@/lib/paymentFormat';

interface PaymentMethodListProps {
  methods: PaymentMethod[];
  onRemove: (method: PaymentMethod) => void;
}

/** docs/product.md §3 "Payment method": a card by brand, last four digits and expiry; a bank account by bank, type and last four. */
export function PaymentMethodList({ methods, onRemove }: PaymentMethodListProps) {
  return (
    <ul className="grid gap-3" aria-label="Saved payment methods">
      {methods.map((method) => {
        const label = paymentMethodLabel(method);
        const expiry = cardExpiryLabel(method);
        const Icon = method.type === 'card' ? CreditCard : Landmark;
        return (
          <li
            key={method.id}
            data-testid="payment-method"
            className="flex items-center justify-between gap-3 rounded-lg border border-black/10 bg-white p-4"
          >
            <div className="flex min-w-0 items-center gap-3">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
              <div className="grid min-w-0">
                <span className="truncate font-medium">{label}</span>
                <span className="text-sm text-neutral-text/70">
                  {expiry ??
                    (method.us_bank_account?.account_holder_type === 'company'
                      ? 'Business bank account'
                      : 'US bank account')}
                </span>
              </div>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onRemove(method)}
              aria-label={`Remove ${label}`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
