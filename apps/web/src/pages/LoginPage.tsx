import { APP_ROUTES } from '@bid/contract';
import { ArrowLeft, Heart } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmailPasswordForm } from '@/features/auth/components/EmailPasswordForm';
import { OtpStep } from '@/features/auth/components/OtpStep';
import { ProviderButtons } from '@/features/auth/components/ProviderButtons';
import { describeLoginError } from '@/features/auth/loginErrors';
import { type EmailCredentials, useEmailAuthFlow } from '@/features/auth/useEmailAuthFlow';

/**
 * docs/product.md §2 "Login and signup screen": provider buttons and the email flow with a code step.
 * `?mode=signup` opens in sign-up mode; `?error=` explains a provider sign-in that failed.
 */
export default function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const errorMessage = describeLoginError(params.get('error'));
  const [credentials, setCredentials] = useState<EmailCredentials>(() => ({
    email: '',
    password: '',
    confirmPassword: '',
    isSignup: params.get('mode') === 'signup',
  }));
  const { step, isLoading, notice, clearNotice, requestCode, verifyCode, backToEmail } = useEmailAuthFlow();
  const { isSignup } = credentials;

  return (
    <section className="bg-palette-gradient flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" size="sm" className="mb-4">
          <Link href="/">
            <ArrowLeft aria-hidden="true" /> Back
          </Link>
        </Button>
        <Card>
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-white">
              <Heart aria-hidden="true" className="size-6" fill="currentColor" />
            </span>
            <h1 className="text-2xl font-bold">{isSignup ? 'Create Your Account' : 'Welcome Back'}</h1>
            <CardDescription>
              {step === 'code'
                ? 'Check your email for your one-time code.'
                : isSignup
                  ? 'Join BidYourDate to auction and bid on fun, platonic dates.'
                  : 'Sign in to keep bidding on your perfect date.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {notice ? (
              <Alert tone={notice.tone}>{notice.text}</Alert>
            ) : (
              errorMessage && step === 'form' && <Alert>{errorMessage}</Alert>
            )}
            {step === 'form' ? (
              <>
                <ProviderButtons disabled={isLoading} />
                <div className="flex items-center gap-3 text-xs uppercase text-neutral-text/75" aria-hidden="true">
                  <span className="h-px flex-1 bg-black/10" />
                  or use your email
                  <span className="h-px flex-1 bg-black/10" />
                </div>
                <EmailPasswordForm
                  values={credentials}
                  onChange={setCredentials}
                  onSubmit={() => void requestCode(credentials)}
                  isLoading={isLoading}
                />
                {!isSignup && (
                  <p className="-mt-3 text-center text-sm">
                    <Button asChild variant="link" className="h-auto p-0">
                      <Link href={APP_ROUTES.resetPassword}>Forgot password?</Link>
                    </Button>
                  </p>
                )}
                <p className="text-center text-sm">
                  {isSignup ? 'Already have an account?' : "Don't have an account?"}{' '}
                  <Button
                    type="button"
                    variant="link"
                    className="h-auto p-0"
                    disabled={isLoading}
                    onClick={() => {
                      clearNotice();
                      setCredentials({ ...credentials, confirmPassword: '', isSignup: !isSignup });
                    }}
                  >
                    {isSignup ? 'Sign in' : 'Sign up'}
                  </Button>
                </p>
              </>
            ) : (
              <OtpStep
                email={credentials.email}
                isLoading={isLoading}
                onVerify={(otp) => void verifyCode(otp, credentials)}
                onBack={backToEmail}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
