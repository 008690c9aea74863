import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { AlertTone } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { readableServerMessage } from '@/lib/unauthorized';
import { completeEmailAuth } from './api/completeEmailAuth';
import { sendOtp } from './api/sendOtp';
import { verifyOtp } from './api/verifyOtp';
import { AUTH_USER_KEY } from '@/lib/useAuth';

export type EmailAuthStep = 'form' | 'code';

/** A message the screen shows in place (an in-page alert, never a browser pop-up). */
export interface AuthNotice {
  tone: AlertTone;
  text: string;
}

export interface EmailCredentials {
  email: string;
  password: string;
  confirmPassword: string;
  isSignup: boolean;
}

/** The server's message for a failed call, or `fallback` when it sent none. */
export function messageOf(error: unknown, fallback: string, networkFallback: string): string {
  if (error instanceof ApiError) return readableServerMessage(error) || fallback;
  return networkFallback;
}

/** The spec's text once a code is on its way (docs/product.md §8), with the development code when there is one. */
export function codeSentText(email: string, devOtp: string | undefined): string {
  return `OTP sent to ${email}. Check your console for development OTP: ${devOtp ?? 'Check email'}`;
}

/**
 * docs/product.md §4 "Email auth flow": the form step moves to the code step after a successful
 * send-code call; verifying the code and completing sign-in (or sign-up) sends the browser
 * to '/'. One loading flag covers every call. The messages are the spec's (docs/product.md §5, §8), shown
 * in the page (`notice`). Sign-in sends the password with the code request, so a wrong one is
 * reported before any code (docs/accounts.md); the form keeps what was typed.
 */
export function useEmailAuthFlow() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<EmailAuthStep>('form');
  const [isLoading, setIsLoading] = useState(false);
  const [notice, setNotice] = useState<AuthNotice | null>(null);
  const fail = (text: string) => setNotice({ tone: 'error', text });

  async function requestCode({ email, password, confirmPassword, isSignup }: EmailCredentials): Promise<void> {
    setNotice(null);
    if (isSignup && password !== confirmPassword) {
      fail("Passwords don't match");
      return;
    }
    setIsLoading(true);
    try {
      const { devOtp } = await sendOtp(isSignup ? { email } : { email, password });
      // The development code is returned only outside production, when no mail service is set.
      if (devOtp) console.info(`Development OTP for ${email}: ${devOtp}`);
      setNotice({ tone: 'success', text: codeSentText(email, devOtp) });
      setStep('code');
    } catch (error) {
      fail(messageOf(error, 'Failed to send OTP', 'Failed to send OTP. Please try again.'));
    } finally {
      setIsLoading(false);
    }
  }

  async function verifyCode(otp: string, { email, password, isSignup }: EmailCredentials): Promise<void> {
    setNotice(null);
    setIsLoading(true);
    try {
      let verificationToken: string;
      try {
        ({ verificationToken } = await verifyOtp(email, otp));
      } catch (error) {
        fail(messageOf(error, 'Invalid OTP', 'Failed to verify OTP. Please try again.'));
        return;
      }
      try {
        await completeEmailAuth({ verificationToken, password, isSignup });
      } catch (error) {
        fail(messageOf(error, 'Authentication failed', 'Authentication failed'));
        // The code has been used up; the password (or the mode) is what needs fixing, then a new code.
        setStep('form');
        return;
      }
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      navigate('/');
    } finally {
      setIsLoading(false);
    }
  }

  return {
    step,
    isLoading,
    notice,
    clearNotice: () => setNotice(null),
    requestCode,
    verifyCode,
    backToEmail: () => {
      setNotice(null);
      setStep('form');
    },
  };
}
