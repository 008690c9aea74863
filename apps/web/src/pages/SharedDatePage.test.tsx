import { DATE_MESSAGES, type SharedDate } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/features/date/testing/dateState';
import { createQueryClient } from '@/lib/queryClient';
import SharedDatePage from './SharedDatePage';

const MINUTE = 60_000;

function renderPage(respond: () => Response) {
  const fetchMock = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SharedDatePage token="tok123" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const shared = (overrides: Partial<SharedDate> = {}): SharedDate => ({
  sharedBy: { firstName: 'Will' },
  meeting: { firstName: 'Hana', profileImageUrl: null },
  place: 'Blue Bottle, Ferry Building',
  startsAt: new Date(Date.now() - 20 * MINUTE).toISOString(),
  expectedDuration: 60,
  startedAt: new Date(Date.now() - 25 * MINUTE).toISOString(),
  sharerArrivedAt: new Date(Date.now() - 20 * MINUTE).toISOString(),
  meetingArrivedAt: null,
  sharerSafeAt: null,
  sharerPosition: null,
  endedAt: null,
  expiresAt: new Date(Date.now() + 3 * 60 * MINUTE).toISOString(),
  emergencyNumber: '911',
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shared date page (a trusted contact, read-only)', () => {
  it('shows who shared the date, where, with whom, the check-ins and the emergency number; no buttons', async () => {
    const fetchMock = renderPage(() => json(shared()));
    expect(await screen.findByRole('heading', { name: 'Will shared their date with you' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]).toEqual(['/api/shared-dates/tok123', expect.anything()]);
    expect(screen.getByText('Blue Bottle, Ferry Building')).toBeInTheDocument();
    expect(screen.getByText('Hana')).toBeInTheDocument();
    expect(screen.getByText('Not checked in yet')).toBeInTheDocument();
    expect(screen.getByText('Will has not checked in as safe yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call 911' }).getAttribute('href')).toBe('tel:911');
    expect(screen.getByText(/^This link expires /)).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("links to a map at the sharer's last known position, with its time, and says so when there is none", async () => {
    const recordedAt = new Date(Date.now() - 2 * MINUTE).toISOString();
    const clock = new Date(recordedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    renderPage(() =>
      json(shared({ sharerPosition: { lat: 40.712812, lng: -74.0060149, accuracy: 24.6, recordedAt } })),
    );
    const map = await screen.findByRole('link', { name: 'Open the map at 40.71281, -74.00601' });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=40.71281&mlon=-74.00601#map=17/40.71281/-74.00601',
    );
    expect(screen.getByTestId('shared-location-updated').textContent).toBe(`Last updated ${clock} · within about 25 m`);
    cleanup();

    renderPage(() => json(shared()));
    expect(
      await screen.findByText('Will is not sharing their location. You see the place, the time and the check-ins.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Open the map/ })).toBeNull();
  });

  it("says the link has expired, in the server's words", async () => {
    renderPage(() => json({ message: DATE_MESSAGES.shareLinkExpired, code: 'not_found' }, 404));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired.');
  });
});
