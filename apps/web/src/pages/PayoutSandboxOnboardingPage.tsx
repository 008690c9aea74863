import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { type SandboxPayoutAccountInput, useCompleteSandboxPayoutAccount } from '@/features/payments/api/payoutAccount';
import { SandboxPageCard } from '@/features/payments/components/SandboxPageCard';
import { serverFieldError } from '@/lib/api';
import { mutationErrorText } from '@/lib/unauthorized';

type PayoutField = keyof SandboxPayoutAccountInput;
type FieldErrors = Partial<Record<PayoutField, string>>;

const FIELDS: { name: PayoutField; label: string; hint?: string; autoComplete: string; numeric: boolean }[] = [
  { name: 'accountHolderName', label: 'Account holder name', autoComplete: 'name', numeric: false },
  {
    name: 'routingNumber',
    label: 'Routing number',
    hint: 'Use the test routing number 110000000.',
    autoComplete: 'off',
    numeric: true,
  },
  {
    name: 'accountNumber',
    label: 'Account number',
    hint: 'Use the test account number 000123456789.',
    autoComplete: 'off',
    numeric: true,
  },
];

const REQUIRED_MESSAGES: Record<PayoutField, string> = {
  accountHolderName: 'Enter the account holder name.',
  routingNumber: 'Enter the routing number.',
  accountNumber: 'Enter the account number.',
};

/** The field a `400 {field, message}` answer names, when it is one of this form's. */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  const fieldError = serverFieldError(error, (name) => FIELDS.find((field) => field.name === name)?.name);
  return fieldError ? { [fieldError.field]: fieldError.message } : null;
}

/**
 * The offline sandbox's stand-in for Stripe's hosted payout onboarding (docs/the-date.md): the
 * host types a test bank account, and the sandbox enables payouts at once. Like Stripe's page,
 * it returns to the profile's payments tab.
 */
export default function PayoutSandboxOnboardingPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const complete = useCompleteSandboxPayoutAccount();
  const [values, setValues] = useState<SandboxPayoutAccountInput>({
    accountHolderName: '',
    routingNumber: '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  const update = (field: PayoutField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = {
      accountHolderName: values.accountHolderName.trim(),
      routingNumber: values.routingNumber.trim(),
      accountNumber: values.accountNumber.trim(),
    };
    const missing = FIELDS.filter((field) => !input[field.name]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field.name, REQUIRED_MESSAGES[field.name]])));
      document.getElementById(`${id}-${missing[0]!.name}`)?.focus();
      return;
    }
    setErrors({});
    complete.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Payout account connected' });
        navigate('/profile?tab=payments');
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) setErrors(fieldErrors);
        else setProblem(mutationErrorText(error, 'Your payout account could not be connected. Please try again.'));
      },
    });
  };

  return (
    <SandboxPageCard
      title="Set up payouts (sandbox)"
      description={
        <>
          This page belongs to the payment sandbox and stands in for Stripe&apos;s hosted onboarding. With real
          payments, Stripe would ask you here for your details and the bank account your share of dates you host is paid
          to. No real bank is contacted and no money moves.
        </>
      }
    >
      <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-label="Payout account">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            id={`${id}-${field.name}`}
            description={field.hint}
            descriptionClassName="text-sm"
            error={errors[field.name]}
            inputMode={field.numeric ? 'numeric' : undefined}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => update(field.name, event.target.value)}
          />
        ))}
        <FormError role="alert">{problem}</FormError>
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? 'Connecting...' : 'Connect payout account'}
        </Button>
      </form>
    </SandboxPageCard>
  );
}
