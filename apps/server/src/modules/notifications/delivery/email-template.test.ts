import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertHtmlValues,
  alertSubject,
  renderAlertEmail,
  renderAlertHtmlDirectly,
  type AlertEmailInput,
} from './email-template.js';

const BASE: AlertEmailInput = {
  type: 'outbid',
  title: 'You have been outbid',
  message: 'Someone bid $60 on "Coffee"',
  auctionTitle: 'Coffee',
  amount: '60.00',
  recipientFirstName: 'Ann',
  actionUrl: 'https://bid.example/auction/1',
  unsubscribeUrl: 'https://bid.example/api/notification-preferences/unsubscribe?token=abc.def',
};

describe('alert e-mails', () => {
  it('name the event and the auction in the subject', () => {
    expect(alertSubject(BASE)).toBe("You've been outbid on Coffee");
    expect(alertSubject({ ...BASE, type: 'auction_won' })).toBe('You won Coffee');
    expect(
      alertSubject({ ...BASE, type: 'account_inactive', title: 'Your account\nis inactive', auctionTitle: null }),
    ).toBe('Your account is inactive');
  });

  it('have an HTML part and a text part with the button link, the amount and the unsubscribe link', async () => {
    const mail = await renderAlertEmail(BASE);
    expect(mail.html).toContain('href="https://bid.example/auction/1"');
    expect(mail.html).toContain('Current bid: $60');
    expect(mail.html).toContain('unsubscribe?token=abc.def');
    expect(mail.text).toContain('Bid again: https://bid.example/auction/1');
    expect(mail.text).toContain(
      'Stop these e-mails: https://bid.example/api/notification-preferences/unsubscribe?token=abc.def',
    );
  });

  it('show the cents of an amount that has any, in both parts (the third hostile test)', async () => {
    const mail = await renderAlertEmail({ ...BASE, amount: '389.88', message: 'Bid at least $390.88' });
    expect(mail.html).toContain('Current bid: $389.88');
    expect(mail.text).toContain('Current bid: $389.88');
    const won = await renderAlertEmail({ ...BASE, type: 'auction_won', amount: '12345.50' });
    expect(won.text).toContain('Winning bid: $12,345.50');
  });

  it('escape whatever a member wrote in the HTML part', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (text) => {
        const title = `<script>alert(1)</script>${text}`;
        const mail = await renderAlertEmail({
          ...BASE,
          auctionTitle: title,
          message: `<img src=x onerror=alert(1)>${text}`,
        });
        expect(mail.html).not.toContain('<script>alert(1)');
        expect(mail.html).not.toContain('<img src=x');
        expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      }),
      { numRuns: 25 },
    );
  });

  it('give the same HTML from the compiled shape as compiling with the values in place', async () => {
    const text = fc.string({ maxLength: 30, unit: 'grapheme' });
    const textWithSpecials = fc.oneof(
      text,
      fc.constantFrom('  spaced  \n lines ', '$& $1 $$ $`', 'bydslotmessagex', '<b>&amp;</b> "quoted" \'single\'', ''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          type: fc.constantFrom('outbid', 'auction_won', 'message_received', 'account_inactive', 'bid_received'),
          title: textWithSpecials,
          message: textWithSpecials,
          auctionTitle: fc.option(textWithSpecials),
          amount: fc.option(fc.constantFrom('60.00', '1234.50')),
          recipientFirstName: fc.option(textWithSpecials),
          actionUrl: fc.constantFrom(BASE.actionUrl, 'https://bid.example/a?x=1&y="2"'),
          unsubscribeUrl: fc.constantFrom(BASE.unsubscribeUrl),
        }),
        async (input) => {
          const mail = await renderAlertEmail(input);
          const greeting = input.recipientFirstName?.trim() ? `Hi ${input.recipientFirstName.trim()},` : 'Hi,';
          const amountLine = mail.text.split('\n').find((line) => /^(Current|Winning) bid: /.test(line)) ?? null;
          const label = mail.text
            .split('\n')
            .find((line) => line.endsWith(`: ${input.actionUrl}`))!
            .split(': ')[0]!;
          const values = alertHtmlValues({ ...input, subject: mail.subject, greeting, amount: amountLine, label });
          const direct = await renderAlertHtmlDirectly(values, {
            auctionTitle: Boolean(input.auctionTitle),
            amount: amountLine !== null,
          });
          expect(mail.html).toBe(direct);
        },
      ),
      { numRuns: 40 },
    );
  });
});
