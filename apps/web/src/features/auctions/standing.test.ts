import { describe, expect, it } from 'vitest';
import { standingText, winnerFirstName } from './standing';

const auction = { currentBid: '25.50', startingBid: '20.00', bidCount: 2 };

describe('standingText', () => {
  it('says each standing in words, with the bid that takes the lead back', () => {
    expect(standingText('winning', auction)).toBe("You're winning");
    expect(standingText('outbid', auction)).toBe("You've been outbid — bid $26.50");
    expect(standingText('won', auction)).toBe('You won — plan your date');
    expect(standingText('lost', auction)).toBe("Ended — you didn't win");
  });
});

describe('winnerFirstName', () => {
  it('finds the winner among the bids, or says nothing', () => {
    const bids = [{ bidder: { id: 'w', firstName: ' Wren ' } }, { bidder: { id: 'x', firstName: 'Xan' } }];
    expect(winnerFirstName({ winnerId: 'w', bids })).toBe('Wren');
    expect(winnerFirstName({ winnerId: 'z', bids })).toBeNull();
    expect(winnerFirstName({ winnerId: null, bids })).toBeNull();
  });
});
