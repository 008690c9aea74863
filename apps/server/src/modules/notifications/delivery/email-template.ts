import { formatDollars, type OutOfAppNotificationType } from '@bid/contract';
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
    feedback_request: `How did your date go? ${auction}`,
    saved_search_match: `New auction for your saved search: ${auction}`,
  };
  return oneLine(subjects[input.type]);
}

function buttonLabel(type: OutOfAppNotificationType, hasAuction: boolean): string {
  if (type === 'message_received') return 'Open your messages';
  if (type === 'outbid') return 'Bid again';
  if (type === 'feedback_request') return 'Leave feedback';
  if (hasAuction) return 'View the auction';
  return 'Open BidYourDate';
}

/** The values an alert's HTML differs by, each put in escaped. */
type Slot =
  'subject' | 'message' | 'title' | 'greeting' | 'auctionTitle' | 'amount' | 'actionUrl' | 'label' | 'unsubscribeUrl';

/** A marker MJML passes through untouched (letters only), where a slot's value goes. */
const slotMarker = (slot: Slot) => `bydslot${slot}x`;
const SLOT_MARKERS = /bydslot(subject|message|title|greeting|auctionTitle|amount|actionUrl|label|unsubscribeUrl)x/g;

/** The slots that are the whole text of their element (the URLs are attributes or mid-text). */
const TRIMMED_SLOTS: ReadonlySet<Slot> = new Set([
  'subject',
  'message',
  'title',
  'greeting',
  'auctionTitle',
  'amount',
  'label',
]);

/** Whether the shape has the slot's element (the auction and amount lines are optional). */
function shapeHas(shape: { auctionTitle: boolean; amount: boolean }, slot: Slot): boolean {
  return slot === 'auctionTitle' ? shape.auctionTitle : slot === 'amount' ? shape.amount : true;
}

/** The MJML of an alert; `value` is what each slot holds (escaped values, or markers). */
function alertMjml(value: (slot: Slot) => string, shape: { auctionTitle: boolean; amount: boolean }): string {
  return `<mjml>
  <mj-head>
    <mj-title>${value('subject')}</mj-title>
    <mj-preview>${value('message')}</mj-preview>
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
        <mj-text font-size="20px" font-weight="bold">${value('title')}</mj-text>
        <mj-text>${value('greeting')}</mj-text>
        <mj-text>${value('message')}</mj-text>
        ${shape.auctionTitle ? `<mj-text font-weight="bold">${value('auctionTitle')}</mj-text>` : ''}
        ${shape.amount ? `<mj-text>${value('amount')}</mj-text>` : ''}
        <mj-button href="${value('actionUrl')}" background-color="${BRAND_COLOUR}" color="#ffffff" font-size="16px" border-radius="8px" padding-top="16px">${value('label')}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="#6b7280">You get this e-mail because of your BidYourDate notification settings. <a href="${value('unsubscribeUrl')}" style="color:#6b7280">Stop these e-mails</a> or change them in your profile.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * The HTML of each shape of alert (with or without an auction line and an amount line), compiled
 * from MJML once with markers in the slots. Compiling is most of the cost of an e-mail (a busy
 * auction sends one per bid, docs/performance.md), and MJML copies the slots' text through
 * unchanged, so filling the markers in gives the HTML compiling with the values would.
 */
const compiledShapes = new Map<string, Promise<string>>();

function compiledShape(shape: { auctionTitle: boolean; amount: boolean }): Promise<string> {
  const key = `${shape.auctionTitle}/${shape.amount}`;
  let html = compiledShapes.get(key);
  if (!html) {
    html = Promise.resolve(mjml2html(alertMjml(slotMarker, shape), { validationLevel: 'strict' })).then(
      (rendered) => rendered.html,
    );
    // A failed compile is not kept: the next e-mail tries again.
    html.catch(() => compiledShapes.delete(key));
    compiledShapes.set(key, html);
  }
  return html;
}

/** Compiles the MJML with the values in place, as every e-mail once did (the tests compare the two). */
export async function renderAlertHtmlDirectly(
  values: Record<Slot, string>,
  shape: { auctionTitle: boolean; amount: boolean },
): Promise<string> {
  return (
    await mjml2html(
      alertMjml((slot) => values[slot], shape),
      { validationLevel: 'strict' },
    )
  ).html;
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
      ? `${input.type === 'auction_won' ? 'Winning bid' : 'Current bid'}: ${formatDollars(input.amount)}`
      : null;
  const label = buttonLabel(input.type, input.auctionTitle !== null);

  const values = alertHtmlValues({ ...input, subject, greeting, amount, label });
  const shape = { auctionTitle: Boolean(input.auctionTitle), amount: amount !== null };
  // One pass: a value that happens to contain a marker is not filled in again. MJML trims the
  // text of the elements a slot fills alone (as String.prototype.trim does), so those are trimmed;
  // an element left empty renders differently, so that rare e-mail is compiled as it is.
  const emptyElement = [...TRIMMED_SLOTS].some((slot) => values[slot].trim() === '' && shapeHas(shape, slot));
  const html = emptyElement
    ? await renderAlertHtmlDirectly(values, shape)
    : (await compiledShape(shape)).replace(SLOT_MARKERS, (_marker, slot: Slot) =>
        TRIMMED_SLOTS.has(slot) ? values[slot].trim() : values[slot],
      );

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

  return { subject, html, text };
}

/** Each slot's value, escaped for HTML. */
export function alertHtmlValues(input: {
  subject: string;
  message: string;
  title: string;
  greeting: string;
  auctionTitle: string | null;
  amount: string | null;
  actionUrl: string;
  label: string;
  unsubscribeUrl: string;
}): Record<Slot, string> {
  return {
    subject: escapeHtml(input.subject),
    message: escapeHtml(input.message),
    title: escapeHtml(input.title),
    greeting: escapeHtml(input.greeting),
    auctionTitle: escapeHtml(input.auctionTitle ?? ''),
    amount: escapeHtml(input.amount ?? ''),
    actionUrl: escapeHtml(input.actionUrl),
    label: escapeHtml(input.label),
    unsubscribeUrl: escapeHtml(input.unsubscribeUrl),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
