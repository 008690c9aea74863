import type { IdDocumentType, IdentityDocumentKind, IdentityVerificationView, UploadUrlResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, throwIfResNotOk } from '@/lib/api';
import { uploadUrlWithoutQuery } from '@/lib/uploads';
import { IDENTITY_VERIFICATION_KEY } from './getVerification';

export interface IdentityDocumentInput {
  documentType: IdDocumentType;
  kind: IdentityDocumentKind;
  file: Blob;
}

/**
 * The ordinary upload flow (POST /api/objects/upload, PUT the file), then
 * POST /api/identity/verification/documents, which keeps the file privately.
 */
export async function addIdentityDocument(input: IdentityDocumentInput): Promise<IdentityVerificationView> {
  const grant = await apiRequest('POST', '/api/objects/upload');
  const { uploadURL } = (await grant.json()) as UploadUrlResponse;
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: input.file,
    headers: { 'Content-Type': input.file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  await throwIfResNotOk(put);
  const res = await apiRequest('POST', '/api/identity/verification/documents', {
    documentType: input.documentType,
    kind: input.kind,
    imageURL: uploadUrlWithoutQuery(uploadURL),
  });
  return (await res.json()) as IdentityVerificationView;
}

export function useAddIdentityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIdentityDocument,
    onSuccess: (view) => queryClient.setQueryData(IDENTITY_VERIFICATION_KEY, view),
  });
}
