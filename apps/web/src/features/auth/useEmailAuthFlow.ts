import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '@/lib/api';
import { readableServerMessage } from '@/lib/unauthorized';
import { completeEmailAuth } from './api/completeEmailAuth';
import { sendOtp } from './api/sendOtp';
import { verifyOtp } from './api/verifyOtp';
import { AUTH_USER_KEY } from './useAuth';

export type EmailAuthStep = 'form' | 'code';

export interface EmailCredentials {
  email: string;
  password: string;
  confirmPassword: string;
  isSignup: boolean;
}

/** The server's message for a failed call, or `fallback` when it sent none. */
function messageOf(error: unknown, fallback: string, networkFallback: string): string {
  if (error instanceof ApiError) return readableServerMessage(error) || fallback;
  return networkFallback;
}

/**
 * SPEC §4 "Email auth flow": the form step moves to the code step after a successful
 * send-code call; verifying the code and completing sign-in (or sign-up) sends the browser
 * to '/'. One loading flag covers every call. The alerts are the spec's (SPEC §5, §8).
 */
export function useEmailAuthFlow() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<EmailAuthStep>('form');
  const [isLoading, setIsLoading] = useState(false);

  async function requestCode({ email, password, confirmPassword, isSignup }: EmailCredentials): Promise<void> {
    if (isSignup && password !== confirmPassword) {
      window.alert("Passwords don't match");
      return;
    }
    setIsLoading(true);
    try {
      const { devOtp } = await sendOtp(email);
      // The development code is returned only outside production, when no mail service is set.
      if (devOtp) console.info(`Development OTP for ${email}: ${devOtp}`);
      window.alert(`OTP sent to ${email}. Check your console for development OTP: ${devOtp ?? 'Check email'}`);
      setStep('code');
    } catch (error) {
      window.alert(messageOf(error, 'Failed to send OTP', 'Failed to send OTP. Please try again.'));
    } finally {
      setIsLoading(false);
    }
  }

  async function verifyCode(otp: string, { email, password, isSignup }: EmailCredentials): Promise<void> {
    setIsLoading(true);
    try {
      let verificationToken: string;
      try {
        ({ verificationToken } = await verifyOtp(email, otp));
      } catch (error) {
        window.alert(messageOf(error, 'Invalid OTP', 'Failed to verify OTP. Please try again.'));
        return;
      }
      try {
        await completeEmailAuth({ verificationToken, password, isSignup });
      } catch (error) {
        window.alert(messageOf(error, 'Authentication failed', 'Authentication failed'));
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
    requestCode,
    verifyCode,
    backToEmail: () => setStep('form'),
  };
}
