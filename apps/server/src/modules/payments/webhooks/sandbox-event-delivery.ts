import type { PaymentEvent, PaymentEventDeps } from './payment-webhooks.js';
import { applyPaymentEvent } from './payment-webhooks.js';

/**
 * How long after a sandbox call its event arrives. Stripe's webhooks arrive after the API's
 * answer; so do the sandbox's in the running app, so the caller (the charge worker, the date job)
 * records its own answer first, as it usually does with Stripe, and the event then finds the
 * state already there and changes nothing. Events about what no caller records (a refund made
 * as if from the provider's dashboard) are applied by the event.
 */
export const SANDBOX_EVENT_DELAY_MS = 1_000;

/**
 * The running app's sink for the sandbox's events: each is applied by `applyPaymentEvent`, the
 * function behind `POST /api/payments/webhook`, so the sandbox exercises the webhook's code.
 * `stop` (on app close) drops events not yet delivered and waits for those being applied.
 */
export function createSandboxEventDelivery(deps: PaymentEventDeps, delayMs = SANDBOX_EVENT_DELAY_MS) {
  const timers = new Set<NodeJS.Timeout>();
  const applying = new Set<Promise<unknown>>();
  let stopped = false;

  function deliver(event: PaymentEvent): void {
    const applied = applyPaymentEvent(deps, event)
      .catch((err: unknown) => {
        // Like a webhook the app answered with an error: nothing was applied, the state stands.
        deps.logger.error({ err, eventId: event.id, type: event.type }, 'sandbox payment event not applied');
      })
      .finally(() => applying.delete(applied));
    applying.add(applied);
  }

  return {
    onEvent: async (event: PaymentEvent): Promise<void> => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliver(event);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    stop: async (): Promise<void> => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...applying]);
    },
  };
}
