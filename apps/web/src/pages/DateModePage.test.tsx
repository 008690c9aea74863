import {
  DATE_MESSAGES,
  type DateState,
  formatDateModeOpening,
  REFUND_TIMING_TEXT,
  SHARE_DATE_COPY,
} from '@bid/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { safeIntervalStorageKey } from '@/features/date/hooks';
import { locationSharingStorageKey } from '@/features/date/location/useLocationSharing';
import { AUCTION_ID, dateState, type DateStateOverrides, json, WINNER_ID } from '@/features/date/testing/dateState';
import { createQueryClient } from '@/lib/queryClient';
import { realtime } from '@/lib/realtime';
import DateModePage from './DateModePage';

const MINUTE = 60_000;
const BASE = `/api/auctions/${AUCTION_ID}`;

type Responder = (url: string, init?: RequestInit) => Response;

function renderPage(respond: Responder, myId = WINNER_ID) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, { id: myId, firstName: 'Me' });
  renderAt(<DateModePage id={AUCTION_ID} />, `/auctions/${AUCTION_ID}/date`, { queryClient });
  return fetchMock;
}

/** Answers GET with `state` and each POST path with its own state (or error response). */
function server(state: DateState, posts: Record<string, () => Response> = {}): Responder {
  return (url, init) => {
    if (init?.method === 'POST') {
      const answer = posts[url.slice(BASE.length)];
      return answer ? answer() : json({ message: 'unexpected', code: 'x' }, 500);
    }
    return json(state);
  };
}

const postsOf = (fetchMock: ReturnType<typeof renderPage>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [
      url.slice(BASE.length),
      init?.body ? (JSON.parse(init.body as string) as unknown) : undefined,
    ]);

const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
const plan = () => ({ place: 'Blue Bottle, Ferry Building', startsAt: ago(10), agreedAt: ago(60 * 24) });

/** A date that started `minutes` ago, both there since then. */
function running(minutes: number, overrides: Partial<DateState['dateMode']> = {}): DateState {
  return dateState({
    plan: plan(),
    dateMode: { startedAt: ago(minutes), hostArrivedAt: ago(minutes), winnerArrivedAt: ago(minutes), ...overrides },
  });
}

function ended(overrides: DateStateOverrides = {}): DateState {
  return dateState({
    plan: plan(),
    dateMode: { startedAt: ago(70), hostArrivedAt: ago(70), winnerArrivedAt: ago(70), endedAt: ago(5) },
    settlement: {
      reason: 'full_length',
      fee: '10.00',
      hostShare: '90.00',
      refund: '0.00',
      minutesTogether: 65,
      disputeUntil: new Date(Date.now() + 47 * 60 * MINUTE).toISOString(),
      releasedAt: null,
    },
    ...overrides,
  });
}

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Date Mode page (docs/the-date.md)', () => {
  it('shows the plan, and the server message when Date Mode is started too early', async () => {
    const fetchMock = renderPage(
      server(dateState({ plan: plan() }), {
        '/date-mode/start': () => json({ message: DATE_MESSAGES.tooEarly, code: 'conflict' }, 409),
      }),
    );
    // In the plan and again in the emergency panel, ready to read out.
    expect(await screen.findAllByText('Blue Bottle, Ferry Building')).toHaveLength(2);
    expect(screen.getAllByText('Hana')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Start Date Mode' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DATE_MESSAGES.tooEarly);
    expect(postsOf(fetchMock)).toEqual([['/date-mode/start', undefined]]);
    // The emergency panel is there from the start.
    expect(screen.getByRole('link', { name: 'Call 911' }).getAttribute('href')).toBe('tel:911');
  });

  it("checks the viewer in as arrived and shows the other person's status", async () => {
    const before = running(5, { hostArrivedAt: null, winnerArrivedAt: null });
    const after = running(5, { hostArrivedAt: null, winnerArrivedAt: new Date().toISOString() });
    const fetchMock = renderPage(server(before, { '/date-mode/check-in': () => json(after) }));

    expect(await screen.findByText('5 min of 60 min')).toBeInTheDocument();
    const rows = screen.getAllByTestId('arrival-row');
    expect(rows[0]!.textContent).toContain('You');
    expect(within(rows[1]!).getByText('Not checked in yet')).toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: "I've arrived" }));

    await waitFor(() =>
      expect(within(screen.getAllByTestId('arrival-row')[0]!).getByText(/^Arrived /)).toBeInTheDocument(),
    );
    expect(postsOf(fetchMock)).toEqual([['/date-mode/check-in', { kind: 'arrived' }]]);
  });

  it("prompts 'Are you OK?' once the chosen interval has passed since the last I'm safe", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = running(10);
    const fetchMock = renderPage(
      server(state, {
        '/date-mode/check-in': () => json(running(10, { winnerSafeAt: new Date().toISOString() })),
      }),
    );
    expect(await screen.findByText('10 min of 60 min')).toBeInTheDocument();
    expect(screen.queryByText('Are you OK?')).toBeNull();

    // The default interval is 30 minutes from the start.
    act(() => {
      vi.advanceTimersByTime(19 * MINUTE);
    });
    expect(screen.queryByText('Are you OK?')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1.5 * MINUTE);
    });
    expect(screen.getByText('Are you OK?')).toBeInTheDocument();
    expect(screen.getByText('30 min of 60 min')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: "Check in: I'm safe" }));
    await waitFor(() => expect(screen.queryByText('Are you OK?')).toBeNull());
    expect(postsOf(fetchMock)).toEqual([['/date-mode/check-in', { kind: 'safe' }]]);

    // A shorter interval is remembered for this date and prompts sooner.
    fireEvent.change(screen.getByLabelText('Remind me every'), { target: { value: '15' } });
    expect(window.localStorage.getItem(safeIntervalStorageKey(AUCTION_ID))).toBe('15');
    act(() => {
      vi.advanceTimersByTime(15.5 * MINUTE);
    });
    expect(screen.getByText('Are you OK?')).toBeInTheDocument();
  });

  it('ends the date only after confirming', async () => {
    const fetchMock = renderPage(server(running(30), { '/date-mode/end': () => json(ended()) }));
    fireEvent.click(await screen.findByRole('button', { name: 'End date' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsOf(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'End date' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End date' }));
    expect(await screen.findByTestId('settlement')).toBeInTheDocument();
    expect(postsOf(fetchMock)).toEqual([['/date-mode/end', undefined]]);
    expect(screen.getByText('$90.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End date' })).toBeNull();
  });

  it('lets the winner request a refund with a reason, then shows the request and no release', async () => {
    const requested = ended({
      refundRequest: {
        id: 'rr1',
        reason: 'The host left after ten minutes.',
        status: 'open',
        amount: null,
        note: '',
        createdAt: new Date().toISOString(),
        decidedAt: null,
      },
    });
    const fetchMock = renderPage(server(ended(), { '/refund-request': () => json(requested) }));
    expect(await screen.findByRole('button', { name: 'Release payment now' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request a refund' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(new RegExp(REFUND_TIMING_TEXT))).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('What went wrong?'), { target: { value: 'Too short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(DATE_MESSAGES.reasonTooShort);
    expect(postsOf(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('What went wrong?'), {
      target: { value: '  The host left after ten minutes. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsOf(fetchMock)).toEqual([['/refund-request', { reason: 'The host left after ten minutes.' }]]);
    expect(screen.getByTestId('refund-request-status').textContent).toContain('With our moderators');
    expect(screen.queryByRole('button', { name: 'Release payment now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
  });

  it('shows a refund with its timing, word for word', async () => {
    renderPage(
      server(
        ended({
          refund: { amount: '45.00', status: 'pending', createdAt: new Date().toISOString() },
        }),
      ),
    );
    const refund = await screen.findByTestId('refund-status');
    expect(refund.textContent).toContain('Refund of $45.00:');
    expect(within(refund).getByText(REFUND_TIMING_TEXT)).toBeInTheDocument();
  });

  it("reads the date again when the server says it changed, on the viewer's own channel", async () => {
    const fetchMock = renderPage(server(running(5)));
    expect(await screen.findByText('5 min of 60 min')).toBeInTheDocument();
    const gets = () => fetchMock.mock.calls.filter(([url]) => url === `${BASE}/plan`).length;
    expect(gets()).toBe(1);
    // What the socket would deliver (RealtimeClient routes by `channel`).
    const deliver = (event: object) =>
      (realtime as unknown as { receive(data: string): void }).receive(JSON.stringify(event));
    deliver({ type: 'date_updated', auctionId: '99999999-9999-4999-8999-999999999999', channel: `user:${WINNER_ID}` });
    deliver({ type: 'date_updated', auctionId: AUCTION_ID, channel: `user:${WINNER_ID}` });
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('shows a moderator everything, read-only', async () => {
    const fetchMock = renderPage(
      server({ ...running(40, { hostArrivedAt: null }), viewerRole: 'moderator' }),
      '44444444-4444-4444-8444-444444444444',
    );
    expect(await screen.findByText('40 min of 60 min')).toBeInTheDocument();
    expect(screen.getByText(DATE_MESSAGES.readOnly, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Hana and Will')).toBeInTheDocument();
    expect(screen.getAllByText('Not checked in yet')).toHaveLength(1);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Are you OK?')).toBeNull();
    expect(postsOf(fetchMock)).toEqual([]);
  });

  it('shows the settlement to a moderator without refund or release buttons', async () => {
    renderPage(server({ ...ended(), viewerRole: 'moderator' }), '44444444-4444-4444-8444-444444444444');
    expect(await screen.findByTestId('settlement')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('keeps Start Date Mode closed with "Opens {weekday} at {time}" and opens it by itself at that time', async () => {
    // Opens in 1.5 s: the page must enable the button on its own timer, with no reload or refetch.
    const opensAt = new Date(Date.now() + 1_500).toISOString();
    const fetchMock = renderPage(
      server(dateState({ plan: plan(), dateMode: { opensAt } }), {
        '/date-mode/start': () => json(running(0)),
      }),
    );
    const button = await screen.findByRole('button', { name: 'Start Date Mode' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const opens = screen.getByTestId('date-mode-opens');
    expect(opens.textContent).toBe(formatDateModeOpening(opensAt, Date.now()));
    expect(opens.textContent).toMatch(/^Opens (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day at \d{1,2}:\d{2} [AP]M$/);
    expect(button.getAttribute('aria-describedby')).toBe(opens.id);
    const reads = fetchMock.mock.calls.length;

    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    expect(screen.queryByTestId('date-mode-opens')).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(reads);
    fireEvent.click(button);
    expect(await screen.findByText('0 min of 60 min')).toBeInTheDocument();
    expect(postsOf(fetchMock)).toEqual([['/date-mode/start', undefined]]);
  });

  it('shares the location only once turned on, says so truthfully, and deletes it when turned off', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 40.7128, longitude: -74.006, accuracy: 12 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const recordedAt = new Date().toISOString();
    const calls: Array<[string, string | undefined]> = [];
    renderPage((url, init) => {
      if (url.endsWith('/date-mode/location')) {
        calls.push([init?.method ?? 'GET', init?.body as string | undefined]);
        return init?.method === 'DELETE'
          ? json({ sharing: false, position: null })
          : json({ sharing: true, position: { lat: 40.7128, lng: -74.006, accuracy: 12, recordedAt } });
      }
      return json(running(5));
    });

    const toggle = await screen.findByRole('checkbox', { name: 'Share my location' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('share-date-copy').textContent).toBe(SHARE_DATE_COPY.withoutLocation);
    expect(getCurrentPosition).not.toHaveBeenCalled();

    fireEvent.click(toggle);
    expect((await screen.findByTestId('my-location-status')).textContent).toMatch(/^Location shared\. Last updated /);
    expect(screen.getByTestId('share-date-copy').textContent).toBe(SHARE_DATE_COPY.withLocation);
    expect(calls).toEqual([['POST', JSON.stringify({ lat: 40.7128, lng: -74.006, accuracy: 12 })]]);
    expect(window.localStorage.getItem(locationSharingStorageKey(AUCTION_ID))).toBe('on');

    fireEvent.click(toggle);
    await waitFor(() => expect(calls.at(-1)).toEqual(['DELETE', undefined]));
    expect(screen.getByTestId('share-date-copy').textContent).toBe(SHARE_DATE_COPY.withoutLocation);
    expect(screen.queryByTestId('my-location-status')).toBeNull();
    expect(window.localStorage.getItem(locationSharingStorageKey(AUCTION_ID))).toBeNull();
  });

  it('turns sharing off and says why when the browser refuses the location', async () => {
    const getCurrentPosition = vi.fn((_: PositionCallback, failure: PositionErrorCallback) =>
      failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderPage((url, init) =>
      url.endsWith('/date-mode/location') && init?.method === 'DELETE'
        ? json({ sharing: false, position: null })
        : json(running(5)),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Share my location' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Location access was refused, so your location is not shared. You can allow it in your browser settings.',
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Share my location' }).checked).toBe(false);
    expect(screen.getByTestId('share-date-copy').textContent).toBe(SHARE_DATE_COPY.withoutLocation);
  });
});
