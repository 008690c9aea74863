import { apiRoutes } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import ResetPasswordPage from './ResetPasswordPage';

type Reply = { status: number; body?: unknown } | Error;
const json = (status: number, body?: unknown): Reply => ({ status, body });

/** Answers each API path from a queue, and records what was sent. */
function mockApi(replies: Record<string, Reply[]>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      const reply = replies[url]?.shift();
      if (!reply) throw new Error(`unexpected call to ${url}`);
      if (reply instanceof Error) throw reply;
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      return new Response(text, { status: reply.status });
    }),
  );
  return calls;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const alertText = () => screen.getByRole('alert').textContent;

beforeEach(() => {
  window.history.replaceState(null, '', '/reset-password');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResetPasswordPage />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function toCodeStep() {
  fill('Email', 'ada@example.com');
  click('Send code');
  await screen.findByLabelText('Verification code');
}

describe('password reset screen (docs/accounts.md)', () => {
  it('sends a code, then the code and the new password, and goes home signed in', async () => {
    const calls = mockApi({
      [apiRoutes.sendPasswordResetCode.path]: [json(200, { message: 'sent', devOtp: '654321' })],
      [apiRoutes.resetPassword.path]: [json(200, { message: 'Password updated and signed in', user: {} })],
      [apiRoutes.getCurrentUser.path]: [json(200, { id: 'u1' })],
    });
    await toCodeStep();
    expect(alertText()).toBe('OTP sent to ada@example.com. Check your console for development OTP: 654321');
    fill('Verification code', '65x4321');
    fill('New password', 'a new password');
    fill('Confirm new password', 'a new password');
    click('Set new password');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.slice(0, 2).map((c) => c.body)).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com', otp: '654321', password: 'a new password' },
    ]);
  });

  it('refuses mismatching passwords in the page and sends nothing', async () => {
    const calls = mockApi({ [apiRoutes.sendPasswordResetCode.path]: [json(200, { message: 'sent' })] });
    await toCodeStep();
    expect(alertText()).toBe('OTP sent to ada@example.com. Check your console for development OTP: Check email');
    fill('Verification code', '123456');
    fill('New password', 'a new password');
    fill('Confirm new password', 'another password');
    click('Set new password');
    expect(alertText()).toBe("Passwords don't match");
    expect(calls).toHaveLength(1);
  });

  it('shows the server message for a wrong code and keeps the form', async () => {
    mockApi({
      [apiRoutes.sendPasswordResetCode.path]: [json(200, { message: 'sent', devOtp: '123456' })],
      [apiRoutes.resetPassword.path]: [json(400, { message: 'Invalid OTP', code: 'bad_request' })],
    });
    await toCodeStep();
    fill('Verification code', '000000');
    fill('New password', 'a new password');
    fill('Confirm new password', 'a new password');
    click('Set new password');
    await waitFor(() => expect(alertText()).toBe('Invalid OTP'));
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a new password');
    expect(window.location.pathname).toBe('/reset-password');
  });
});
