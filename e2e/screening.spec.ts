import { expect, test, type APIRequestContext } from '@playwright/test';
import { newModerator, newSignedInMember, type SignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { uniqueName } from './support/unique';

/** Screening (docs/trust-and-safety.md "Screening"): "Are you sure?", "Does this bother you?", a held listing. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields it expects
async function postJson(request: APIRequestContext, path: string, data: unknown): Promise<any> {
  const res = await request.post(path, { data });
  expect(res.ok(), `POST ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the chat asks "Are you sure?" and the receiver "Does this bother you?" (${size.name})`, async ({ browser }) => {
    const [a, b]: [SignedInMember, SignedInMember] = await Promise.all([
      newSignedInMember(browser, uniqueName('Ama'), 'Sender'),
      newSignedInMember(browser, uniqueName('Bex'), 'Receiver'),
    ]);
    try {
      await a.page.setViewportSize(size);
      await b.page.setViewportSize(size);
      const aName = `${a.member.firstName} ${a.member.lastName}`;
      const bName = `${b.member.firstName} ${b.member.lastName}`;
      await postJson(a.context.request, '/api/conversations/start', { receiverId: b.member.id, message: 'Hi there!' });

      await a.page.goto('/messages');
      await a.page.getByTestId('conversation-item').filter({ hasText: bName }).click();
      const box = a.page.getByLabel('Type a message');
      await box.fill('you fucking idiot');
      await box.press('Enter');
      const confirm = a.page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('This message may upset the person you are writing to.');
      await expect(confirm.getByTestId('confirm-send-reasons')).toHaveText(
        'It reads as a threat, a slur or an insult.',
      );
      await confirm.getByRole('button', { name: 'Send anyway' }).click();
      await expect(confirm).toBeHidden();
      await expect(a.page.getByTestId('chat-message').filter({ hasText: 'you fucking idiot' })).toBeVisible();
      await expect(a.page.getByTestId('bother-prompt')).toHaveCount(0);

      await b.page.goto('/messages');
      await b.page.getByTestId('conversation-item').filter({ hasText: aName }).click();
      const received = b.page.getByTestId('chat-message').filter({ hasText: 'you fucking idiot' });
      await expect(received.getByTestId('bother-prompt')).toContainText('Does this bother you?');
      await received.getByRole('button', { name: 'Report it' }).click();
      const report = b.page.getByRole('dialog', { name: 'Report this message' });
      await expect(report.getByLabel('Inappropriate content')).toBeChecked();
      await expect(report.getByLabel('Details')).toHaveValue('you fucking idiot');
      await report.getByRole('button', { name: 'Send Report' }).click();
      await expect(report).toBeHidden();
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  });
}

test('a held listing appears to others only after a moderator approves it', async ({ browser }) => {
  const [host, visitor]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, uniqueName('Hana'), 'Host'),
    newSignedInMember(browser, uniqueName('Vic'), 'Visitor'),
  ]);
  const moderator = await newModerator(browser);
  try {
    const title = uniqueTitle('Sexy rooftop bar night');
    const auctionId = await createAuctionViaApi(host.context.request, { title });

    await visitor.page.goto(`/auction/${auctionId}`);
    await expect(visitor.page.getByRole('heading', { name: 'Auction Not Found' })).toBeVisible();

    await host.page.goto(`/auction/${auctionId}`);
    const notice = host.page.getByTestId('in-review-notice');
    await expect(notice).toContainText('In review');
    await expect(notice).toContainText('“Sexy”');

    await moderator.page.goto('/moderation');
    const item = moderator.page.getByTestId('held-item').filter({ hasText: title });
    await expect(item.locator('mark')).toHaveText('Sexy');
    await item.getByLabel('Reasons (the member reads them)').fill('A rooftop bar is a fine date.');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(item).toHaveCount(0);

    await visitor.page.goto(`/auction/${auctionId}`);
    await expect(visitor.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.page.getByTestId('in-review-notice')).toHaveCount(0);
  } finally {
    await Promise.all([host.context.close(), visitor.context.close(), moderator.context.close()]);
  }
});
