import { z } from 'zod';

// The test clock (docs/payments.md, "The test clock"; docs/the-date.md, "Playing a date on the test
// clock"): while the payment sandbox runs outside production, it moves the server's time forward
// for every rule that reads the time, like Stripe's test clocks.

/** The most one call may move the clock: a year and a day, enough for any window the product has. */
export const SANDBOX_CLOCK_MAX_ADVANCE_MINUTES = 366 * 24 * 60;

/** The furthest the clock may ever be ahead in total (ten years), so the offset and every date stay in range. */
export const SANDBOX_CLOCK_MAX_OFFSET_MINUTES = 10 * SANDBOX_CLOCK_MAX_ADVANCE_MINUTES;

export const SANDBOX_CLOCK_MESSAGES = {
  advanceMinutes: `advanceMinutes must be a whole number of minutes from 1 to ${SANDBOX_CLOCK_MAX_ADVANCE_MINUTES}.`,
  tooFar: 'The test clock cannot be more than ten years ahead.',
} as const;

/** POST /api/sandbox/clock: how far to move the clock. Forward only, whole minutes. */
export const advanceSandboxClockSchema = z.object({
  advanceMinutes: z
    .number({ error: SANDBOX_CLOCK_MESSAGES.advanceMinutes })
    .int(SANDBOX_CLOCK_MESSAGES.advanceMinutes)
    .min(1, SANDBOX_CLOCK_MESSAGES.advanceMinutes)
    .max(SANDBOX_CLOCK_MAX_ADVANCE_MINUTES, SANDBOX_CLOCK_MESSAGES.advanceMinutes),
});
export type AdvanceSandboxClockInput = z.infer<typeof advanceSandboxClockSchema>;

/** GET and POST /api/sandbox/clock: the server's time and how far ahead of the real time it is. */
export const sandboxClockSchema = z.object({
  now: z.iso.datetime(),
  offsetMinutes: z.number().int().min(0),
});
export type SandboxClock = z.infer<typeof sandboxClockSchema>;
