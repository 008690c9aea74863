import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A plain-text e-mail (sign-in codes), or an alert with an HTML part and its own headers (List-Unsubscribe). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** What the boot log says about where mail goes. */
  description: string;
  send(message: MailMessage): Promise<void>;
}

/** Real mail through SMTP_URL (GUIDE §2). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    description: `SMTP at ${new URL(smtpUrl).hostname}`,
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}), ...(headers ? { headers } : {}) });
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
