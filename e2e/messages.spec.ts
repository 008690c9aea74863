import { expect, test, type Page } from '@playwright/test';
import { newSignedInMember, type SignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { uniqueName } from './support/unique';

/** A reply arrives live; the 5 s poll is the fallback, so allow a few rounds of it. */
const REPLY_TIMEOUT_MS = 20_000;

async function sendInChat(page: Page, text: string) {
  const box = page.getByLabel('Type a message');
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(box).toHaveValue('');
}

test('A starts a conversation from the Messages page, B replies, A sees the reply', async ({ browser }) => {
  const [a, b]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, uniqueName('Ama'), 'Sender'),
    newSignedInMember(browser, uniqueName('Bex'), 'Receiver'),
  ]);
  try {
    const bName = `${b.member.firstName} ${b.member.lastName}`;
    const aName = `${a.member.firstName} ${a.member.lastName}`;

    await a.page.goto('/messages');
    await expect(a.page.getByText('No conversations yet')).toBeVisible();
    await expect(a.page.getByText('Select a conversation')).toBeVisible();

    await a.page.getByRole('button', { name: 'New' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New Conversation' });
    await expect(dialog).toBeVisible();
    const start = dialog.getByRole('button', { name: 'Start Chat' });
    await expect(start).toBeDisabled();
    await dialog.getByLabel('Search users').fill(b.member.firstName);
    await dialog.getByRole('button', { name: new RegExp(bName) }).click();
    await expect(dialog.getByTestId('new-chat-recipient')).toContainText(bName);
    await expect(start).toBeDisabled();
    await dialog.getByLabel('Message').fill('   ');
    await expect(start).toBeDisabled();
    await dialog.getByLabel('Message').fill('  Hi! Coffee on Saturday?  ');
    await start.click();

    // docs/product.md §4: the dialog closes, the list is read again and the new conversation is selected.
    await expect(dialog).toBeHidden();
    await expect(a.page.getByTestId('chat-partner-name')).toHaveText(bName);
    await expect(a.page.getByTestId('chat-message').filter({ hasText: 'Hi! Coffee on Saturday?' })).toBeVisible();
    await expect(a.page.getByTestId('conversation-item').filter({ hasText: bName })).toBeVisible();

    await b.page.goto('/messages');
    const item = b.page.getByTestId('conversation-item').filter({ hasText: aName });
    await expect(item).toContainText('Hi! Coffee on Saturday?');
    await expect(item.getByLabel('1 unread')).toBeVisible();
    await item.click();
    await expect(b.page.getByTestId('chat-partner-name')).toHaveText(aName);
    await expect(b.page.getByTestId('chat-message').filter({ hasText: 'Hi! Coffee on Saturday?' })).toBeVisible();
    await expect(item.getByLabel('1 unread')).toHaveCount(0);
    // Whitespace cannot be sent; Enter sends.
    await b.page.getByLabel('Type a message').fill('   ');
    await expect(b.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await sendInChat(b.page, 'Saturday works. 10am?');

    await expect(a.page.getByTestId('chat-message').filter({ hasText: 'Saturday works. 10am?' })).toBeVisible({
      timeout: REPLY_TIMEOUT_MS,
    });

    // The local search narrows the list by the other person's name.
    await b.page.getByLabel('Search conversations').fill('zzz-nobody');
    await expect(b.page.getByTestId('conversation-item')).toHaveCount(0);
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
});

test('the winner and the host of a won auction chat in the widget on the auction page', async ({ browser }) => {
  const [host, winner] = await Promise.all([
    newSignedInMember(browser, uniqueName('Hal'), 'Host'),
    newSignedInMember(browser, uniqueName('Wyn'), 'Winner'),
  ]);
  try {
    const title = uniqueTitle('Museum visit');
    const id = await createAuctionViaApi(host.context.request, { title, startingBid: '15', buyNowPrice: '40' });
    const bought = await winner.context.request.post(`/api/auctions/${id}/buy-now`, { data: {} });
    expect(bought.status(), await bought.text()).toBe(200);

    await winner.page.goto(`/auction/${id}`);
    await winner.page.getByRole('button', { name: 'Message' }).click();
    const widget = winner.page.getByRole('dialog', { name: 'Auction chat' });
    await expect(widget).toBeVisible();
    await expect(widget.getByTestId('chat-partner-name')).toHaveText(`${host.member.firstName} H.`);
    await sendInChat(winner.page, 'Thanks for the auction! When suits you?');
    await expect(widget.getByText('Just now')).toBeVisible();

    await host.page.goto('/messages');
    const item = host.page.getByTestId('conversation-item').filter({ hasText: title });
    await expect(item).toContainText('Thanks for the auction!');
    await item.click();
    await sendInChat(host.page, 'Sunday afternoon?');

    await expect(widget.getByTestId('chat-message').filter({ hasText: 'Sunday afternoon?' })).toBeVisible({
      timeout: REPLY_TIMEOUT_MS,
    });
  } finally {
    await Promise.all([host.context.close(), winner.context.close()]);
  }
});

test('a reply reaches an open conversation live, over the WebSocket, with the poll cut off', async ({ browser }) => {
  const [a, b]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, uniqueName('Lia'), 'Live'),
    newSignedInMember(browser, uniqueName('Moe'), 'Live'),
  ]);
  try {
    const started = await a.page.request.post('/api/conversations/start', {
      data: { receiverId: b.member.id, message: 'Are you there?' },
    });
    expect(started.status()).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };

    for (const side of [a, b]) {
      await side.page.goto('/messages');
      await side.page.getByTestId('conversation-item').first().click();
      await expect(side.page.getByTestId('chat-message').filter({ hasText: 'Are you there?' })).toBeVisible();
    }
    // From here on A's page can no longer read the conversation: only the live `new_message`
    // event on `conversation:{id}` can show B's reply.
    await a.page.route(`**/api/conversations/${conversationId}/messages**`, (route) => route.abort());

    await sendInChat(b.page, 'Here, live!');
    await expect(a.page.getByTestId('chat-message').filter({ hasText: 'Here, live!' })).toBeVisible({
      timeout: REPLY_TIMEOUT_MS,
    });
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
});
