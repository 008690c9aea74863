import { describe, expect, it, vi } from 'vitest';
import { followServerTime, onServerClockChange, serverNow } from './serverClock';

describe('serverClock', () => {
  it("follows a server ahead of the browser, from the middle of the read's round trip", () => {
    const listener = vi.fn();
    const unsubscribe = onServerClockChange(listener);
    const sentAt = Date.now();
    const receivedAt = sentAt + 200;
    // The server answered "two hours after the middle of the round trip".
    followServerTime(new Date(sentAt + 100 + 2 * 3_600_000).toISOString(), sentAt, receivedAt);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(Math.abs(serverNow() - (Date.now() + 2 * 3_600_000))).toBeLessThan(50);

    // Under a second of difference is the round trip's noise: no change, no re-render.
    followServerTime(new Date(Date.now() + 2 * 3_600_000 + 400).toISOString(), Date.now(), Date.now());
    expect(listener).toHaveBeenCalledTimes(1);
    // An answer that is not a time changes nothing either.
    followServerTime('not a time', Date.now(), Date.now());
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
