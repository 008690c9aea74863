import type { VerificationReviewItem } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/lib/apiClient';
import { createQueryClient } from '@/lib/queryClient';
import { VerificationReviewQueue } from './VerificationReviewQueue';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const item: VerificationReviewItem = {
  userId: 'u-1',
  displayName: 'Dee T.',
  documentType: 'driving_license',
  confidenceScore: '0.6300',
  attemptedAt: '2026-11-01T10:00:00.000Z',
  documents: [
    { id: 'd1', kind: 'document_front', url: apiUrl('getIdentityDocument', { params: { id: 'd1' } }) },
    { id: 'd2', kind: 'selfie', url: apiUrl('getIdentityDocument', { params: { id: 'd2' } }) },
  ],
};

function serve(queue: VerificationReviewItem[][]) {
  let reads = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === apiUrl('listVerificationReviews', {}) && init?.method === 'GET') {
      const answer = queue[Math.min(reads++, queue.length - 1)];
      return new Response(JSON.stringify(answer), { status: 200 });
    }
    if (
      url === apiUrl('decideVerification', { params: { userId: 'u-1' }, body: { decision: 'verified', notes: '' } }) &&
      init?.method === 'POST'
    ) {
      return new Response(JSON.stringify({ userId: 'u-1', status: 'verified' }), { status: 200 });
    }
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderQueue() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VerificationReviewQueue />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
});

describe('Verification review queue', () => {
  it('lists waiting members with their photos and sends the decision with notes', async () => {
    const fetchMock = serve([[item], []]);
    renderQueue();
    const card = within(await screen.findByRole('generic', { name: 'Verification of Dee T.' }));
    expect(screen.getByRole('heading', { name: 'Identity verifications (1)' })).toBeInTheDocument();
    expect(card.getByText("Driver's license")).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Document front' }).getAttribute('href')).toBe(item.documents[0]!.url);
    expect(card.getByRole('link', { name: 'Selfie' }).getAttribute('href')).toBe(item.documents[1]!.url);
    const approve = card.getByRole('button', { name: 'Approve' });
    expect(approve).toHaveProperty('disabled', true);
    fireEvent.change(card.getByLabelText('Reviewer notes'), { target: { value: 'Photo matches.' } });
    fireEvent.click(approve);
    await waitFor(() =>
      expect(toasts.all).toContainEqual({ title: 'Identity Verified', description: 'Dee T.: decision saved.' }),
    );
    const decide = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(decide?.[1]?.body as string)).toEqual({ decision: 'verified', notes: 'Photo matches.' });
    expect(await screen.findByText('No verifications waiting for review.')).toBeInTheDocument();
  });
});
