import { apiRoutes } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import LoginPage from './LoginPage';

type Reply = { status: number; body?: unknown } | Error;
const json = (status: number, body?: unknown): Reply => ({ status, body });

/** Answers each API path from a queue, and records what was sent. */
function mockApi(replies: Record<string, Reply[]>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const reply = replies[url]?.shift();
    if (!reply) throw new Error(`unexpected call to ${url}`);
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, statusText: reply.status >= 400 ? 'Server Error' : 'OK' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderLogin(path = '/login') {
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginPage />
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The page's in-page alert text (there is at most one). */
const alertText = () => screen.getByRole('alert').textContent;

let alertSpy: MockInstance<typeof window.alert>;
beforeEach(() => {
  // No browser pop-up is ever raised: every message is in the page.
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  expect(alertSpy).not.toHaveBeenCalled();
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('login screen (docs/product.md §4 "Email auth flow", §8)', () => {
  it('opens in sign-up mode from ?mode=signup and toggles back to sign-in', () => {
    renderLogin('/login?mode=signup');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    click('Sign in');
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('explains a provider error from ?error=', () => {
    renderLogin('/login?error=account_exists');
    expect(screen.getByRole('alert').textContent).toBe(
      'An account with this email already exists. Sign in with your email and password first.',
    );
  });

  it('tells a suspended member why a provider sign-in was refused', () => {
    renderLogin('/login?error=account_suspended');
    expect(screen.getByRole('alert').textContent).toBe(
      'Your account has been suspended for breaking our community rules. Contact support if you think this is a mistake.',
    );
  });

  it('alerts on mismatching passwords in sign-up and sends nothing', () => {
    const calls = mockApi({});
    renderLogin('/login?mode=signup');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    fill('Confirm password', 'password-two');
    click('Sign Up');
    expect(alertText()).toBe("Passwords don't match");
    expect(calls).toEqual([]);
    // What was typed stays.
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').value).toBe('password-two');
  });

  it('sends the code with the password, shows the spec text with the development code, then signs in and goes to /', async () => {
    const calls = mockApi({
      [apiRoutes.sendSignInCode.path]: [json(200, { message: 'sent', devOtp: '123456' })],
      [apiRoutes.verifySignInCode.path]: [json(200, { verificationToken: 'tok', message: 'ok' })],
      [apiRoutes.completeEmailAuth.path]: [json(200, { message: 'Signed in', user: {} })],
    });
    renderLogin('/login');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    click('Sign In');
    await screen.findByLabelText('Verification code');
    expect(alertText()).toBe('OTP sent to ada@example.com. Check your console for development OTP: 123456');
    fill('Verification code', '123456');
    click('Verify');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'password-one' },
      { email: 'ada@example.com', otp: '123456' },
      { verificationToken: 'tok', password: 'password-one', isSignup: false },
    ]);
  });

  it("says 'Check email' when no development code comes back", async () => {
    mockApi({ [apiRoutes.sendSignInCode.path]: [json(200, { message: 'sent' })] });
    renderLogin('/login');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    click('Sign In');
    await screen.findByLabelText('Verification code');
    expect(alertText()).toBe('OTP sent to ada@example.com. Check your console for development OTP: Check email');
  });

  it('sends only the e-mail when signing up', async () => {
    const calls = mockApi({ [apiRoutes.sendSignInCode.path]: [json(200, { message: 'sent', devOtp: '123456' })] });
    renderLogin('/login?mode=signup');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    fill('Confirm password', 'password-one');
    click('Sign Up');
    await screen.findByLabelText('Verification code');
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('reports a wrong password before any code step and keeps what was typed', async () => {
    mockApi({
      [apiRoutes.sendSignInCode.path]: [
        json(401, { message: 'Invalid email or password', code: 'invalid_credentials' }),
      ],
    });
    renderLogin('/login');
    fill('Email', 'ada@example.com');
    fill('Password', 'not-my-password');
    click('Sign In');
    await waitFor(() => expect(alertText()).toBe('Invalid email or password'));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('not-my-password');
  });

  it('links to the password reset screen from sign-in only', () => {
    renderLogin('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
    click('Sign up');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it.each([
    ['the server message', json(429, { message: 'Too many codes', code: 'rate_limited' }), 'Too many codes'],
    ['the fallback when the server says nothing', json(500), 'Failed to send OTP'],
    ['the network text', new TypeError('Failed to fetch'), 'Failed to send OTP. Please try again.'],
  ])('a failed send-code shows %s and stays on the form', async (_, reply, expected) => {
    mockApi({ [apiRoutes.sendSignInCode.path]: [reply] });
    renderLogin('/login');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    click('Sign In');
    await waitFor(() => expect(alertText()).toBe(expected));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' }).disabled).toBe(false),
    );
  });

  it.each([
    [
      'verify: server message',
      { verify: json(400, { message: 'This code has expired.', code: 'bad_request' }) },
      'This code has expired.',
    ],
    ['verify: fallback', { verify: json(400) }, 'Invalid OTP'],
    ['verify: network', { verify: new TypeError('x') }, 'Failed to verify OTP. Please try again.'],
    [
      'complete: server message',
      { complete: json(401, { message: 'Invalid email or password', code: 'invalid_credentials' }) },
      'Invalid email or password',
    ],
    ['complete: fallback', { complete: json(500) }, 'Authentication failed'],
  ])('%s', async (_, failure: { verify?: Reply; complete?: Reply }, expected) => {
    mockApi({
      [apiRoutes.sendSignInCode.path]: [json(200, { message: 'sent', devOtp: '111111' })],
      [apiRoutes.verifySignInCode.path]: [failure.verify ?? json(200, { verificationToken: 'tok', message: 'ok' })],
      [apiRoutes.completeEmailAuth.path]: failure.complete ? [failure.complete] : [],
    });
    renderLogin('/login');
    fill('Email', 'ada@example.com');
    fill('Password', 'password-one');
    click('Sign In');
    await screen.findByLabelText('Verification code');
    fill('Verification code', '111111');
    click('Verify');
    await waitFor(() => expect(alertText()).toBe(expected));
    expect(window.location.pathname).toBe('/login');
  });
});
