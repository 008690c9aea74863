import { expect, test, type APIRequestContext } from '@playwright/test';
import { newModerator, newSignedInMember, type SignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { uniqueName } from './support/unique';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields it expects
async function postJson(request: APIRequestContext, path: string, data: unknown): Promise<any> {
  const res = await request.post(path, { data });
  expect(res.ok(), `POST ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('a member reports an auction and a moderator hides it; members cannot open /moderation', async ({ browser }) => {
  const [host, reporter]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, uniqueName('Hana'), 'Host'),
    newSignedInMember(browser, uniqueName('Remy'), 'Reporter'),
  ]);
  const moderator = await newModerator(browser);
  try {
    const title = uniqueTitle('Suspicious coffee');
    const auctionId = await createAuctionViaApi(host.context.request, { title });

    // A member who is not a moderator gets the 404 page.
    await reporter.page.goto('/moderation');
    await expect(reporter.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

    await reporter.page.goto(`/auction/${auctionId}`);
    await reporter.page.getByRole('button', { name: 'More actions' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report auction' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this auction' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    await dialog.getByLabel('Scam or fraud').check();
    await dialog.getByLabel('Details').fill('Asks to be paid outside the app.');
    await expect(dialog.getByText('32/500')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      reporter.page
        .getByTestId('toast')
        .filter({ hasText: 'Thank you. Our moderators review reports within 24 hours.' }),
    ).toBeVisible();

    // The moderator finds the Moderation link in the account menu and the report in the queue.
    await moderator.page.goto('/');
    await moderator.page.getByTestId('account-menu').click();
    await moderator.page.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(moderator.page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    const row = moderator.page.getByTestId('report-row').filter({ hasText: title });
    await expect(row).toContainText('Scam or fraud');
    await expect(row).toContainText('Asks to be paid outside the app.');
    await expect(row).toContainText(`Reported by ${reporter.member.firstName} Reporter`);
    await row.getByRole('button', { name: 'Resolve' }).click();
    const resolve = moderator.page.getByRole('dialog', { name: 'Resolve report' });
    await resolve.getByLabel('Action').selectOption({ label: 'Hide the auction' });
    await resolve.getByLabel('Reasons').fill('Payments outside the app are not allowed.');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect(resolve).toBeHidden();
    await expect(
      moderator.page.getByTestId('toast').filter({ hasText: 'Both members have been notified.' }),
    ).toBeVisible();
    await expect(moderator.page.getByTestId('report-row').filter({ hasText: title })).toHaveCount(0);
    await moderator.page.getByRole('tab', { name: 'Resolved' }).click();
    await expect(moderator.page.getByTestId('report-row').filter({ hasText: title })).toContainText(
      'Hide the auction: Payments outside the app are not allowed.',
    );

    // The auction is gone for the reporter, and the reporter is told the outcome.
    await reporter.page.goto(`/auction/${auctionId}`);
    await expect(reporter.page.getByText('Auction Not Found')).toBeVisible();
    const notes = await (await reporter.context.request.get('/api/notifications')).json();
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'report_resolved',
          message:
            'We reviewed your report and removed the auction. Reasons: Payments outside the app are not allowed.',
        }),
      ]),
    );
  } finally {
    await Promise.all([host.context.close(), reporter.context.close(), moderator.context.close()]);
  }
});

test('a member blocks someone from the chat and their messages stop; unblock from the profile', async ({ browser }) => {
  const [pest, member]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, uniqueName('Pat'), 'Pest'),
    newSignedInMember(browser, uniqueName('Mia'), 'Member'),
  ]);
  try {
    const pestName = `${pest.member.firstName} Pest`;
    const { conversationId } = await postJson(pest.context.request, '/api/conversations/start', {
      receiverId: member.member.id,
      message: 'Hello there',
    });

    await member.page.goto('/messages');
    const item = member.page.getByTestId('conversation-item').filter({ hasText: pestName });
    await item.click();
    await expect(member.page.getByTestId('chat-message').filter({ hasText: 'Hello there' })).toBeVisible();

    await member.page.getByRole('button', { name: 'Block' }).click();
    const confirm = member.page.getByRole('dialog', { name: `Block ${pestName}?` });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(member.page.getByTestId('toast').filter({ hasText: `You blocked ${pestName}.` })).toBeVisible();
    await expect(item).toHaveCount(0);

    // Their next message is refused, and never reaches the member.
    const refused = await pest.context.request.post('/api/messages', {
      data: { conversationId, receiverId: member.member.id, content: 'Why did you block me?' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(
      'You cannot message this member because one of you has blocked the other',
    );
    await member.page.reload();
    await expect(member.page.getByTestId('conversation-item').filter({ hasText: pestName })).toHaveCount(0);
    await expect(member.page.getByText('Why did you block me?')).toHaveCount(0);

    // Unblock from the profile page.
    await member.page.goto('/profile');
    const blocked = member.page.getByRole('region', { name: 'Blocked members' });
    await expect(blocked).toContainText(`${pest.member.firstName} P.`);
    await blocked.getByRole('button', { name: 'Unblock' }).click();
    await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
    const allowed = await pest.context.request.post('/api/messages', {
      data: { conversationId, receiverId: member.member.id, content: 'Sorry about that.' },
    });
    expect(allowed.status()).toBe(201);
  } finally {
    await Promise.all([pest.context.close(), member.context.close()]);
  }
});
