import { formatWholeDollars, type OutOfAppNotificationType } from '@bid/contract';
import mjml2html from 'mjml';

/** What an alert e-mail is built from: the notification, its auction, and the links. */
export interface AlertEmailInput {
  type: OutOfAppNotificationType;
  /** The notification's own title and message (product copy; the message may quote members). */
  title: string;
  message: string;
  auctionTitle: string | null;
  /** The amount that matters for this alert (the current or winning bid), as stored ("51.00"). */
  amount: string | null;
  recipientFirstName: string | null;
  /** PUBLIC_URL + the app path of the page the button opens. */
  actionUrl: string;
  unsubscribeUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const BRAND_COLOUR = '#be185d';

/** Types whose e-mail shows an amount (the bid that beat you, won, or came in). */
const AMOUNT_TYPES: ReadonlySet<OutOfAppNotificationType> = new Set([
  'outbid',
  'auction_won',
  'bid_received',
  'auction_ending_soon',
]);

/** The subject names the event and the auction, so the inbox says what happened without opening it. */
export function alertSubject(input: Pick<AlertEmailInput, 'type' | 'title' | 'auctionTitle'>): string {
  const auction = input.auctionTitle?.trim();
  if (!auction) return oneLine(input.title);
  const subjects: Record<OutOfAppNotificationType, string> = {
    outbid: `You've been outbid on ${auction}`,
    auction_won: `You won ${auction}`,
    auction_lost: `${auction} went to another bidder`,
    auction_ending_soon: `${auction} ends soon`,
    bid_received: `New bid on ${auction}`,
    payment_failed: `Your payment for ${auction} failed`,
    message_received: `New message about ${auction}`,
    date_plan: `Date plans for ${auction}`,
    date_reminder: `Reminder: your date for ${auction}`,
    refund: `Refund for ${auction}`,
    payout: `Payout for ${auction}`,
    report_resolved: oneLine(input.title),
    account_inactive: oneLine(input.title),
  };
  return oneLine(subjects[input.type]);
}

function buttonLabel(type: OutOfAppNotificationType, hasAuction: boolean): string {
  if (type === 'message_received') return 'Open your messages';
  if (type === 'outbid') return 'Bid again';
  if (hasAuction) return 'View the auction';
  return 'Open BidYourDate';
}

/**
 * Renders an alert e-mail: an HTML part from an MJML template (responsive, the product's colour,
 * one button) and a plain-text part with the same words and links. Every value put into the
 * HTML is escaped here, because titles, names and message previews are written by members.
 */
export async function renderAlertEmail(input: AlertEmailInput): Promise<RenderedEmail> {
  const subject = alertSubject(input);
  const greeting = input.recipientFirstName?.trim() ? `Hi ${input.recipientFirstName.trim()},` : 'Hi,';
  const amount =
    input.amount !== null && AMOUNT_TYPES.has(input.type)
      ? `${input.type === 'auction_won' ? 'Winning bid' : 'Current bid'}: ${formatWholeDollars(input.amount)}`
      : null;
  const label = buttonLabel(input.type, input.auctionTitle !== null);

  const mjml = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(input.message)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#fdf2f8">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="bold" color="${BRAND_COLOUR}">BidYourDate</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="24px 16px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold">${escapeHtml(input.title)}</mj-text>
        <mj-text>${escapeHtml(greeting)}</mj-text>
        <mj-text>${escapeHtml(input.message)}</mj-text>
        ${input.auctionTitle ? `<mj-text font-weight="bold">${escapeHtml(input.auctionTitle)}</mj-text>` : ''}
        ${amount ? `<mj-text>${escapeHtml(amount)}</mj-text>` : ''}
        <mj-button href="${escapeHtml(input.actionUrl)}" background-color="${BRAND_COLOUR}" color="#ffffff" font-size="16px" border-radius="8px" padding-top="16px">${escapeHtml(label)}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="#6b7280">You get this e-mail because of your BidYourDate notification settings. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Stop these e-mails</a> or change them in your profile.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const rendered = await mjml2html(mjml, { validationLevel: 'strict' });

  const text = [
    input.title,
    '',
    greeting,
    '',
    input.message,
    ...(input.auctionTitle ? ['', input.auctionTitle] : []),
    ...(amount ? [amount] : []),
    '',
    `${label}: ${input.actionUrl}`,
    '',
    '--',
    `Stop these e-mails: ${input.unsubscribeUrl}`,
    'Or change your notification settings in your BidYourDate profile.',
  ].join('\n');

  return { subject, html: rendered.html, text };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
