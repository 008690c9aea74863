import { PASSWORD_MIN } from '@bid/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import type { EmailCredentials } from '../useEmailAuthFlow';

interface EmailPasswordFormProps {
  values: EmailCredentials;
  onChange: (values: EmailCredentials) => void;
  onSubmit: () => void;
  isLoading: boolean;
}

/** The form step of docs/product.md §4: email and password, plus confirm password when signing up. */
export function EmailPasswordForm({ values, onChange, onSubmit, isLoading }: EmailPasswordFormProps) {
  const { isSignup } = values;
  const set = (patch: Partial<EmailCredentials>) => onChange({ ...values, ...patch });

  return (
    <form
      className="grid gap-4"
      aria-label={isSignup ? 'Sign up with email' : 'Sign in with email'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label="Email"
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => set({ email: event.target.value })}
        placeholder="you@example.com"
      />
      <TextField
        label="Password"
        id="password"
        descriptionId="password-hint"
        description={isSignup ? <>At least {PASSWORD_MIN} characters.</> : undefined}
        name="password"
        type="password"
        autoComplete={isSignup ? 'new-password' : 'current-password'}
        required
        minLength={isSignup ? PASSWORD_MIN : undefined}
        value={values.password}
        onChange={(event) => set({ password: event.target.value })}
      />
      {isSignup && (
        <TextField
          label="Confirm password"
          id="confirm-password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(event) => set({ confirmPassword: event.target.value })}
        />
      )}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Sending code...' : isSignup ? 'Sign Up' : 'Sign In'}
      </Button>
    </form>
  );
}
