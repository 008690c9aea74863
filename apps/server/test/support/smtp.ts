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
  /**
   * The sign-in code in the newest e-mail to `email`: with mail configured the API never answers
   * the code itself (docs/accounts.md), so a test reads it from the mail like the member would.
   */
  codeFor(email: string): string;
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
    codeFor(email) {
      const mails = received.filter((mail) => {
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        return to.some((group) => group.value.some((address) => address.address === email));
      });
      const code = mails.at(-1)?.text?.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
      return code;
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
