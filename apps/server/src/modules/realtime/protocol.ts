import {
  auctionChannel,
  conversationChannel,
  NOT_AUTHENTICATED,
  userChannel,
  WS_MAX_SUBSCRIPTIONS,
  type ClientMessage,
} from '@bid/contract';
import type { Connection, FrameWriter } from './connection.js';
import type { SessionControl } from './session-control.js';
import type { SocketRegistry } from './socket-registry.js';

/** Says whether a user takes part in a conversation; given to the hub at construction (app.ts: the messaging module's participants). */
export type ConversationAuthorizer = (userId: string, conversationId: string) => Promise<boolean>;

/** The client messages of docs/realtime.md ("Messages"): ping, authenticate, subscriptions. */
export class ClientProtocol {
  constructor(
    private readonly registry: SocketRegistry,
    private readonly writer: FrameWriter,
    private readonly sessionControl: SessionControl,
    /** Undefined: every conversation subscription is refused. */
    private readonly authorizeConversation: ConversationAuthorizer | undefined,
  ) {}

  async handle(connection: Connection, message: ClientMessage): Promise<void> {
    if (connection.closed) return;
    // Every subscription re-checks the socket's session: one ended elsewhere gains nothing more.
    if (message.type.startsWith('subscribe') && !(await this.sessionControl.sessionStillLive(connection))) {
      this.sessionControl.closeSessionSockets(connection.sessionId!);
      return;
    }
    switch (message.type) {
      case 'ping':
        this.writer.reply(connection, { type: 'pong', authenticated: Boolean(connection.userId) });
        return;
      case 'authenticate':
        // docs/product.md §7's authenticate only confirms what the cookie already said (docs/engineering.md §5).
        if (connection.userId && message.userId.toLowerCase() === connection.userId) {
          this.writer.reply(connection, { type: 'authenticated', userId: connection.userId });
        } else {
          this.writer.reply(connection, { type: 'error', message: NOT_AUTHENTICATED });
        }
        return;
      case 'subscribe_auction':
        this.subscribe(connection, auctionChannel(message.auctionId));
        return;
      case 'subscribe_auctions':
        // An extension of docs/product.md §7 so that a list page follows its auctions in one frame, not one per auction.
        for (const id of message.auctionIds) this.subscribe(connection, auctionChannel(id));
        return;
      case 'subscribe_conversation':
        await this.subscribeConversation(connection, message.conversationId);
        return;
      case 'unsubscribe':
        // The socket's own user channel stays: it is how the server reaches the user.
        if (message.channel !== (connection.userId && userChannel(connection.userId))) {
          this.registry.leave(connection, message.channel);
        }
        this.writer.reply(connection, { type: 'unsubscribed', channel: message.channel });
        return;
    }
  }

  private async subscribeConversation(connection: Connection, conversationId: string): Promise<void> {
    if (!connection.userId) {
      this.writer.reply(connection, { type: 'error', message: NOT_AUTHENTICATED });
      return;
    }
    const channel = conversationChannel(conversationId);
    if (connection.channels.has(channel)) {
      this.writer.reply(connection, { type: 'subscribed', channel });
      return;
    }
    const allowed = this.authorizeConversation
      ? await this.authorizeConversation(connection.userId, conversationId.toLowerCase())
      : false;
    if (!allowed) {
      this.writer.reply(connection, { type: 'error', message: 'You are not part of this conversation.', channel });
      return;
    }
    if (!connection.closed) this.subscribe(connection, channel);
  }

  private subscribe(connection: Connection, channel: string): void {
    if (!connection.channels.has(channel)) {
      if (connection.subscriptionCount >= WS_MAX_SUBSCRIPTIONS) {
        this.writer.reply(connection, {
          type: 'error',
          message: `At most ${WS_MAX_SUBSCRIPTIONS} subscriptions per connection.`,
          channel,
        });
        return;
      }
      this.registry.join(connection, channel);
    }
    this.writer.reply(connection, { type: 'subscribed', channel });
  }
}
