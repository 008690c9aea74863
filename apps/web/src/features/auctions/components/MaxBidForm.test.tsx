import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { MaxBidForm } from './MaxBidForm';

const auction = { id: 'a-1', currentBid: '35.00', startingBid: '20.00', bidCount: 2, myMaxAmount: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(answer: () => Promise<Response>, target: Parameters<typeof MaxBidForm>[0]['auction'] = auction) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MaxBidForm auction={target} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('maximum bid form (docs/auctions.md)', () => {
  it('labels its amount, starting at the next minimum, and sends nothing while empty', () => {
    const fetchMock = renderForm(() => new Promise<Response>(() => {}));
    const max = screen.getByLabelText<HTMLInputElement>('Your maximum bid ($)');
    expect(max.placeholder).toBe('36');
    expect(max.min).toBe('36');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Set Maximum' }).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks to raise a maximum already set', () => {
    renderForm(() => new Promise<Response>(() => {}), { ...auction, myMaxAmount: '80.00' });
    expect(screen.getByTestId('my-max').textContent).toBe('Your maximum: $80');
    expect(screen.getByLabelText('Raise your maximum ($)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raise Maximum' })).toBeInTheDocument();
  });

  it("shows the message of the server's error body", async () => {
    renderForm(
      async () =>
        new Response(JSON.stringify({ message: 'This auction has ended', code: 'conflict' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    fireEvent.change(screen.getByLabelText('Your maximum bid ($)'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Maximum' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This auction has ended');
  });

  it('falls back to its own text when the answer holds no error body', async () => {
    renderForm(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    fireEvent.change(screen.getByLabelText('Your maximum bid ($)'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Maximum' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to set your maximum. Please try again.');
  });
});
