import { describe, expect, it } from 'vitest';
import { AUCTION_OUTCOME_TEXT, auctionOutcomeText } from './auction-outcome.js';
import { copyrightYears } from './constants.js';
import { arrivalCheckInOpensAt, arrivalOpensText } from './date-mode.js';

describe('an ended auction says what happened (docs/web-app.md, its ended auctions section)', () => {
  it('sold, unsold, cancelled', () => {
    expect(auctionOutcomeText({ winnerId: 'u1', currentBid: '80.00', cancelled: false })).toBe('Sold for $80');
    expect(auctionOutcomeText({ winnerId: null, currentBid: '25.00', cancelled: false })).toBe('Ended with no winner');
    expect(auctionOutcomeText({ winnerId: null, currentBid: '25.00', cancelled: true })).toBe('Auction not active');
    expect(AUCTION_OUTCOME_TEXT.soldFor('1250.00')).toBe('Sold for $1,250');
  });
});

describe('the footer years', () => {
  it('run from 2025 to the current year', () => {
    expect(copyrightYears(new Date(2025, 5, 1))).toBe('2025');
    expect(copyrightYears(new Date(2026, 11, 7))).toBe('2025–2026');
  });
});

describe('"I\'ve arrived" opens 15 minutes before the start', () => {
  it('names the moment', () => {
    expect(arrivalCheckInOpensAt('2026-12-07T20:00:00.000Z').toISOString()).toBe('2026-12-07T19:45:00.000Z');
    expect(arrivalOpensText('7:45 PM')).toBe('You can check in from 7:45 PM');
  });
});
