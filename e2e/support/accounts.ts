import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/** A member signed up through the API, with the complete profile that bidding and creating need (docs/product.md §5). */
export interface TestMember {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface SignedInMember {
  member: TestMember;
  context: BrowserContext;
  page: Page;
}

const PASSWORD = 'correct-horse-battery-42';

function uniqueEmail(label: string): string {
  return `e2e-${label.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function postJson<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' | 'PATCH' = 'POST',
) {
  const res = await request.fetch(path, { method, data });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export interface SignUpOptions {
  /**
   * Save the sandbox test card 4242 4242 4242 4242 through the API (default true): bidding and
   * Buy Now need a card on file (docs/payments.md). False for journeys that add one in the UI.
   */
  withCard?: boolean;
  /**
   * Answer onboarding's three steps through the API (default true), as a member who skipped what
   * they did not do: the member lands on the home page, not on onboarding (docs/accounts.md
   * "Onboarding"). False for journeys that go through onboarding in the UI.
   */
  finishOnboarding?: boolean;
}

/** Saves a sandbox test card for the member signed in on `request`, as the sandbox card form does. */
export async function addSandboxCard(request: APIRequestContext, cardNumber = '4242424242424242'): Promise<string> {
  const { clientSecret } = await postJson<{ clientSecret: string }>(request, '/api/stripe/setup-intent', undefined);
  const answer = await postJson<{ status: string; paymentMethodId?: string }>(
    request,
    '/api/payments/sandbox/confirm-setup',
    { clientSecret, cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 5, cvc: '123' },
  );
  expect(answer.status, `saving ${cardNumber}`).toBe('succeeded');
  return answer.paymentMethodId!;
}

/**
 * Answers onboarding's steps through the API (docs/accounts.md "Onboarding"), so the member signed
 * in on `request` goes straight to the home page: skipped unless `answers` says otherwise.
 */
export async function finishOnboarding(
  request: APIRequestContext,
  answers: Partial<Record<'photo' | 'card' | 'notifications', 'done' | 'skipped'>> = {},
): Promise<void> {
  await postJson(
    request,
    '/api/onboarding',
    { photo: 'skipped', card: 'skipped', notifications: 'skipped', ...answers },
    'PATCH',
  );
}

/**
 * Signs up through the e-mail flow of docs/product.md §7 (the app runs in development mode, so send-otp
 * answers with the code), completes the profile and, unless told otherwise, saves a card and
 * answers onboarding. The
 * session cookie lands in `request`'s cookie jar, so a browser context's own request signs that
 * context in.
 */
export async function signUpMember(
  request: APIRequestContext,
  firstName: string,
  lastName = 'Tester',
  options: SignUpOptions = {},
): Promise<TestMember> {
  const email = uniqueEmail(firstName);
  const { devOtp } = await postJson<{ devOtp?: string }>(request, '/api/auth/send-otp', { email });
  expect(devOtp, 'send-otp returns the development code').toMatch(/^\d{6}$/);
  const { verificationToken } = await postJson<{ verificationToken: string }>(request, '/api/auth/verify-otp', {
    email,
    otp: devOtp,
  });
  await postJson(request, '/api/auth/complete-email-auth', { verificationToken, password: PASSWORD, isSignup: true });
  const user = await postJson<{ id: string }>(
    request,
    '/api/profile',
    {
      firstName,
      lastName,
      bio: `${firstName} likes coffee and board games.`,
      age: 30,
      location: 'Austin',
      country: 'USA',
      zipCode: '78701',
      interests: ['Coffee'],
      sex: 'female',
      openToDatesWith: ['male', 'female', 'other'],
    },
    'PUT',
  );
  const id = user.id ?? (await (await request.get('/api/auth/user')).json()).id;
  const withCard = options.withCard ?? true;
  if (withCard) await addSandboxCard(request);
  if (options.finishOnboarding ?? true) await finishOnboarding(request, { card: withCard ? 'done' : 'skipped' });
  return { id, email, password: PASSWORD, firstName, lastName };
}

/** A separate browser context (its own cookies) signed in as a new member with a complete profile and a card. */
export async function newSignedInMember(
  browser: Browser,
  firstName: string,
  lastName?: string,
  options: SignUpOptions = {},
): Promise<SignedInMember> {
  const context = await browser.newContext();
  const member = await signUpMember(context.request, firstName, lastName, options);
  const page = await context.newPage();
  return { member, context, page };
}

/** playwright.config.ts lists this address in MODERATOR_EMAILS (the role comes from that list). */
export const MODERATOR_EMAIL = 'moderator.e2e@example.com';

/**
 * Signs the journeys' one moderator in through the e-mail flow, in a browser context of its own,
 * onboarding answered. Sign-in mode creates the account the first time; sign-up mode on the
 * existing account would set the password again and end its other sessions, signing out the
 * moderator of a journey running beside this one.
 */
export async function newModerator(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const { devOtp } = await postJson<{ devOtp: string }>(context.request, '/api/auth/send-otp', {
    email: MODERATOR_EMAIL,
  });
  const { verificationToken } = await postJson<{ verificationToken: string }>(context.request, '/api/auth/verify-otp', {
    email: MODERATOR_EMAIL,
    otp: devOtp,
  });
  await postJson(context.request, '/api/auth/complete-email-auth', {
    verificationToken,
    password: 'moderator-password-42',
    isSignup: false,
  });
  await finishOnboarding(context.request);
  return { context, page: await context.newPage() };
}
