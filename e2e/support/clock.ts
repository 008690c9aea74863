import { expect, type APIRequestContext } from '@playwright/test';

// The server's test clock (docs/payments.md, "The test clock"). Journeys that move it run in the
// "test-clock" project of playwright.config.ts, on a server of their own, one at a time.

export const MINUTE = 60_000;

/** The server's time (GET /api/sandbox/clock, as the member signed in on `request`), in milliseconds. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/sandbox/clock');
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** Moves the test clock to just past `instant`; the server runs the jobs that became due before answering. */
export async function moveClockPast(request: APIRequestContext, instant: number): Promise<void> {
  const advanceMinutes = Math.ceil((instant - (await serverNow(request))) / MINUTE) + 1;
  expect(advanceMinutes, 'the clock only moves forward').toBeGreaterThan(0);
  const res = await request.post('/api/sandbox/clock', { data: { advanceMinutes } });
  expect(res.status(), await res.text()).toBe(200);
}
