import { describe, expect, it } from 'vitest';
import { boughtMessage, hostEndedMessage, soldByBuyNowMessage, wonMessage } from './lifecycle.messages.js';

// Their texts travel by e-mail and push too (docs/notifications.md): the third hostile test found
// "$389" mailed for a bid of $389.88.
describe('lifecycle messages', () => {
  it('show cents whenever the amount has any, and whole dollars otherwise', () => {
    expect(wonMessage('Coffee', '389.88')).toBe('You won "Coffee"! Your winning bid: $389.88.');
    expect(wonMessage('Coffee', '75.00')).toBe('You won "Coffee"! Your winning bid: $75.');
    expect(boughtMessage('Coffee', '1250.05')).toBe('You won "Coffee"! You bought it with Buy Now for $1,250.05.');
    expect(soldByBuyNowMessage('Bea L.', 'Coffee', '80.50')).toBe('Bea L. bought "Coffee" with Buy Now for $80.50.');
    expect(hostEndedMessage('Coffee', 'Ann T.', '51.10')).toBe(
      '"Coffee" ended. Ann T. won with $51.10: say hello in Messages.',
    );
  });
});
