import { DATE_MESSAGES } from '@bid/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import { AUCTION_ID, dateState, json } from '../testing/dateState';
import { YourDateCard } from './YourDateCard';

function renderCard(respond: () => Response) {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  renderAt(<YourDateCard auctionId={AUCTION_ID} />, `/auction/${AUCTION_ID}`);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('"Your date" on a won auction', () => {
  it('shows the agreed plan and the way into Date Mode', async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    renderCard(() => json(dateState({ plan: { place: 'Blue Bottle', startsAt, agreedAt: startsAt } })));
    expect(await screen.findByText('Blue Bottle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Date Mode' }).getAttribute('href')).toBe(
      `/auctions/${AUCTION_ID}/date`,
    );
  });

  it('points to the chat while there is no plan', async () => {
    renderCard(() => json(dateState()));
    expect(await screen.findByText(/No plan yet: agree a time and place in your/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'chat' }).getAttribute('href')).toBe('/messages');
  });

  it('renders nothing when the server has no date for this viewer', async () => {
    const fetchMock = renderCard(() => json({ message: DATE_MESSAGES.notFound, code: 'not_found' }, 404));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(document.body.textContent).toBe(''));
  });
});
