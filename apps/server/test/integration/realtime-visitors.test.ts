import { Writable } from 'node:stream';
import { WS_MAX_PAYLOAD_BYTES, WS_MAX_VISITOR_SOCKETS_PER_ADDRESS } from '@bid/contract';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { testDatabaseFactories } from '../support/databases.js';
import { type LiveClient, suiteWorld } from '../support/world.js';

/**
 * Two findings of the third hostile test (docs/reliability.md): visitors' sockets had no cap per
 * address (250 of 250 accepted, each with 100 subscriptions), and a frame a visitor breaks on
 * purpose (too large, not UTF-8) was logged at error level with a stack, so anyone could flood the
 * error log.
 */
describe.each(testDatabaseFactories())('visitors on /ws on $kind', (factory) => {
  const logLines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  const world = suiteWorld(factory, { listen: true, appOptions: { logger: pino({ level: 'info' }, logStream) } });

  /** Waits until some log line mentions `text`; fails after a generous deadline. */
  function logMentioning(text: string): Promise<Array<Record<string, unknown>>> {
    return vi.waitFor(
      () => {
        const lines = logLines.filter((line) => JSON.stringify(line).includes(text));
        if (lines.length === 0) throw new Error(`no log line mentions ${text}`);
        return lines;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  it(`caps visitors' sockets at ${WS_MAX_VISITOR_SOCKETS_PER_ADDRESS} per address; members are not counted`, async () => {
    const visitors: LiveClient[] = [];
    for (let i = 0; i < WS_MAX_VISITOR_SOCKETS_PER_ADDRESS; i++) visitors.push(await world.live());
    await visitors.at(-1)!.sync();
    const extra = await world.live();
    expect(await extra.closed).toEqual({ code: 1008, reason: 'Too many connections' });
    // A member on the same address is capped per session and per member, not here.
    const member = await world.signUp('Mia');
    const own = await world.live(member);
    await own.sync();
    // The visitors that got in still work.
    await visitors[0]!.sync();
    own.close();
    for (const visitor of visitors) visitor.close();
    await Promise.all(visitors.map((visitor) => visitor.closed));
  });

  it.each([
    ['a frame past the size bound', Buffer.alloc(WS_MAX_PAYLOAD_BYTES + 1, 'a'), 1009, 'Max payload size exceeded'],
    ['text that is not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 1007, 'invalid UTF-8 sequence'],
  ])('logs %s once, at info and without a stack, never as a server error', async (_what, frame, code, reason) => {
    const client = await world.live();
    const errorsBefore = logLines.filter((line) => Number(line.level) >= 50).length;
    client.socket.send(frame, { binary: false });
    expect((await client.closed).code).toBe(code);
    const lines = await logMentioning(reason);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'realtime: a client broke the WebSocket protocol' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(logLines.filter((line) => Number(line.level) >= 50).length).toBe(errorsBefore);
  });
});
