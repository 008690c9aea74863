import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. `stop()` and
 * `start()` take it down and bring it back on the same port, so a test can watch the outbox
 * retry while mail is down.
 */
export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` messages have arrived (or fails after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS to negotiate, no login.
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  };
  await listen();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    async waitForCount(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
  };
}
