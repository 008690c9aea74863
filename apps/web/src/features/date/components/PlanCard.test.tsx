import { auctionIdOfConversation, DATE_MESSAGES } from '@bid/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import { recordToasts } from '@/testing/toasts';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { AUCTION_ID, dateState, HOST_ID, json, WINNER_ID } from '../testing/dateState';
import { PlanCard } from './PlanCard';

const HOUR = 3_600_000;
const PLAN_URL = `/api/auctions/${AUCTION_ID}/plan`;

type Responder = (url: string, init?: RequestInit) => Response;

function renderCard(respond: Responder) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, { id: WINNER_ID, firstName: 'Will' });
  renderAt(<PlanCard auctionId={AUCTION_ID} />, '/messages', { queryClient });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderCard>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('auction chat ids', () => {
  it('finds the auction of an auction chat, and none in a direct chat', () => {
    const [a, b] = [HOST_ID, WINNER_ID].sort();
    expect(auctionIdOfConversation(`${AUCTION_ID}-${a}-${b}`)).toBe(AUCTION_ID);
    expect(auctionIdOfConversation(`${a}-${b}`)).toBeUndefined();
  });
});

describe('plan card in the auction chat', () => {
  it('proposes a place and a local date and time as one ISO instant', async () => {
    const later = new Date(Date.now() + 48 * HOUR);
    const proposed = dateState({
      proposal: { place: 'Blue Bottle', startsAt: later.toISOString(), proposedBy: WINNER_ID, proposedAt: '' },
    });
    const fetchMock = renderCard((_url, init) => (init?.method === 'POST' ? json(proposed) : json(dateState())));

    fireEvent.change(await screen.findByLabelText('Place'), { target: { value: '  Blue Bottle ' } });
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}`;
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose' }));

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(PLAN_URL);
    expect(JSON.parse(init?.body as string)).toEqual({
      place: 'Blue Bottle',
      startsAt: new Date(`${day}T19:30`).toISOString(),
    });
    expect(await screen.findByText('Waiting for Hana to accept')).toBeInTheDocument();
  });

  it("refuses a too-short place without asking, and shows the server's message", async () => {
    const fetchMock = renderCard((_url, init) =>
      init?.method === 'POST'
        ? json({ message: DATE_MESSAGES.startsAtTooFar, code: 'validation' }, 400)
        : json(dateState()),
    );
    fireEvent.change(await screen.findByLabelText('Place'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DATE_MESSAGES.placeTooShort);
    expect(posts(fetchMock)).toHaveLength(0);

    // The server has the last word (here: a rule the form does not know about).
    const later = new Date(Date.now() + 24 * HOUR);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: 'Blue Bottle' } });
    fireEvent.change(screen.getByLabelText('Date'), {
      target: { value: `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}` },
    });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '23:59' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DATE_MESSAGES.startsAtTooFar));
  });

  it('treats a 401 on a date action as Unauthorized (docs/product.md §8)', async () => {
    const startsAt = new Date(Date.now() + 24 * HOUR).toISOString();
    const proposal = { place: 'Ferry Building', startsAt, proposedBy: HOST_ID, proposedAt: '' };
    renderCard((_url, init) =>
      init?.method === 'POST'
        ? json({ message: 'Unauthorized', code: 'unauthorized' }, 401)
        : json(dateState({ proposal })),
    );
    const toasts = recordToasts();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      }),
    );
  });

  it("shows the other person's proposal with Accept and Propose another; Accept agrees it", async () => {
    const startsAt = new Date(Date.now() + 24 * HOUR).toISOString();
    const proposal = { place: 'Ferry Building', startsAt, proposedBy: HOST_ID, proposedAt: '' };
    const agreed = dateState({ plan: { place: 'Ferry Building', startsAt, agreedAt: '' } });
    const fetchMock = renderCard((_url, init) =>
      init?.method === 'POST' ? json(agreed) : json(dateState({ proposal })),
    );

    expect(await screen.findByText(/Ferry Building/)).toBeInTheDocument();
    expect(screen.getByText('Hana proposed:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose another' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(posts(fetchMock).map(([url]) => url)).toEqual([`${PLAN_URL}/accept`]));
    expect(await screen.findByText('Agreed:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Date Mode' }).getAttribute('href')).toBe(
      `/auctions/${AUCTION_ID}/date`,
    );
  });

  it('offers to propose another instead of waiting', async () => {
    const proposal = {
      place: 'Dolores Park',
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      proposedBy: WINNER_ID,
      proposedAt: '',
    };
    renderCard(() => json(dateState({ proposal })));
    expect(await screen.findByText('Waiting for Hana to accept')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Propose another' }));
    expect(screen.getByLabelText('Place')).toBeInTheDocument();
  });

  it("shows the server's message before the winner has paid (409) and nothing for a stranger (404)", async () => {
    renderCard(() => json({ message: DATE_MESSAGES.notPaid, code: 'conflict' }, 409));
    expect(await screen.findByText(DATE_MESSAGES.notPaid)).toBeInTheDocument();
    cleanup();

    const fetchMock = renderCard(() => json({ message: DATE_MESSAGES.notFound, code: 'not_found' }, 404));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('plan-card')).toBeNull());
    expect(screen.queryByText(DATE_MESSAGES.notFound)).toBeNull();
  });
});
