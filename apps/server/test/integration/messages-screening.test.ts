import {
  auctionConversationId,
  CONFIRM_SEND_MESSAGE,
  directConversationId,
  MESSAGE_REFUSAL_MESSAGES,
  type ChatMessageView,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorld, type Member } from '../support/world.js';

/** Screening of chat messages: "Are you sure?" and "Does this bother you?" (docs/trust-and-safety.md "Screening"). */
describe.each(testDatabaseFactories())('screening of messages on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date() });
  const { call } = world;
  let ann: Member;
  let ben: Member;
  let host: Member;
  let winner: Member;
  let direct: string;
  let auctionChat: string;

  const send = (who: Member, conversationId: string, receiverId: string, content: string, confirmed?: boolean) =>
    call(who, 'POST', '/api/messages', {
      conversationId,
      receiverId,
      content,
      ...(confirmed === undefined ? {} : { confirmed }),
    });
  const stored = async (conversationId: string) =>
    world.db.select().from(messages).where(eq(messages.conversationId, conversationId));

  beforeAll(async () => {
    ann = await world.signUp('Ann');
    ben = await world.signUp('Ben');
    host = await world.signUp('Hal');
    winner = await world.signUp('Wyn');
    const started = await call(ann, 'POST', '/api/conversations/start', { receiverId: ben.id, message: 'Hi Ben!' });
    expect(started.statusCode, started.body).toBe(201);
    direct = directConversationId(ann.id, ben.id);
    const auctionId = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() + 48 * 3_600_000),
      buyNowPrice: '50.00',
    });
    const bought = await call(winner, 'POST', `/api/auctions/${auctionId}/buy-now`, {});
    expect(bought.statusCode, bought.body).toBe(200);
    auctionChat = auctionConversationId(auctionId, host.id, winner.id);
  }, 120_000);

  it('sends an ordinary message at once', async () => {
    const res = await send(ann, direct, ben.id, 'See you at happy hour in Essex!');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ChatMessageView>().sentAfterWarning).toBe(false);
  });

  it('asks "Are you sure?" with a 409 and the reasons, stores nothing, and sends it marked when confirmed', async () => {
    const before = (await stored(direct)).length;
    const res = await send(ann, direct, ben.id, 'you fucking idiot');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'confirm_send',
      message: CONFIRM_SEND_MESSAGE,
      reasons: [{ category: 'harassment', field: 'content', excerpt: 'you fucking idiot' }],
    });
    expect((await stored(direct)).length).toBe(before);
    // confirmed must be exactly true
    expect((await send(ann, direct, ben.id, 'you fucking idiot', 'yes' as unknown as boolean)).statusCode).toBe(409);
    const confirmed = await send(ann, direct, ben.id, 'you fucking idiot', true);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json<ChatMessageView>().sentAfterWarning).toBe(true);
    // The receiver reads it marked, so the chat asks them "Does this bother you?".
    const page = (await call(ben, 'GET', `/api/conversations/${direct}/messages`)).json<ChatMessageView[]>();
    expect(page.at(-1)).toMatchObject({ content: 'you fucking idiot', sentAfterWarning: true, senderId: ann.id });
  });

  it('refuses threats and money for companionship even when confirmed', async () => {
    for (const [content, category] of [
      ['I know where you live', 'harassment'],
      ["I'll pay you $300 an hour to be my girlfriend for the night", 'sexual'],
    ] as const) {
      const res = await send(ann, direct, ben.id, content, true);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGE_REFUSAL_MESSAGES[category], field: 'content' });
    }
  });

  it('asks before contact details in a direct chat, but not in the chat of a won date', async () => {
    expect((await send(ann, direct, ben.id, 'text me on 555 867 5309')).statusCode).toBe(409);
    const res = await send(host, auctionChat, winner.id, 'text me on 555 867 5309 when you are there');
    expect(res.statusCode, res.body).toBe(201);
    expect((await send(winner, auctionChat, host.id, 'Venmo me instead of the app')).statusCode).toBe(409);
  });

  it('screens the first message of a conversation too', async () => {
    const res = await call(ben, 'POST', '/api/conversations/start', { receiverId: host.id, message: 'send nudes' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'confirm_send', reasons: [{ category: 'sexual', field: 'message' }] });
    const sent = await call(ben, 'POST', '/api/conversations/start', {
      receiverId: host.id,
      message: 'send nudes',
      confirmed: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('answers 401 to nobody', async () => {
    expect(
      (
        await call(undefined, 'POST', '/api/messages', {
          conversationId: direct,
          receiverId: ben.id,
          content: 'x',
          confirmed: true,
        })
      ).statusCode,
    ).toBe(401);
  });
});
