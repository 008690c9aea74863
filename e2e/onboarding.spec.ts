import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { signUpMember } from './support/accounts';
import { picture } from './support/pictures';

// docs/accounts.md "Onboarding": right after sign-up, a photo, a card and notifications on this
// device, each with "Skip for now", each answered once and never shown again. On a phone.
test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'correct-horse-battery-42';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const progress = (page: Page) => page.getByTestId('onboarding-progress');

/** No sideways scrolling on a phone (docs/web-app.md). */
async function expectNoOverflow(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The e-mail flow in the UI; the app runs in development mode, so send-otp answers with the code. */
async function signInThroughTheForm(page: Page, email: string, mode: 'Sign Up' | 'Sign In') {
  await page.goto(mode === 'Sign Up' ? '/login?mode=signup' : '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  if (mode === 'Sign Up') await page.getByLabel('Confirm password').fill(PASSWORD);
  const [sent] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/send-otp'),
    page.getByRole('button', { name: mode, exact: true }).click(),
  ]);
  const { devOtp } = (await sent.json()) as { devOtp: string };
  await page.getByLabel('Verification code').fill(devOtp);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('sign up, add a photo, skip the card and notifications, land home; signing in again skips onboarding', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const email = `e2e-onboarding-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await signInThroughTheForm(page, email, 'Sign Up');
  await expect(page).toHaveURL(/\/welcome$/);

  // Step 1: what the profile needs first (name, age, place), then its photos, as on the profile page.
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(heading(page)).toHaveText('About you');
  await expect(
    page.getByText('Your name, age and where you are: what members see on your auctions and bids.'),
  ).toBeVisible();
  await expectNoOverflow(page);
  await expectNoSeriousA11yViolations(page);
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('First name').fill('Nova');
  await form.getByLabel('Last name').fill('Newcomer');
  await form.getByLabel('Age').fill('29');
  await form.getByRole('group', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
  await form.getByLabel('Location').fill('Austin');
  await form.getByLabel('Country').fill('USA');
  await form.getByLabel('Zip code').fill('78701');
  await form.getByRole('group', { name: 'Open to dates with' }).getByLabel('Male', { exact: true }).check();
  await form.getByRole('button', { name: 'Save and continue' }).click();

  await expect(heading(page)).toHaveText('Add a photo');
  await expect(
    page.getByText('Members bid on people they can see. Your first photo is the one shown on your auctions.'),
  ).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(continueButton).toBeDisabled();

  await page.getByRole('button', { name: 'Add photo' }).click();
  const crop = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  const chooser = page.waitForEvent('filechooser');
  await crop.getByRole('button', { name: 'Select Image' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(90) });
  await expect(crop.locator('.reactEasyCrop_CropArea')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/photos') && r.request().method() === 'POST');
  await crop.getByRole('button', { name: 'Save Profile Picture' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByTestId('profile-photos').getByRole('listitem')).toHaveCount(1);
  // Adding the photo does not move the page on: the member may add more, then continue.
  await expect(heading(page)).toHaveText('Add a photo');
  await continueButton.click();

  // Step 2: the card form of the Payment Methods tab; skipped.
  await expect(progress(page)).toHaveText('Step 2 of 3');
  await expect(heading(page)).toHaveText('Add a card');
  await expect(page.getByText('You need a card on file to bid. It is only charged if you win.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Payment Method' })).toBeVisible();
  await expectNoOverflow(page);
  await page.getByRole('button', { name: 'Skip for now' }).click();

  // Step 3: this device's push control, as on the profile; skipped.
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await expect(heading(page)).toHaveText('Turn on notifications');
  await expect(
    page.getByText('Know at once when you are outbid, win a date or get a message on this device.'),
  ).toBeVisible();
  await expect(page.getByTestId('device-push-state')).not.toHaveText('Checking this device…');
  await expectNoOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Skip for now' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page)).toHaveText('Bid Your Perfect Date');
  const me = (await (await page.request.get('/api/auth/user')).json()) as { onboarding: unknown };
  expect(me.onboarding).toEqual({ photo: 'done', card: 'skipped', notifications: 'skipped' });

  // Remembered on the server: a new sign-in goes home, and /welcome itself sends home.
  await page.goto('/api/logout');
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await signInThroughTheForm(page, email, 'Sign In');
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page)).toHaveText('Bid Your Perfect Date');
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-onboarding')).toHaveCount(0);
});

test('a member who already has a card passes the card step without seeing it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await signUpMember(context.request, 'Cora', 'Carded', { finishOnboarding: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(heading(page)).toHaveText('Add a photo');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(heading(page)).toHaveText('Turn on notifications');
    await expect(progress(page)).toHaveText('Step 3 of 3');
    const me = (await (await page.request.get('/api/auth/user')).json()) as { onboarding: unknown };
    expect(me.onboarding).toEqual({ photo: 'skipped', card: 'done', notifications: 'pending' });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await context.close();
  }
});
