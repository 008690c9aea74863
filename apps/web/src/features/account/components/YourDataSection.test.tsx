import { apiRoutes } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { createQueryClient } from '@/lib/queryClient';
import { YourDataSection } from './YourDataSection';

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <YourDataSection />
    </QueryClientProvider>,
  );
  return recordToasts();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Your data section', () => {
  it('links the export and the privacy policy', () => {
    renderSection();
    expect(screen.getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe(
      apiRoutes.exportMyData.path,
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('enables deletion only once DELETE is typed, sends the confirmation and goes to / afterwards', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ message: 'Your account and your personal data have been deleted.' }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderSection();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = () =>
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete my account')!;
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual([
      apiRoutes.deleteAccount.path,
      'DELETE',
      JSON.stringify({ confirm: 'DELETE' }),
    ]);
  });

  it("shows the server's refusal and stays signed in", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message:
                'Your account cannot be deleted while a payment is in progress. Settle or let the payment window close, then try again.',
              code: 'conflict',
            }),
            { status: 409 },
          ),
      ),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const toasts = renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.change(await screen.findByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete my account')!);
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Deletion Failed',
        description:
          'Your account cannot be deleted while a payment is in progress. Settle or let the payment window close, then try again.',
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
