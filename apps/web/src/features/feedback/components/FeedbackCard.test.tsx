import { FEEDBACK_COPY, FEEDBACK_MESSAGES, type FeedbackState } from '@bid/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/renderAt';
import { FeedbackCard } from './FeedbackCard';

const AUCTION_ID = '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const open: FeedbackState = {
  opensAt: '2031-06-01T12:00:00.000Z',
  closesAt: '2031-06-15T12:00:00.000Z',
  isOpen: true,
  isRevealed: false,
  mine: null,
  otherHasSubmitted: false,
  theirs: null,
  canRespond: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('"How did it go?" after the date (docs/the-date.md "Feedback after the date")', () => {
  it('sends the three answers and the optional review, then says it cannot be changed', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          bodies.push(JSON.parse(init.body as string));
          return json({
            ...open,
            otherHasSubmitted: false,
            mine: {
              met: 'yes',
              feltSafe: true,
              again: true,
              rating: 5,
              review: null,
              submittedAt: open.opensAt,
              response: null,
            },
          });
        }
        return json(open);
      }),
    );
    renderAt(<FeedbackCard auctionId={AUCTION_ID} otherName="Wes" />, `/auctions/${AUCTION_ID}/date`);
    expect(await screen.findByRole('heading', { name: FEEDBACK_COPY.heading })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(FEEDBACK_COPY.metLabels.yes));
    const safe = screen.getByRole('group', { name: FEEDBACK_COPY.feltSafeQuestion });
    fireEvent.click(safe.querySelectorAll('input')[0]!);
    const again = screen.getByRole('group', { name: FEEDBACK_COPY.againQuestion });
    fireEvent.click(again.querySelectorAll('input')[0]!);
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_COPY.submit }));
    expect(await screen.findByText(FEEDBACK_COPY.submitted)).toBeInTheDocument();
    expect(bodies).toEqual([{ met: 'yes', feltSafe: true, again: true, rating: 5 }]);
    expect(screen.getByText(FEEDBACK_COPY.waiting)).toBeInTheDocument();
  });

  it('shows the server’s message under the field it names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ message: FEEDBACK_MESSAGES.metRequired, code: 'validation', field: 'met' }, 400)
          : json(open),
      ),
    );
    renderAt(<FeedbackCard auctionId={AUCTION_ID} otherName="Wes" />, `/auctions/${AUCTION_ID}/date`);
    fireEvent.click(await screen.findByRole('button', { name: FEEDBACK_COPY.submit }));
    await waitFor(() => expect(screen.getByText(FEEDBACK_MESSAGES.metRequired)).toBeInTheDocument());
  });
});
