import { PAYMENT_TOASTS } from '@bid/contract';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { handleUnauthorized, onMutationError, readableServerMessage } from '@/lib/unauthorized';

/**
 * docs/product.md §8 payment toasts, in one place so both forms (sandbox and Stripe), the return from a
 * redirect and the tab say the same thing for the same outcome.
 */

/** Stripe's own wording when a bank's authentication page was failed or abandoned. */
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export function toastMethodAdded(): void {
  toast({
    title: PAYMENT_TOASTS.addedTitle,
    description: 'You can bid now. Your card is only charged if you win an auction.',
  });
}

export function toastMethodRemoved(label: string): void {
  toast({ title: PAYMENT_TOASTS.removedTitle, description: `${label} was removed from your account.` });
}

/** The provider refused the details (a decline, a failed authentication): its message, else the spec's text. */
export function toastMethodFailed(providerMessage?: string | null): void {
  toast({
    title: PAYMENT_TOASTS.methodFailedTitle,
    description: providerMessage?.trim() || PAYMENT_TOASTS.methodFailedFallback,
    variant: 'destructive',
  });
}

/** Anything the provider did not explain (a network failure, a server error). */
export function toastAddError(): void {
  toast({ title: PAYMENT_TOASTS.errorTitle, description: PAYMENT_TOASTS.errorDescription, variant: 'destructive' });
}

export function toastStripeConfigError(): void {
  toast({
    title: PAYMENT_TOASTS.configErrorTitle,
    description: PAYMENT_TOASTS.configErrorDescription,
    variant: 'destructive',
  });
}

export function toastSetupFailed(error: unknown): void {
  onMutationError(error, {
    title: PAYMENT_TOASTS.setupFailedTitle,
    description: PAYMENT_TOASTS.setupFailedDescription,
  });
}

export function toastRemovalFailed(error: unknown): void {
  onMutationError(error, {
    title: PAYMENT_TOASTS.removalFailedTitle,
    description: PAYMENT_TOASTS.removalFailedDescription,
  });
}

/**
 * A failed confirmation through our server (the sandbox): a 4xx answer is the provider
 * refusing the card, with its message; anything else is unexpected.
 */
export function toastConfirmFailed(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    handleUnauthorized();
    return;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    toastMethodFailed(readableServerMessage(error));
    return;
  }
  toastAddError();
}
