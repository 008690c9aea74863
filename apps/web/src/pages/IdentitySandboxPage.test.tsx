import type { IdentityVerificationView } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityVerificationKey } from '@/features/identity/api/getVerification';
import { createQueryClient } from '@/lib/queryClient';
import IdentitySandboxPage from './IdentitySandboxPage';

const open: IdentityVerificationView = {
  partner: 'sandbox',
  status: 'pending',
  step: 'upload_documents',
  documentType: null,
  uploaded: [],
  confidenceScore: null,
  requiresManualReview: false,
  attemptedAt: null,
  completedAt: null,
  url: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(view: IdentityVerificationView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(identityVerificationKey(), view);
  render(
    <QueryClientProvider client={queryClient}>
      <IdentitySandboxPage />
    </QueryClientProvider>,
  );
}

describe('identity sandbox page (docs/trust-and-safety.md)', () => {
  it('labels the document type and one file field per photo the type needs', () => {
    renderPage(open);
    const type = screen.getByLabelText<HTMLSelectElement>('Document type');
    expect(type.value).toBe('id_card');
    expect(type.disabled).toBe(false);
    for (const label of ['Front of the document', 'Back of the document', 'Selfie']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).type).toBe('file');
    }
    fireEvent.change(type, { target: { value: 'passport' } });
    expect(screen.queryByLabelText('Back of the document')).toBeNull();
  });

  it('marks an uploaded photo and keeps the chosen type once a photo is in', () => {
    renderPage({ ...open, documentType: 'passport', uploaded: ['document_front'] });
    expect(screen.getByLabelText<HTMLSelectElement>('Document type').disabled).toBe(true);
    expect(screen.getByLabelText('Front of the document')).toBeInTheDocument();
    expect(screen.getByTestId('uploaded-document_front')).toHaveAttribute('aria-label', 'Uploaded');
    expect(screen.queryByTestId('uploaded-selfie')).toBeNull();
  });
});
