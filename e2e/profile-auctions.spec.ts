import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { addSandboxCard } from './support/accounts';
import { screenedRandom } from './support/unique';

// docs/product.md §2 "Profile page" (My Auctions / My Bids, edit-auction and cancel-auction modals; only active
// auctions can be edited or cancelled), §5 "Auction edit", §7 PUT and DELETE /api/auctions/{id},
// §8 texts. The app runs in development mode, so send-otp answers with the code (devOtp).
// The steps share one auction and run in order.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'a long password';

function uniqueEmail(label: string): string {
  return `e2e-profile-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function call<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const res = await request.fetch(path, { method, data });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Signs up through the e-mail flow (docs/product.md §7) and completes the profile; the session lands in `request`'s cookies. */
async function signUp(request: APIRequestContext, firstName: string): Promise<void> {
  const email = uniqueEmail(firstName.toLowerCase());
  const { devOtp } = await call<{ devOtp?: string }>(request, 'POST', '/api/auth/send-otp', { email });
  expect(devOtp, 'send-otp returns the development code').toMatch(/^\d{6}$/);
  const { verificationToken } = await call<{ verificationToken: string }>(request, 'POST', '/api/auth/verify-otp', {
    email,
    otp: devOtp,
  });
  await call(request, 'POST', '/api/auth/complete-email-auth', {
    verificationToken,
    password: PASSWORD,
    isSignup: true,
  });
  await call(request, 'PUT', '/api/profile', {
    firstName,
    lastName: 'Tester',
    bio: `${firstName} likes slow coffee.`,
    age: 30,
    location: 'Austin, TX',
    country: 'United States',
    zipCode: '78701',
    interests: ['coffee'],
    sex: 'female',
    openToDatesWith: ['male'],
  });
}

/** POST /api/auctions: a coffee date ending a day from now. */
async function createAuction(request: APIRequestContext, title: string): Promise<{ id: string }> {
  return call<{ id: string }>(request, 'POST', '/api/auctions', {
    title,
    description: 'A slow espresso and a walk through the new museum wing.',
    dateType: 'coffee',
    location: 'Austin, TX',
    locationRadius: 25,
    startingBid: '20',
    endTime: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    paymentResponsibility: '50_50',
    expectedDuration: 60,
  });
}

const suffix = screenedRandom(6, 'listing', (run) => `Museum coffee ${run} Gallery coffee ${run}`);
const originalTitle = `Museum coffee ${suffix}`;
const editedTitle = `Gallery coffee ${suffix}`;

let ownerContext: BrowserContext;
let owner: Page;
let bidderContext: BrowserContext;
let bidder: Page;
let auctionId: string;
/** PUT /api/auctions/{id} requests the owner's page has sent. */
const editRequests: string[] = [];

test.beforeAll(async ({ browser }) => {
  ownerContext = await browser.newContext();
  owner = await ownerContext.newPage();
  await signUp(owner.request, 'Olive');
  ({ id: auctionId } = await createAuction(owner.request, originalTitle));
  owner.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/auctions/')) {
      editRequests.push(request.postData() ?? '');
    }
  });

  bidderContext = await browser.newContext();
  bidder = await bidderContext.newPage();
  await signUp(bidder.request, 'Bea');
  // A bid needs a card on file (docs/payments.md).
  await addSandboxCard(bidder.request);
  await call(bidder.request, 'POST', '/api/bids', { auctionId, amount: '25' });
});

test.afterAll(async () => {
  await ownerContext?.close();
  await bidderContext?.close();
});

/** docs/engineering.md §6: no serious or critical axe violations. */
async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious).toEqual([]);
}

const myAuction = () =>
  owner.getByTestId('my-auction').filter({ has: owner.getByRole('link', { name: new RegExp(suffix) }) });
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

async function openEdit(): Promise<void> {
  await myAuction().getByRole('button', { name: 'Edit' }).click();
  await expect(owner.getByRole('dialog', { name: 'Edit Auction' })).toBeVisible();
}

test('the owner sees the auction under My Auctions with Edit and Cancel', async () => {
  await owner.goto('/profile');
  await expect(owner.getByTestId('page-profile')).toBeVisible();
  await expect(owner.getByRole('tab', { name: 'My Auctions' })).toHaveAttribute('aria-selected', 'true');
  const row = myAuction();
  await expect(row.getByRole('link', { name: originalTitle })).toHaveAttribute('href', `/auction/${auctionId}`);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('$25', { exact: true })).toBeVisible();
  await expect(row.getByText('1 bid', { exact: true })).toBeVisible();
  await expect(row.getByText(/^(Time left )?(23h \d+m|1d 0h)$/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoSeriousA11yViolations(owner);
});

test("editing the title says 'Auction Updated' and shows the new title", async () => {
  await openEdit();
  const dialog = owner.getByRole('dialog', { name: 'Edit Auction' });
  await expect(dialog.getByLabel('Title')).toHaveValue(originalTitle);
  await expectNoSeriousA11yViolations(owner);
  await dialog.getByLabel('Title').fill(editedTitle);
  const [response] = await Promise.all([
    owner.waitForResponse(
      (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === `/api/auctions/${auctionId}`,
    ),
    dialog.getByRole('button', { name: 'Save Changes' }).click(),
  ]);
  expect(response.status()).toBe(200);
  // Only the changed field is sent (docs/product.md §5).
  expect(JSON.parse(editRequests.at(-1)!)).toEqual({ title: editedTitle });
  await expect(toast(owner, 'Auction Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(myAuction().getByRole('link', { name: editedTitle })).toBeVisible();
});

test('saving without changes closes the modal with no call', async () => {
  const before = editRequests.length;
  await openEdit();
  const dialog = owner.getByRole('dialog', { name: 'Edit Auction' });
  await expect(dialog.getByLabel('Title')).toHaveValue(editedTitle);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  // Give a stray request time to show up before counting.
  await owner.waitForTimeout(500);
  expect(editRequests.length).toBe(before);
});

test("clearing the title shows 'Validation Error' with 'title: Title is required' and sends nothing", async () => {
  const before = editRequests.length;
  await openEdit();
  const dialog = owner.getByRole('dialog', { name: 'Edit Auction' });
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const error = toast(owner, 'Validation Error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('title: Title is required');
  await expect(dialog).toBeVisible();
  expect(editRequests.length).toBe(before);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(myAuction().getByRole('link', { name: editedTitle })).toBeVisible();
});

test('the bidder sees the bid under My Bids, leading', async () => {
  await bidder.goto('/profile');
  await bidder.getByRole('tab', { name: 'My Bids' }).click();
  const row = bidder.getByTestId('my-bid').filter({ has: bidder.getByRole('link', { name: editedTitle }) });
  await expect(row.getByRole('link', { name: editedTitle })).toHaveAttribute('href', `/auction/${auctionId}`);
  await expect(row.getByText('Your bid $25')).toBeVisible();
  await expect(row.getByText('Current bid $25')).toBeVisible();
  await expect(row.getByText(/^(Placed )?(Just now|\d+m)$/)).toBeVisible();
  await expect(row.getByText('Leading', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(bidder);
});

test("cancelling says 'Auction Cancelled', marks it Cancelled and removes Edit and Cancel", async () => {
  await myAuction().getByRole('button', { name: 'Cancel' }).click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText('will be notified');
  await expectNoSeriousA11yViolations(owner);
  // Keep Auction changes nothing.
  await dialog.getByRole('button', { name: 'Keep Auction' }).click();
  await expect(dialog).toBeHidden();
  await expect(myAuction().getByText('Active', { exact: true })).toBeVisible();

  await myAuction().getByRole('button', { name: 'Cancel' }).click();
  const [response] = await Promise.all([
    owner.waitForResponse(
      (res) => res.request().method() === 'DELETE' && new URL(res.url()).pathname === `/api/auctions/${auctionId}`,
    ),
    owner.getByRole('dialog').getByRole('button', { name: 'Cancel Auction' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(toast(owner, 'Auction Cancelled')).toBeVisible();
  await expect(owner.getByRole('dialog')).toBeHidden();
  const row = myAuction();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(owner);
});

test('the bidder then sees the bid as ended', async () => {
  await bidder.reload();
  await bidder.getByRole('tab', { name: 'My Bids' }).click();
  const row = bidder.getByTestId('my-bid').filter({ has: bidder.getByRole('link', { name: editedTitle }) });
  await expect(row.getByText('Ended', { exact: true })).toBeVisible();
});
