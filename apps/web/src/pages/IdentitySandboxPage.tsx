import {
  ID_DOCUMENT_TYPE_LABELS,
  ID_DOCUMENT_TYPES,
  requiredIdentityFiles,
  SANDBOX_OUTCOME_LABELS,
  SANDBOX_VERIFICATION_OUTCOMES,
  type IdDocumentType,
  type IdentityDocumentKind,
} from '@bid/contract';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '@/components/layout/PageLoading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormControl, FormField, SelectField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useAddIdentityDocument } from '@/features/identity/api/addIdentityDocument';
import { useCompleteSandboxVerification } from '@/features/identity/api/completeSandboxVerification';
import { useIdentityVerification } from '@/features/identity/api/getVerification';
import { onMutationError } from '@/lib/unauthorized';

const FILE_LABELS: Record<IdentityDocumentKind, string> = {
  document_front: 'Front of the document',
  document_back: 'Back of the document',
  selfie: 'Selfie',
};

const RESULT_TOASTS = {
  verified: { title: 'Identity Verified', description: 'Your identity is verified.' },
  requires_input: { title: 'More Information Needed', description: 'Please try again with clearer photos.' },
  manual_review: { title: 'Under Review', description: 'A moderator will review your verification.' },
  failed: { title: 'Verification Failed', description: 'We could not verify your identity.' },
} as const;

/**
 * The offline identity partner's page (docs/trust-and-safety.md): the member picks a document
 * type, uploads its photos and a selfie, and, since nothing is really checked offline, chooses
 * the partner's answer with one of the four outcome buttons (the sandbox's documented test input).
 */
export default function IdentitySandboxPage() {
  const verification = useIdentityVerification();
  const addDocument = useAddIdentityDocument();
  const complete = useCompleteSandboxVerification();
  const [, navigate] = useLocation();
  const [chosenType, setChosenType] = useState<IdDocumentType>('id_card');
  const [uploading, setUploading] = useState<IdentityDocumentKind | null>(null);

  if (verification.isLoading) return <PageLoading />;
  const view = verification.data;
  const isOpen = view?.status === 'pending' && view.step === 'upload_documents' && view.partner === 'sandbox';
  const documentType = view?.documentType ?? chosenType;
  const required = requiredIdentityFiles(documentType);
  const uploaded = new Set(view?.uploaded ?? []);
  const isReady = required.every((kind) => uploaded.has(kind));

  const onFile = (kind: IdentityDocumentKind, file: File | undefined) => {
    if (!file) return;
    setUploading(kind);
    addDocument.mutate(
      { documentType, kind, file },
      {
        onSettled: () => setUploading(null),
        onError: (error) => onMutationError(error, { title: 'Upload Failed', description: 'Failed to upload image' }),
      },
    );
  };

  const onOutcome = (outcome: (typeof SANDBOX_VERIFICATION_OUTCOMES)[number]) =>
    complete.mutate(outcome, {
      onSuccess: () => {
        toast(RESULT_TOASTS[outcome]);
        navigate('/profile');
      },
      onError: (error) =>
        onMutationError(error, { title: 'Verification Failed', description: 'Failed to submit verification' }),
    });

  return (
    <div data-testid="page-identity-sandbox" className="mx-auto w-full max-w-2xl px-4 py-8">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">Verify your identity (sandbox)</h1>
          <CardDescription>
            This is the offline test partner: no real check is made. Upload a photo of your document and a selfie, then
            choose the result the partner should give.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {!isOpen ? (
            <div className="space-y-3">
              <p>There is no verification in progress. Start one from your profile.</p>
              <Button type="button" onClick={() => navigate('/profile')}>
                Go to profile
              </Button>
            </div>
          ) : (
            <>
              <SelectField
                label="Document type"
                id="identity-document-type"
                className="gap-1"
                value={documentType}
                disabled={view.documentType !== null}
                onChange={(e) => setChosenType(e.target.value as IdDocumentType)}
                options={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: ID_DOCUMENT_TYPE_LABELS[type] }))}
              />
              {required.map((kind) => {
                const inputId = `identity-file-${kind}`;
                return (
                  <FormField
                    key={kind}
                    id={inputId}
                    className="gap-1"
                    labelClassName="flex items-center gap-2"
                    label={
                      <>
                        {FILE_LABELS[kind]}
                        {uploaded.has(kind) && (
                          <CheckCircle2
                            aria-label="Uploaded"
                            className="size-4 text-success"
                            data-testid={`uploaded-${kind}`}
                          />
                        )}
                        {uploading === kind && <Loader2 aria-label="Uploading" className="size-4 animate-spin" />}
                      </>
                    }
                  >
                    <FormControl>
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp,image/gif"
                        disabled={uploading !== null}
                        onChange={(e) => onFile(kind, e.target.files?.[0])}
                        className="block w-full text-sm"
                      />
                    </FormControl>
                  </FormField>
                );
              })}
              <fieldset className="space-y-2">
                <legend className="text-sm font-semibold">Sandbox result</legend>
                <p className="text-sm text-neutral-text/75">
                  {isReady ? 'Choose the answer the partner gives.' : 'Upload every photo above to continue.'}
                </p>
                <div className="flex flex-wrap gap-2">
                  {SANDBOX_VERIFICATION_OUTCOMES.map((outcome) => (
                    <Button
                      key={outcome}
                      type="button"
                      variant={outcome === 'verified' ? 'default' : 'outline'}
                      disabled={!isReady || complete.isPending || uploading !== null}
                      onClick={() => onOutcome(outcome)}
                    >
                      {SANDBOX_OUTCOME_LABELS[outcome]}
                    </Button>
                  ))}
                </div>
              </fieldset>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
