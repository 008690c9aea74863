import { EMPTY_REPUTATION } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { makeAuctionListItem } from '@/testing/auctions';
import { AuctionCard } from './AuctionCard';

const auction = (identityVerified: boolean) =>
  makeAuctionListItem({
    id: '11111111-1111-4111-8111-111111111111',
    creatorId: '22222222-2222-4222-8222-222222222222',
    endTime: new Date(Date.now() + 86_400_000).toISOString(),
    creator: {
      id: '22222222-2222-4222-8222-222222222222',
      firstName: 'Vera',
      lastName: 'Verified',
      displayName: 'Vera V.',
      identityVerified,
      profileImageUrl: null,
      reputation: EMPTY_REPUTATION,
    },
  });

afterEach(cleanup);

function renderCard(identityVerified: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuctionCard auction={auction(identityVerified)} view="public" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('auction-card');
}

describe('auction card: the verified badge (docs/trust-and-safety.md)', () => {
  it('shows the badge next to a verified host', () => {
    const card = renderCard(true);
    expect(within(card).getByRole('img', { name: 'Verified identity' })).toBeInTheDocument();
  });

  it('shows no badge for a host who is not verified', () => {
    const card = renderCard(false);
    expect(within(card).queryByRole('img', { name: 'Verified identity' })).toBeNull();
  });
});
