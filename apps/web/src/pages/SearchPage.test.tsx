import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import type { SearchResults } from '@bid/contract';
import SearchPage from './SearchPage';

function renderPage(path: string, respond: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string) => respond());
  vi.stubGlobal('fetch', fetchMock);
  const location = renderAt(<SearchPage />, path);
  return { fetchMock, location };
}

const json = (body: SearchResults) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

const results: SearchResults = {
  users: [
    {
      id: 'u1',
      firstName: 'Kay',
      lastName: 'Lee',
      profileImageUrl: null,
      location: 'Austin, TX',
      age: 31,
      bio: 'Loves the outdoors.',
      interests: ['kayaking', 'coffee', 'jazz', 'chess', 'books'],
      identityVerified: false,
    },
  ],
  auctions: [
    {
      id: 'a1',
      title: 'Kayak at sunset',
      dateType: 'activity',
      currentBid: '45.99',
      endTime: new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000 + 60_000).toISOString(),
      location: 'Lady Bird Lake',
      description: 'Paddle and a picnic.',
      bidCount: 4,
      creator: { id: 'u9', firstName: 'Hal', lastName: 'Host', identityVerified: false },
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page (docs/product.md §2 "Search page")', () => {
  it('asks for a search when there is no query, and calls nothing', () => {
    const { fetchMock } = renderPage('/search', json(results));
    expect(screen.getByText('Start Your Search')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows tabs with counts, user cards and auction cards', async () => {
    const { fetchMock } = renderPage('/search?q=kay', json(results));
    await screen.findByText('All (2)');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=kay');
    expect(screen.getByText('Users (1)')).toBeInTheDocument();
    expect(screen.getByText('Auctions (1)')).toBeInTheDocument();

    const user = screen.getByTestId('search-user-card');
    for (const text of [
      'Kay L.',
      '31 years old',
      'Austin, TX',
      'Loves the outdoors.',
      'kayaking',
      'coffee',
      'jazz',
      '+2 more',
    ]) {
      expect(within(user).getByText(text), text).toBeInTheDocument();
    }
    expect(within(user).queryByText('chess')).toBeNull();

    const card = screen.getByTestId('search-auction-card');
    expect(within(card).getByRole('link', { name: 'Kayak at sunset' }).getAttribute('href')).toBe('/auction/a1');
    for (const text of ['Activity', 'Lady Bird Lake', 'Paddle and a picnic.', '$45', '2d 3h', '4 bids', 'by Hal H.']) {
      expect(within(card).getByText(text), text).toBeInTheDocument();
    }
  });

  it('says No Results Found, No Users Found and No Auctions Found for empty lists', async () => {
    renderPage('/search?q=zzz', json({ users: [], auctions: [] }));
    await screen.findByText('No Results Found');
    expect(screen.getByText('All (0)')).toBeInTheDocument();
    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Users (0)' }));
    await screen.findByText('No Users Found');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Auctions (0)' }));
    await screen.findByText('No Auctions Found');
  });

  it('says Failed to search. Please try again. when the call fails', async () => {
    renderPage('/search?q=kay', () => Promise.resolve(new Response('nope', { status: 500 })));
    await screen.findByText('Failed to search. Please try again.');
  });
});
