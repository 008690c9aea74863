import { randomBytes } from 'node:crypto';
import type { ServerBroadcast } from '@bid/contract';
import {
  decodeEnvelope,
  encodeEnvelope,
  MAX_BUS_PAYLOAD_BYTES,
  type Bus,
  type BusLogger,
  type Envelope,
  type EnvelopeKind,
} from './bus.js';

/** The control messages instances send one another over the bus. */
export type ControlOp =
  | 'close-user'
  | 'close-session'
  | 'presence-add'
  | 'presence-remove'
  | 'presence-beat'
  | 'presence-sync'
  | 'presence-bye'
  | 'sessions-invalid'
  | 'clock-moved';

/** What arrives from another instance: an event for a channel's subscribers, or a control message. */
export type IncomingEnvelope =
  { kind: 'channel'; channel: string; body: string } | { kind: 'control'; from: string; op: ControlOp; body: string };

/**
 * This instance's end of the bus: numbers and wraps what it sends, serialises events once and
 * small enough for one NOTIFY, and drops its own echo on the way in.
 */
export class BusLink {
  readonly instanceId = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** Once stopped, only control messages (the goodbye) still go out. */
  stopped = false;

  constructor(
    private readonly bus: Bus,
    private readonly logger: BusLogger,
  ) {}

  /**
   * JSON for `event`, small enough for the bus. A message too large for one NOTIFY that
   * carries a record with an id (new_message's `message`) goes out as that id alone, and
   * clients fetch the rest; anything else too large is dropped and logged.
   */
  serialise(channel: string, event: ServerBroadcast): string | null {
    // The channel travels with the event, so a client routes any event without knowing its type.
    const body = JSON.stringify({ ...event, channel });
    if (fitsBus(channel, body)) return body;
    if (event.type === 'new_message') {
      const { id, conversationId } = event.message;
      const slim = JSON.stringify({ type: event.type, message: { id, conversationId }, truncated: true, channel });
      if (fitsBus(channel, slim)) return slim;
    }
    this.logger.error({ channel, type: event.type, bytes: body.length }, 'realtime: message too large; not sent');
    return null;
  }

  sendChannel(channel: string, body: string): void {
    this.send('channel', channel, body);
  }

  sendControl(op: ControlOp, body: string): void {
    this.send('control', op, body);
  }

  /** What another instance sent, or null for this instance's own echo or a payload that is not ours. */
  receive(payload: string): IncomingEnvelope | null {
    const envelope: Envelope | null = decodeEnvelope(payload);
    if (!envelope || envelope.instanceId === this.instanceId) return null;
    if (envelope.kind === 'channel') return { kind: 'channel', channel: envelope.target, body: envelope.body };
    return { kind: 'control', from: envelope.instanceId, op: envelope.target as ControlOp, body: envelope.body };
  }

  private send(kind: EnvelopeKind, target: string, body: string): void {
    if (this.stopped && kind !== 'control') return;
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    this.bus.publish(encodeEnvelope(this.instanceId, this.sequence, kind, target, body));
  }
}

function fitsBus(target: string, body: string): boolean {
  // The envelope header is at most ~80 bytes; measure bytes, not characters.
  return Buffer.byteLength(body) + target.length + 80 <= MAX_BUS_PAYLOAD_BYTES;
}
