import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 8 point 4 (docs/trust-and-safety.md "Data export", "Deleting an account"): from the own
// profile page a member downloads their data and deletes their account, typing DELETE to confirm.

test('a member downloads their data, then deletes their account from the profile page', async ({ browser }) => {
  const { member, context, page } = await newSignedInMember(browser, 'Della', 'Parting');
  // Della bids on another member's auction: the bid stays after she leaves, under 'Deleted user'.
  const host = await newSignedInMember(browser, 'Hank', 'Host');
  const auctionId = await createAuctionViaApi(host.context.request, { title: uniqueTitle('Tea for two') });
  const bid = await context.request.post('/api/bids', { data: { auctionId, amount: '21' } });
  expect(bid.status(), await bid.text()).toBe(201);

  await page.goto('/profile');
  const section = page.getByTestId('your-data');
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  // Download my data: a JSON file of what we hold about them.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bidyourdate-my-data.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string; firstName: string; lastName: string };
    paymentMethods: { brand: string; last4: string }[];
  };
  expect(exported.profile).toMatchObject({ email: member.email, firstName: 'Della', lastName: 'Parting' });
  expect(exported.paymentMethods).toEqual([{ type: 'card', brand: 'visa', last4: '4242' }]);

  // Delete my account: the confirm button waits for the typed word.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  const input = dialog.getByLabel('Type DELETE to confirm');
  await input.fill('delete');
  await expect(confirm).toBeDisabled();
  // Keeping the account changes nothing.
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();
  expect((await context.request.get('/api/auth/user')).status()).toBe(200);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out, on the landing page.
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid Your Perfect Date');
  // The session cookie went with the account: a visitor with no current user.
  expect((await context.request.get('/api/auth/user')).status()).toBe(204);

  // The host still sees the bid, from a 'Deleted user'.
  await host.page.goto(`/auction/${auctionId}`);
  await expect(host.page.getByTestId('bid-history-row')).toHaveCount(1);
  await expect(host.page.getByTestId('bid-history-row').first()).toContainText('Deleted user');
  await expect(host.page.getByTestId('bid-history-row').first()).toContainText('$21');
  await host.context.close();
  await context.close();
});
