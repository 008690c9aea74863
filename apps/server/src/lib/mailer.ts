import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A plain-text e-mail (sign-in codes), or an alert with an HTML part and its own headers (List-Unsubscribe). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /**
   * A calendar invitation (RFC 5545/5546): sent as a `text/calendar; method=…` alternative part,
   * which mail clients show as an invitation, and as an `.ics` attachment (docs/the-date.md).
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface Mailer {
  /** What the boot log says about where mail goes. */
  description: string;
  send(message: MailMessage): Promise<void>;
}

const SMTP_TIME_LIMITS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Real mail through SMTP_URL (docs/engineering.md §2). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Every wait has a limit (docs/reliability.md): a mail server that stops answering fails the
  // send (the sign-in code request answers an error) instead of holding the request open.
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIME_LIMITS });
  return {
    description: `SMTP at ${new URL(smtpUrl).hostname}`,
    async send({ to, subject, text, html, headers, icalEvent }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(headers ? { headers } : {}),
        ...(icalEvent ? { icalEvent } : {}),
      });
    },
  };
}

/**
 * Without SMTP (development and tests) mail is written to the log so a developer can read
 * sign-in codes there. Production refuses to boot without SMTP_URL, so this never runs there.
 */
export function createLogMailer(logger: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    description: 'none: mail (and sign-in codes) is written to this log',
    async send({ to, subject, text }) {
      logger.info({ mail: { to, subject, text } }, 'mail not sent (no SMTP_URL); logged instead');
    },
  };
}
