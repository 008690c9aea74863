import type { Mailer } from '../../src/lib/mailer.js';

/** A mailbox standing where SMTP would be, so tests can read what users would receive. */
export function createRecordingMailer(): Mailer & { sent: Array<{ to: string; subject: string; text: string }> } {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  return {
    description: 'test mailbox',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
