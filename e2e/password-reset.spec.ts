import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Response, test } from '@playwright/test';
import { signUpMember } from './support/accounts';

// docs/accounts.md, on a phone (390x844): a wrong password is reported on the sign-in screen as an
// in-page alert before any code is sent, and a forgotten password is reset with a mailed code
// (the app runs in development mode, so the code comes back as devOtp, as for sign-in).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NEW_PASSWORD = 'a brand new password 7';

const isCall = (path: string) => (res: Response) => new URL(res.url()).pathname === path;

/** No serious or critical axe violation on the screen as it is now (alerts included). */
async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Records browser pop-ups: there must be none, every message is in the page. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse(isCall('/api/auth/send-otp')),
    page.getByRole('button', { name: 'Sign In', exact: true }).click(),
  ]);
  return response;
}

test('a wrong password is refused before any code; a forgotten one is reset by a mailed code', async ({ browser }) => {
  // The member exists (signed up through the API) and then uses a fresh, signed-out phone.
  const setup = await browser.newContext();
  const member = await signUpMember(setup.request, 'Reset', 'Phone', { withCard: false });
  await setup.close();

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const dialogs = watchDialogs(page);

  // 1. A wrong password: the alert comes at once, no code step, and the form keeps what was typed.
  await page.goto('/login');
  const refused = await submitSignIn(page, member.email, 'not my password');
  expect(refused.status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Verification code')).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not my password');
  await expectNoSeriousA11yViolations(page);

  // 2. Forgot password? leads to the reset screen, which mails a code.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  const [sent] = await Promise.all([
    page.waitForResponse(isCall('/api/auth/reset-password/send-code')),
    page.getByRole('button', { name: 'Send code' }).click(),
  ]);
  expect(sent.status()).toBe(200);
  const { devOtp } = (await sent.json()) as { devOtp?: string };
  expect(devOtp).toMatch(/^\d{6}$/);
  await expect(page.getByRole('alert')).toHaveText(
    `OTP sent to ${member.email}. Check your console for development OTP: ${devOtp}`,
  );

  // 3. A wrong code is refused in the page and changes nothing.
  const wrongCode = devOtp === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrongCode);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  const [wrong] = await Promise.all([
    page.waitForResponse(isCall('/api/auth/reset-password')),
    page.getByRole('button', { name: 'Set new password' }).click(),
  ]);
  expect(wrong.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP');
  await expectNoSeriousA11yViolations(page);

  // 4. The right code sets the new password and signs this phone in.
  await page.getByLabel('Verification code').fill(devOtp!);
  const [done] = await Promise.all([
    page.waitForResponse(isCall('/api/auth/reset-password')),
    page.getByRole('button', { name: 'Set new password' }).click(),
  ]);
  expect(done.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  // 5. Signed out, the old password is refused and the new one gets a code.
  await page.goto('/api/logout');
  await page.goto('/login');
  const old = await submitSignIn(page, member.email, member.password);
  expect(old.status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  const fresh = await submitSignIn(page, member.email, NEW_PASSWORD);
  expect(fresh.status()).toBe(200);
  const code = ((await fresh.json()) as { devOtp?: string }).devOtp!;
  await expect(page.getByRole('alert')).toHaveText(
    `OTP sent to ${member.email}. Check your console for development OTP: ${code}`,
  );
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  expect(dialogs).toEqual([]);
  await context.close();
});
