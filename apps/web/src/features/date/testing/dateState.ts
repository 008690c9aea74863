import type { DateState } from '@bid/contract';

export const HOST_ID = '11111111-1111-4111-8111-111111111111';
export const WINNER_ID = '22222222-2222-4222-8222-222222222222';
export const AUCTION_ID = '33333333-3333-4333-8333-333333333333';

export type DateStateOverrides = Partial<Omit<DateState, 'dateMode'>> & { dateMode?: Partial<DateState['dateMode']> };

/** A paid date with nothing agreed yet, as the winner sees it; override what a test needs. */
export function dateState(overrides: DateStateOverrides = {}): DateState {
  const base: DateState = {
    auctionId: AUCTION_ID,
    auctionTitle: 'Coffee by the lake',
    viewerRole: 'winner',
    host: { id: HOST_ID, firstName: 'Hana', profileImageUrl: null },
    winner: { id: WINNER_ID, firstName: 'Will', profileImageUrl: null },
    expectedDuration: 60,
    amount: '100.00',
    proposal: null,
    plan: null,
    dateMode: {
      opensAt: null,
      startedAt: null,
      hostArrivedAt: null,
      winnerArrivedAt: null,
      hostSafeAt: null,
      winnerSafeAt: null,
      endedAt: null,
    },
    settlement: null,
    refundRequest: null,
    refund: null,
    emergencyNumber: '911',
  };
  return { ...base, ...overrides, dateMode: { ...base.dateMode, ...overrides.dateMode } };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
