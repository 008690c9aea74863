import { APP_ROUTES, DATE_CALENDAR_TEXT, DATE_NOTIFICATION_TITLES } from '@bid/contract';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/client.js';
import { findDate, type DateRecord } from './dates.repository.js';

/** What a calendar invitation is: the method and the `.ics` text. */
export interface CalendarInvitation {
  method: 'REQUEST' | 'CANCEL';
  filename: string;
  content: string;
}

/**
 * A date that will not take place, or whose money went back: its invitation is cancelled
 * (docs/the-date.md "Calendar"): a no-show, or any refund of the charge.
 */
export function isDateCalledOff(date: DateRecord): boolean {
  return date.settlementReason === 'host_no_show' || date.settlementReason === 'winner_no_show' || date.refund !== null;
}

/**
 * The date's calendar invitation (RFC 5545, with RFC 5546's METHOD), for one of its two people,
 * or null while no plan is agreed. The UID is the date's own, so every version replaces the last
 * in a calendar: a changed plan is SEQUENCE one higher (one per agreement), and a cancellation
 * is METHOD:CANCEL one higher again. The place is the agreed public place, the length the
 * auction's, and the description carries the Date Mode link.
 */
export function dateInvitation(
  date: DateRecord,
  viewerId: string,
  publicUrl: string,
  now: Date,
): CalendarInvitation | null {
  if (!date.place || !date.startsAt || date.planAgreements < 1) return null;
  const cancelled = isDateCalledOff(date);
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const host = new URL(publicUrl).hostname;
  const dateModeUrl = `${publicUrl}${APP_ROUTES.dateMode.replace(':id', date.auctionId)}`;
  const other = viewerId === date.host.id ? date.winner : date.host;
  const calendar = ical({ prodId: { company: 'BidYourDate', product: 'Dates', language: 'EN' }, method });
  calendar.createEvent({
    id: `date-${date.auctionId}@${host}`,
    sequence: date.planAgreements - 1 + (cancelled ? 1 : 0),
    stamp: now,
    start: date.startsAt,
    end: new Date(date.startsAt.getTime() + date.expectedDuration * 60_000),
    summary: DATE_CALENDAR_TEXT.summary(date.auctionTitle),
    location: date.place,
    description: DATE_CALENDAR_TEXT.description(other.firstName, dateModeUrl),
    url: dateModeUrl,
    organizer: { name: 'BidYourDate', email: `no-reply@${host}` },
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, filename: 'date.ics', content: calendar.toString() };
}

/**
 * The outbox's hook (docs/notifications.md): the "date agreed" e-mail carries the invitation
 * (METHOD:REQUEST, or CANCEL if the date was called off before it went out), and the refund
 * e-mails of a called-off date carry its cancellation. The invitation is built from the date as
 * it stands when the e-mail is sent, so a late e-mail never brings back an older version.
 */
export async function dateInvitationForEmail(
  db: Db,
  publicUrl: string,
  notification: { userId: string; type: string; title: string; relatedAuctionId: string | null },
  now: Date,
): Promise<CalendarInvitation | undefined> {
  const agreed = notification.type === 'date_plan' && notification.title === DATE_NOTIFICATION_TITLES.agreed;
  if ((!agreed && notification.type !== 'refund') || !notification.relatedAuctionId) return undefined;
  const date = await findDate(db, notification.relatedAuctionId);
  if (!date || (date.host.id !== notification.userId && date.winner.id !== notification.userId)) return undefined;
  if (!agreed && !isDateCalledOff(date)) return undefined;
  return dateInvitation(date, notification.userId, publicUrl, now) ?? undefined;
}
