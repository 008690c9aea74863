import { describe, expect, it } from 'vitest';
import {
  identityDocumentBodySchema,
  requiredIdentityFiles,
  sandboxCompleteBodySchema,
  verificationDecisionBodySchema,
} from './identity.js';

describe('identity verification rules', () => {
  it('needs a front and a selfie for a passport, and both sides for a card', () => {
    expect(requiredIdentityFiles('passport')).toEqual(['document_front', 'selfie']);
    expect(requiredIdentityFiles('id_card')).toEqual(['document_front', 'document_back', 'selfie']);
    expect(requiredIdentityFiles('driving_license')).toEqual(['document_front', 'document_back', 'selfie']);
  });

  it('explains refused input in words', () => {
    const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(message(sandboxCompleteBodySchema.safeParse({ outcome: 'approve' }))).toBe('Choose an outcome');
    expect(
      message(identityDocumentBodySchema.safeParse({ documentType: 'passport', kind: 'selfie', imageURL: ' ' })),
    ).toBe('Upload a photo first');
    expect(message(verificationDecisionBodySchema.safeParse({ decision: 'verified', notes: '   ' }))).toBe(
      'Write the reasons for your decision',
    );
    expect(verificationDecisionBodySchema.parse({ decision: 'failed', notes: ' Blurry. ' })).toEqual({
      decision: 'failed',
      notes: 'Blurry.',
    });
  });
});
