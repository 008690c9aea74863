import { OTP_LENGTH, sanitizeOtpInput } from '@bid/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

interface OtpStepProps {
  email: string;
  isLoading: boolean;
  onVerify: (otp: string) => void;
  onBack: () => void;
}

/**
 * The code step of docs/product.md §4: digits only, at most six; Verify only at exactly six (docs/product.md §5).
 * The code lives here, so going Back to Email clears it.
 */
export function OtpStep({ email, isLoading, onVerify, onBack }: OtpStepProps) {
  const [code, setCode] = useState('');
  const isComplete = code.length === OTP_LENGTH;

  return (
    <form
      className="grid gap-4"
      aria-label="Enter your code"
      onSubmit={(event) => {
        event.preventDefault();
        if (isComplete && !isLoading) onVerify(code);
      }}
    >
      <p className="text-sm text-neutral-text/80">
        We sent a {OTP_LENGTH}-digit code to <strong className="text-neutral-text">{email}</strong>.
      </p>
      <CodeField id="otp" code={code} onChange={setCode} />
      <Button type="submit" disabled={isLoading || !isComplete}>
        {isLoading ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={isLoading}>
        Back to Email
      </Button>
    </form>
  );
}

/**
 * The six-digit code field of every e-mailed code (sign-in and password reset): digits only, at
 * most six (docs/product.md §5), with the one-time-code autofill hint.
 */
export function CodeField({ id, code, onChange }: { id: string; code: string; onChange: (code: string) => void }) {
  return (
    <TextField
      label="Verification code"
      id={id}
      descriptionId={`${id}-hint`}
      description={<>Enter the {OTP_LENGTH} digits from your email.</>}
      name="otp"
      value={code}
      onChange={(event) => onChange(sanitizeOtpInput(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      controlClassName="text-center text-lg tracking-[0.5em]"
      autoFocus
    />
  );
}
