import { expect, type Locator, type Page, test } from '@playwright/test';
import { newSignedInMember } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { MINUTE, moveClockPast, serverNow } from './support/clock';

// docs/product.md §2 "Profile page" (Payment Methods tab; /profile is the return address after setup),
// §2 "Bid dialog", §4 "Payment method add", §8 payment toasts; docs/payments.md. The server has
// no Stripe keys here, so the offline sandbox takes the payments with Stripe's test card numbers.
// A won auction ends on the server's test clock (docs/payments.md, "The test clock"), which closes
// it and charges the winner before it answers: these journeys run in the "test-clock" project.

const toast = (page: Page) => page.getByTestId('toast');
const savedMethods = (page: Page) => page.getByRole('list', { name: 'Saved payment methods' });

async function openPaymentMethodsTab(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByTestId('page-profile')).toBeVisible();
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=payments$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment Methods' })).toBeVisible();
}

/** Add Payment Method → the sandbox card form, filled and saved. Returns the form. */
async function addCard(page: Page, cardNumber: string): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Add a card' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(form).toBeVisible();
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM / YY)').fill(`12${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save Card' }).click();
  return form;
}

test('a member adds a card that is declined, then one that works, and removes it', async ({ browser }) => {
  const { context, page } = await newSignedInMember(browser, 'Pia', 'Payer', { withCard: false });
  try {
    await openPaymentMethodsTab(page);
    await expect(page.getByText('No payment methods saved yet.', { exact: false })).toBeVisible();
    await expect(page.getByText('No payments yet.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const form = page.getByRole('form', { name: 'Add a card' });
    await expect(form.getByText('Test mode: no real card is charged.')).toBeVisible();
    await expect(form.getByText('4242 4242 4242 4242')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Field checks happen before anything is sent.
    await form.getByRole('button', { name: 'Save Card' }).click();
    await expect(form.getByText('Your card number is incomplete.')).toBeVisible();

    await addCard(page, '4000 0000 0000 0002');
    await expect(toast(page)).toContainText('Payment Method Failed');
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(form).toBeVisible();

    await addCard(page, '4242 4242 4242 4242');
    await expect(toast(page)).toContainText('Payment Method Added');
    await expect(form).toBeHidden();
    await expect(savedMethods(page).getByText('Visa •••• 4242')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove payment method?' });
    await expect(confirm).toContainText('Visa •••• 4242 will be removed');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page)).toContainText('Payment Method Removed');
    await expect(confirm).toBeHidden();
    await expect(savedMethods(page)).toBeHidden();
    await expect(page.getByText('No payment methods saved yet.', { exact: false })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a card that needs authentication goes through the sandbox authentication page and back', async ({ browser }) => {
  const { context, page } = await newSignedInMember(browser, 'Aki', 'Auth', { withCard: false });
  try {
    await openPaymentMethodsTab(page);
    await addCard(page, '4000 0025 0000 3155');

    await expect(page).toHaveURL(/\/payments\/sandbox\/authenticate\?client_secret=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Test authentication page' })).toBeVisible();
    await expect(page.getByText('belongs to the payment sandbox', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    // Back on the return address, with the outcome announced once and the parameters gone.
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByRole('tab', { name: 'Payment Methods', selected: true })).toBeVisible();
    await expect(toast(page)).toContainText('Payment Method Added');
    await expect(savedMethods(page).getByText('Visa •••• 3155')).toBeVisible();

    // Failing the authentication saves nothing and says so.
    await addCard(page, '4000 0025 0000 3155');
    await expect(page).toHaveURL(/\/payments\/sandbox\/authenticate\?client_secret=/);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(toast(page)).toContainText('Payment Method Failed');
    await expect(toast(page)).toContainText('We are unable to authenticate your payment method.');
    await expect(savedMethods(page).getByTestId('payment-method')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('without a card, the bid dialog asks for one and links to the Payment Methods tab', async ({ browser }) => {
  const [host, bidder] = await Promise.all([
    newSignedInMember(browser, 'Hedda', 'Host'),
    newSignedInMember(browser, 'Nico', 'Nocard', { withCard: false }),
  ]);
  try {
    const title = uniqueTitle('Board games at the cafe');
    const auctionId = await createAuctionViaApi(host.context.request, { title });
    const { page } = bidder;
    await page.goto(`/auction/${auctionId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place Your Bid' });
    await expect(
      dialog.getByText('Add a payment method before bidding. Your card is only charged if you win.'),
    ).toBeVisible();
    await expect(
      dialog.getByText('Your card will only be charged if you win this auction.', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Place Bid' })).toBeDisabled();

    await dialog.getByRole('link', { name: 'Add a payment method' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByRole('tab', { name: 'Payment Methods', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Payment Method' })).toBeVisible();
  } finally {
    await Promise.all([host.context.close(), bidder.context.close()]);
  }
});

test('the whole journey: add a card, win an auction, see the charge with its fee', async ({ browser }) => {
  test.setTimeout(120_000);
  const [host, bidder] = await Promise.all([
    newSignedInMember(browser, 'Hugo', 'Host'),
    newSignedInMember(browser, 'Wren', 'Winner', { withCard: false }),
  ]);
  try {
    const { page } = bidder;
    await openPaymentMethodsTab(page);
    await addCard(page, '4242 4242 4242 4242');
    await expect(toast(page)).toContainText('Payment Method Added');
    await expect(savedMethods(page).getByText('Visa •••• 4242')).toBeVisible();

    // Ends an hour from the server's time; the clock moves past it after the bid.
    const title = uniqueTitle('Sunset kayak tour');
    const endsAt = (await serverNow(host.context.request)) + 60 * MINUTE;
    const auctionId = await createAuctionViaApi(host.context.request, {
      title,
      startingBid: '50',
      endTime: new Date(endsAt).toISOString(),
    });
    await page.goto(`/auction/${auctionId}`);
    await page.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place Your Bid' });
    await expect(dialog.getByLabel('Your bid ($)')).toHaveValue('50');
    await dialog.getByRole('button', { name: /^\+\$5:/ }).click();
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(toast(page)).toContainText('Bid Placed Successfully!');

    // The clock passes the end: the lifecycle job closes the auction and charges the winner's
    // saved card before the move answers.
    await moveClockPast(bidder.context.request, endsAt);
    const row = page.getByTestId('payment-row').filter({ has: page.getByRole('link', { name: title }) });
    await page.goto('/profile?tab=payments');
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/auction/${auctionId}`);
    await expect(row.getByText('Charge', { exact: true })).toBeVisible();
    await expect(row.getByText('$55.00', { exact: true })).toBeVisible();
    await expect(row.getByText('Includes $5.50 service fee (10%)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await Promise.all([host.context.close(), bidder.context.close()]);
  }
});
