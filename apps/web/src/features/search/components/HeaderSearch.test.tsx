import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import type { SearchAuction, SearchResults, SearchUser } from '@bid/contract';
import { HeaderSearch } from './HeaderSearch';

const person = (i: number): SearchUser => ({
  id: `u${i}`,
  firstName: `Kay${i}`,
  lastName: 'Lee',
  profileImageUrl: null,
  location: 'Austin, TX',
  age: 30,
  bio: null,
  interests: [],
  identityVerified: false,
});

const auction = (i: number): SearchAuction => ({
  id: `a${i}`,
  title: `Kayak trip ${i}`,
  dateType: 'activity',
  currentBid: '45.50',
  endTime: new Date(Date.now() + 86_400_000).toISOString(),
  location: 'Austin, TX',
  description: 'Paddle at sunset.',
  bidCount: 2,
  creator: { id: 'u9', firstName: 'Hal', lastName: 'Host', identityVerified: false },
});

function stubSearch(respond: (q: string) => Promise<Response>) {
  const fetchMock = vi.fn((url: string) => respond(new URL(url, 'http://x').searchParams.get('q') ?? ''));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: SearchResults) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

function renderSearch() {
  const location = renderAt(<HeaderSearch />, '/');
  return location;
}

const input = () => screen.getByLabelText<HTMLInputElement>('Search users and auctions');
const dropdown = () => screen.getByTestId('search-dropdown');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header search (docs/product.md §2, §5, §9)', () => {
  it('opens on focus with the prompt and searches nothing for blank text', async () => {
    const fetchMock = stubSearch(() => json({ users: [], auctions: [] }));
    renderSearch();
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    fireEvent.focus(input());
    expect(within(dropdown()).getByText('Start typing to search...')).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: '   ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(within(dropdown()).getByText('Start typing to search...')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits 300 ms after the last keystroke, shows Searching..., then No results found', async () => {
    let answer: (() => void) | undefined;
    const fetchMock = stubSearch(
      () => new Promise<Response>((resolve) => (answer = () => resolve(new Response('{"users":[],"auctions":[]}')))),
    );
    renderSearch();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'ka' } });
    fireEvent.change(input(), { target: { value: 'kay' } });
    fireEvent.change(input(), { target: { value: 'kayak ' } });
    expect(within(dropdown()).getByText('Searching...')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 150));
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=kayak');
    expect(within(dropdown()).getByText('Searching...')).toBeInTheDocument();
    answer?.();
    await within(dropdown()).findByText('No results found');
  });

  it('does not search while the dropdown is closed', async () => {
    const fetchMock = stubSearch(() => json({ users: [], auctions: [] }));
    renderSearch();
    fireEvent.change(input(), { target: { value: 'kayak' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    await new Promise((r) => setTimeout(r, 450));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows up to 3 people and 3 auctions with their counts, and links to every result', async () => {
    stubSearch(() => json({ users: [1, 2, 3, 4, 5].map(person), auctions: [1, 2, 3, 4].map(auction) }));
    const location = renderSearch();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'kay' } });
    await within(dropdown()).findByText('Users (5)');
    expect(within(dropdown()).getByText('Auctions (4)')).toBeInTheDocument();
    expect(within(dropdown()).getAllByTestId('search-user-result')).toHaveLength(3);
    expect(within(dropdown()).getAllByTestId('search-auction-result')).toHaveLength(3);
    expect(within(dropdown()).getAllByText('$45')).toHaveLength(3);
    const viewAll = within(dropdown()).getByText('View all results');
    expect(viewAll.getAttribute('href')).toBe('/search?q=kay');
    fireEvent.click(viewAll);
    expect(location.history?.at(-1)).toBe('/search?q=kay');
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
  });

  it('opens /auction/{id} for an auction and /profile for a person', async () => {
    stubSearch(() => json({ users: [person(1)], auctions: [auction(7)] }));
    const location = renderSearch();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'kay' } });
    fireEvent.click(await within(dropdown()).findByText('Kayak trip 7'));
    expect(location.history?.at(-1)).toBe('/auction/a7');

    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'kay' } });
    fireEvent.click(await within(dropdown()).findByText('Kay1 L.'));
    expect(location.history?.at(-1)).toBe('/profile');
  });

  it('says Search failed when the call fails', async () => {
    stubSearch(() => Promise.resolve(new Response('boom', { status: 500 })));
    renderSearch();
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'kay' } });
    await within(dropdown()).findByText('Search failed');
  });
});
