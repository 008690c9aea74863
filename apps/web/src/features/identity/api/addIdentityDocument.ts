import type { IdDocumentType, IdentityDocumentKind } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api';
import { api, type ApiOutput } from '@/lib/apiClient';
import { uploadUrlWithoutQuery } from '@/lib/uploads';
import { identityVerificationKey } from './getVerification';

export interface IdentityDocumentInput {
  documentType: IdDocumentType;
  kind: IdentityDocumentKind;
  file: Blob;
}

/**
 * The ordinary upload flow (an upload URL, PUT the file), then the document call, which keeps
 * the file privately.
 */
export async function addIdentityDocument(input: IdentityDocumentInput): Promise<ApiOutput<'addIdentityDocument'>> {
  const { uploadURL } = await api('createUploadUrl', {});
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: input.file,
    headers: { 'Content-Type': input.file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  await throwIfResNotOk(put);
  return api('addIdentityDocument', {
    body: { documentType: input.documentType, kind: input.kind, imageURL: uploadUrlWithoutQuery(uploadURL) },
  });
}

export function useAddIdentityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIdentityDocument,
    onSuccess: (view) => queryClient.setQueryData(identityVerificationKey(), view),
  });
}
