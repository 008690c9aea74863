import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { EditAuctionDialog } from './EditAuctionDialog';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();
/** The toast shown last. */
const lastToast = () => toasts.last();

const auction = {
  id: 'a1',
  title: 'Coffee at the museum',
  description: 'A slow espresso and the new wing.',
  location: 'Austin, TX',
  buyNowPrice: null,
};

function renderDialog() {
  const onOpenChange = vi.fn();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <EditAuctionDialog auction={auction} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, queryClient };
}

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
});

describe('edit auction modal (docs/product.md §5 "Auction edit")', () => {
  it('starts from the saved auction', () => {
    stubFetch(200, {});
    renderDialog();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe(auction.title);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(auction.description);
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Austin, TX');
    expect(screen.getByLabelText<HTMLInputElement>('Buy now price').value).toBe('');
  });

  it('closes with no call when nothing changed', async () => {
    const fetchMock = stubFetch(200, {});
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: `${auction.title} ` } });
    save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Validation Error' with the field path and message, sends nothing and stays open", async () => {
    const fetchMock = stubFetch(200, {});
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '' } });
    save();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Validation Error',
        description: 'title: Title is required',
        variant: 'destructive',
      }),
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: auction.title } });
    fireEvent.change(screen.getByLabelText('Buy now price'), { target: { value: '0' } });
    save();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Validation Error',
        description: 'buyNowPrice: Buy now price must be a positive number',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Edit auction' })).toBeInTheDocument();
  });

  it("sends only the changed fields, then says 'Auction Updated', refreshes the lists and closes", async () => {
    const fetchMock = stubFetch(200, { ...auction, title: 'Tea at the museum', buyNowPrice: '90.00' });
    const { onOpenChange, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Tea at the museum' } });
    fireEvent.change(screen.getByLabelText('Buy now price'), { target: { value: '90' } });
    save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auctions/a1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ title: 'Tea at the museum', buyNowPrice: '90.00' });
    expect(lastToast()).toMatchObject({ title: 'Auction Updated' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/my-auctions'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/auctions'] });
  });

  it('sends null to clear the buy-now price', async () => {
    const fetchMock = stubFetch(200, auction);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <EditAuctionDialog auction={{ ...auction, buyNowPrice: '75.00' }} onOpenChange={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Buy now price'), { target: { value: '' } });
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({ buyNowPrice: null });
  });

  it("shows the server's message under 'Update Failed' and stays open", async () => {
    stubFetch(400, {
      message: 'Buy now price must be higher than the current bid.',
      code: 'validation',
      field: 'buyNowPrice',
    });
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Buy now price'), { target: { value: '5' } });
    save();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Update Failed',
        description: 'Buy now price must be higher than the current bid.',
        variant: 'destructive',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to update auction' when the server gives no message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderDialog();
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Dallas, TX' } });
    save();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Update Failed', description: 'Failed to update auction' }),
    );
  });
});
