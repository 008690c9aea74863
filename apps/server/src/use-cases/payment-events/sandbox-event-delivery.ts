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
 * `stop` (on app close) drops events not yet delivered and waits for those being applied;
 * `drain` delivers the waiting ones at once and waits until all are applied.
 */
export type SandboxEventDelivery = ReturnType<typeof createSandboxEventDelivery>;

export function createSandboxEventDelivery(deps: PaymentEventDeps, delayMs = SANDBOX_EVENT_DELAY_MS) {
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

  const waiting = new Map<NodeJS.Timeout, PaymentEvent>();

  return {
    onEvent: async (event: PaymentEvent): Promise<void> => {
      if (stopped) return;
      const timer = setTimeout(() => {
        waiting.delete(timer);
        deliver(event);
      }, delayMs);
      timer.unref();
      waiting.set(timer, event);
    },
    /** Delivers every waiting event now and resolves once all are applied (tests compare state after). */
    drain: async (): Promise<void> => {
      while (waiting.size > 0 || applying.size > 0) {
        for (const [timer, event] of [...waiting]) {
          clearTimeout(timer);
          waiting.delete(timer);
          deliver(event);
        }
        await Promise.all([...applying]);
      }
    },
    stop: async (): Promise<void> => {
      stopped = true;
      for (const timer of waiting.keys()) clearTimeout(timer);
      waiting.clear();
      await Promise.all([...applying]);
    },
  };
}
