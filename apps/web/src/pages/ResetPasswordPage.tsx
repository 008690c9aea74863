import { APP_ROUTES, OTP_LENGTH, PASSWORD_MIN } from '@bid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { resetPassword, sendPasswordResetCode } from '@/features/auth/api/resetPassword';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { type AuthNotice, codeSentText, messageOf } from '@/features/auth/useEmailAuthFlow';
import { CodeField } from '@/features/auth/components/OtpStep';

/**
 * A forgotten password (docs/accounts.md): the e-mail gets a code; the code and a new password
 * set it, sign every other session out and sign this browser in, as a password set at sign-up
 * does, so the member lands on the home page. Messages are in-page alerts, like sign-in's.
 */
export default function ResetPasswordPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const [notice, setNotice] = useState<AuthNotice | null>(null);
  const fail = (text: string) => setNotice({ tone: 'error', text });

  async function requestCode() {
    setNotice(null);
    setIsLoading(true);
    try {
      const { devOtp } = await sendPasswordResetCode(email);
      if (devOtp) console.info(`Development OTP for ${email}: ${devOtp}`);
      setNotice({ tone: 'success', text: codeSentText(email, devOtp) });
      setCode('');
      setStep('code');
    } catch (error) {
      fail(messageOf(error, 'Failed to send OTP', 'Failed to send OTP. Please try again.'));
    } finally {
      setIsLoading(false);
    }
  }

  async function setNewPassword() {
    setNotice(null);
    if (password !== confirmPassword) {
      fail("Passwords don't match");
      return;
    }
    setIsLoading(true);
    try {
      await resetPassword({ email, otp: code, password });
    } catch (error) {
      fail(messageOf(error, 'Failed to reset password', 'Failed to reset password. Please try again.'));
      setIsLoading(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    setIsLoading(false);
    navigate('/');
  }

  return (
    <section className="bg-palette-gradient flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" size="sm" className="mb-4">
          <Link href={APP_ROUTES.login}>
            <ArrowLeft aria-hidden="true" /> Back to sign in
          </Link>
        </Button>
        <Card>
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-white">
              <KeyRound aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-2xl font-bold">Reset your password</h1>
            <CardDescription>
              {step === 'email'
                ? "Enter your email and we'll send you a code to set a new password."
                : 'Enter the code from your email and choose a new password.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
            {step === 'email' ? (
              <form
                className="grid gap-4"
                aria-label="Send a reset code"
                onSubmit={(event) => {
                  event.preventDefault();
                  void requestCode();
                }}
              >
                <TextField
                  label="Email"
                  id="reset-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  placeholder="you@example.com"
                />
                <Button type="submit" disabled={isLoading}>
                  {isLoading ? 'Sending code...' : 'Send code'}
                </Button>
              </form>
            ) : (
              <form
                className="grid gap-4"
                aria-label="Set a new password"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (code.length === OTP_LENGTH && !isLoading) void setNewPassword();
                }}
              >
                <p className="text-sm text-neutral-text/80">
                  We sent a {OTP_LENGTH}-digit code to <strong className="text-neutral-text">{email}</strong>.
                </p>
                <CodeField id="reset-otp" code={code} onChange={setCode} />
                <TextField
                  label="New password"
                  id="new-password"
                  descriptionId="new-password-hint"
                  description={<>At least {PASSWORD_MIN} characters.</>}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <TextField
                  label="Confirm new password"
                  id="confirm-new-password"
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={confirmPassword}
                  onChange={(event) => setConfirmPassword(event.target.value)}
                />
                <Button type="submit" disabled={isLoading || code.length !== OTP_LENGTH}>
                  {isLoading ? 'Saving...' : 'Set new password'}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  disabled={isLoading}
                  onClick={() => {
                    setNotice(null);
                    setStep('email');
                  }}
                >
                  Back to Email
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
