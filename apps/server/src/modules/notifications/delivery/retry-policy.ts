/**
 * How the outbox retries a delivery that failed for a reason that may pass (the mail server or
 * the push service down, a timeout): exponential backoff from 5 seconds, capped at 5 minutes,
 * given up 24 hours after the notification (docs/notifications.md).
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** The wait after the `attempts`-th failed attempt (1 → 5 s, 2 → 10 s, … then 5 min). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(policy.firstDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/** When to try again after a failure, or undefined once the delivery is too old to be worth it. */
export function nextAttemptAfterFailure(
  delivery: { createdAt: Date; attempts: number },
  now: Date,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Date | undefined {
  const next = new Date(now.getTime() + retryDelayMs(delivery.attempts, policy));
  if (next.getTime() - delivery.createdAt.getTime() > policy.giveUpAfterMs) return undefined;
  return next;
}
