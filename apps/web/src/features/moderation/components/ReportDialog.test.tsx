import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { recordToasts } from '@/testing/toasts';
import { ReportDialog } from './ReportDialog';

function renderDialog(status = 201, body: unknown = { id: 'r1' }) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportDialog targetType="auction" targetId="a1" label="Report auction" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Report auction' }));
  return { fetchMock, dialog: screen.getByRole('dialog', { name: 'Report this auction' }) };
}

const toasts = recordToasts();

afterEach(() => {
  toasts.clear();
  cleanup();
  vi.unstubAllGlobals();
});

describe('report dialog (docs/trust-and-safety.md)', () => {
  it('needs a reason, and details for "Something else", before sending anything', () => {
    const { fetchMock, dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    fireEvent.click(within(dialog).getByLabelText('Something else'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tell us what is wrong');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts details up to 500 and sends the report', async () => {
    const { fetchMock, dialog } = renderDialog();
    fireEvent.click(within(dialog).getByLabelText('Harassment or bullying'));
    const details = within(dialog).getByLabelText('Details');
    expect(details.getAttribute('maxLength')).toBe('500');
    fireEvent.change(details, { target: { value: 'Rude messages' } });
    expect(within(dialog).getByText('13/500')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports');
    expect(JSON.parse(init!.body as string)).toEqual({
      targetType: 'auction',
      targetId: 'a1',
      reason: 'harassment',
      details: 'Rude messages',
    });
    await waitFor(() =>
      expect(toasts.last()).toEqual({
        title: 'Report sent',
        description: 'Thank you. Our moderators review reports within 24 hours.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this auction' })).toBeNull());
  });

  it("shows the server's message when the report is refused", async () => {
    const { dialog } = renderDialog(400, { message: 'You cannot report yourself', code: 'bad_request' });
    fireEvent.click(within(dialog).getByLabelText('Spam'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    await waitFor(() =>
      expect(toasts.last()).toEqual({
        title: 'Report Failed',
        description: 'You cannot report yourself',
        variant: 'destructive',
      }),
    );
  });
});
