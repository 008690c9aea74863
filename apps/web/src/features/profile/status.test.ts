import { describe, expect, it } from 'vitest';
import { myAuctionStatus, myBidStanding } from './status';

const now = new Date('2026-01-10T12:00:00Z');
const later = '2026-01-11T12:00:00Z';
const earlier = '2026-01-09T12:00:00Z';
const auction = { isActive: true, endTime: later, cancelledAt: null, winnerId: null };

describe('my auction status', () => {
  it('is active while open, cancelled once cancelled, else ended or sold', () => {
    expect(myAuctionStatus(auction, now)).toBe('active');
    expect(myAuctionStatus({ ...auction, isActive: false, cancelledAt: earlier }, now)).toBe('cancelled');
    expect(myAuctionStatus({ ...auction, endTime: earlier }, now)).toBe('ended');
    expect(myAuctionStatus({ ...auction, isActive: false, endTime: earlier, winnerId: 'u2' }, now)).toBe('sold');
    expect(myAuctionStatus({ ...auction, isActive: false }, now)).toBe('ended');
  });
});

describe('my bid standing', () => {
  const bid = { amount: '25.00', auction: { currentBid: '25.00', isActive: true, endTime: later } };
  it('leads when my amount is the current bid, else is outbid; ended once the auction is over', () => {
    expect(myBidStanding(bid, now)).toBe('leading');
    expect(myBidStanding({ ...bid, amount: '25' }, now)).toBe('leading');
    expect(myBidStanding({ ...bid, auction: { ...bid.auction, currentBid: '30.00' } }, now)).toBe('outbid');
    expect(myBidStanding({ ...bid, auction: { ...bid.auction, endTime: earlier } }, now)).toBe('ended');
    expect(myBidStanding({ ...bid, auction: { ...bid.auction, isActive: false } }, now)).toBe('ended');
  });
});
