import { FlaskConical } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { FormActions, TextField } from '@/components/ui/form-field';
import { serverFieldError } from '@/lib/api';
import { useSandboxConfirmSetup } from '../api/sandboxConfirmSetup';
import { redirectTo } from '../redirect';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  type SandboxCardErrors,
  type SandboxCardField,
  type SandboxCardValues,
  validateSandboxCard,
} from '../sandboxCard';
import { toastConfirmFailed } from '../setupToasts';

interface SandboxCardFormProps {
  clientSecret: string;
  /** The card is saved: the caller reloads the list, announces it and closes the form. */
  onSucceeded: () => Promise<void> | void;
  onCancel: () => void;
}

const SERVER_FIELDS: Record<string, SandboxCardField> = {
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

/** The field a `400 {code: 'validation', field}` answer names, when it is one of this form's. */
function fieldErrorOf(error: unknown) {
  return serverFieldError(error, (field) => SERVER_FIELDS[field], 'validation');
}

/** A same-origin address only: the answer names where to authenticate, and nothing may send the member elsewhere. */
function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The card form of the offline sandbox (no Stripe keys): it sends the typed card to our server,
 * which plays Stripe's test mode with Stripe's test numbers. Never used with real Stripe, where
 * card details go only to Stripe's own fields.
 */
export function SandboxCardForm({ clientSecret, onSucceeded, onCancel }: SandboxCardFormProps) {
  const id = useId();
  const [values, setValues] = useState<SandboxCardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<SandboxCardErrors>({});
  const [isFinishing, setIsFinishing] = useState(false);
  const confirm = useSandboxConfirmSetup();
  const isBusy = confirm.isPending || isFinishing;

  const update = (field: SandboxCardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A card field's id, error and value, each keystroke put in the field's format (all three are typed on a keypad). */
  const fieldProps = (field: SandboxCardField, format: (typed: string) => string) => ({
    id: `${id}-${field}`,
    error: errors[field],
    inputMode: 'numeric' as const,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, format(event.target.value)),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const checked = validateSandboxCard(values, clientSecret);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = (['cardNumber', 'expiry', 'cvc'] as const).find((field) => checked.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setIsFinishing(true);
    try {
      const result = await confirm.mutateAsync(checked.input);
      if (result.status === 'requires_action') {
        if (!isSameOrigin(result.redirectUrl)) throw new Error('Unexpected authentication address');
        // docs/product.md §4: redirect only when the card requires it; the page comes back to /profile.
        redirectTo(result.redirectUrl);
        return;
      }
      await onSucceeded();
    } catch (error) {
      const fieldError = fieldErrorOf(error);
      if (fieldError) setErrors({ [fieldError.field]: fieldError.message });
      else toastConfirmFailed(error);
      setIsFinishing(false);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Add a card">
      <TestModeNote />
      <TextField
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...fieldProps('cardNumber', formatCardNumber)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...fieldProps('expiry', formatExpiry)}
        />
        <TextField label="CVC" autoComplete="cc-csc" placeholder="123" {...fieldProps('cvc', formatCvc)} />
      </div>
      <FormActions onCancel={onCancel} busy={isBusy} submitLabel="Save Card" />
    </form>
  );
}

function TestModeNote() {
  return (
    <div className="flex gap-3 rounded-md border border-dashed border-primary/40 bg-secondary/30 p-3 text-sm">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid gap-1">
        <p className="font-semibold">Test mode: no real card is charged.</p>
        <p>
          Payments on this site run in an offline test mode. Use a test card with any future expiry date and any CVC:
        </p>
        <ul className="grid gap-0.5">
          {SANDBOX_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
