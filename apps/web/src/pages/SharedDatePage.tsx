import { mapLinkFor, type SharedDate } from '@bid/contract';
import { MapPin, Phone, ShieldCheck } from 'lucide-react';
import { PageLoading } from '@/components/layout/PageLoading';
import { Card } from '@/components/ui/card';
import { useSharedDate } from '@/features/date/api/sharedDate';
import { PersonAvatar } from '@/features/date/components/PersonAvatar';
import { formatClock, formatPlanDateTime } from '@/features/date/format';
import { errorText, firstNameOf } from '@/features/date/people';

/**
 * What a trusted contact sees through a "Share my date" link: public, read-only, read again every
 * 15 s. Nothing here changes the date; the link stops working when the date is over.
 */
export default function SharedDatePage({ token }: { token: string }) {
  const shared = useSharedDate(token);
  if (shared.isPending) return <PageLoading />;
  if (shared.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Shared date</h1>
        <p className="mt-4 text-neutral-text/80" role="alert">
          {errorText(shared.error)}
        </p>
      </div>
    );
  }
  return <SharedDateView date={shared.data} />;
}

function SharedDateView({ date }: { date: SharedDate }) {
  const sharer = date.sharedBy.firstName.trim() || 'Your friend';
  const meeting = firstNameOf(date.meeting);
  const status = date.endedAt
    ? `The date ended at ${formatClock(date.endedAt)}.`
    : date.startedAt
      ? `Date Mode started at ${formatClock(date.startedAt)}.`
      : 'Date Mode has not started yet.';

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8" data-testid="page-shared-date">
      <title>Shared date | BidYourDate</title>
      <header>
        <h1 className="text-3xl font-bold">{`${sharer} shared their date with you`}</h1>
        <p className="mt-2 text-neutral-text/80" role="status">
          {status}
        </p>
      </header>

      <Card className="grid gap-4 p-6" aria-label="The plan">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-xs uppercase tracking-wide text-neutral-text/70">Place</dt>
            <dd className="font-semibold">{date.place}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-neutral-text/70">Date and time</dt>
            <dd className="font-semibold">
              <time dateTime={date.startsAt}>{formatPlanDateTime(date.startsAt)}</time>
              <span className="font-normal text-neutral-text/70">{` (about ${date.expectedDuration} min)`}</span>
            </dd>
          </div>
        </dl>
        <div className="flex items-center gap-3">
          <PersonAvatar person={date.meeting} />
          <p>
            <span className="text-neutral-text/70">Meeting</span> <span className="font-semibold">{meeting}</span>
          </p>
        </div>
      </Card>

      <Card className="grid gap-2 p-6" aria-label="Check-ins">
        <h2 className="font-semibold">Check-ins</h2>
        <ul className="grid gap-1 text-sm">
          <li>
            <span className="font-medium">{sharer}:</span> {arrivalText(date.sharerArrivedAt)}
          </li>
          <li>
            <span className="font-medium">{meeting}:</span> {arrivalText(date.meetingArrivedAt)}
          </li>
          <li className="flex items-center gap-1">
            <ShieldCheck aria-hidden="true" className="size-4 text-success" />
            {date.sharerSafeAt
              ? `${sharer}'s last "I'm safe": ${formatClock(date.sharerSafeAt)}`
              : `${sharer} has not checked in as safe yet`}
          </li>
        </ul>
      </Card>

      <Card className="grid gap-2 p-6" aria-label="Location">
        <h2 className="font-semibold">{`${sharer}'s location`}</h2>
        {date.sharerPosition ? (
          <>
            <a
              href={mapLinkFor(date.sharerPosition)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline"
            >
              <MapPin aria-hidden="true" className="size-4" />
              {`Open the map at ${date.sharerPosition.lat.toFixed(5)}, ${date.sharerPosition.lng.toFixed(5)}`}
            </a>
            <p className="text-sm" data-testid="shared-location-updated">
              {`Last updated ${formatClock(date.sharerPosition.recordedAt)}`}
              <span className="text-neutral-text/70">{` · within about ${Math.round(date.sharerPosition.accuracy)} m`}</span>
            </p>
          </>
        ) : (
          <p className="text-sm text-neutral-text/80">
            {date.endedAt
              ? `${sharer}'s location is no longer shared: the date has ended.`
              : `${sharer} is not sharing their location. You see the place, the time and the check-ins.`}
          </p>
        )}
      </Card>

      <section aria-label="Emergency" className="grid gap-2 rounded-lg border border-danger/40 bg-danger/5 p-4">
        <p className="text-sm">If you think {sharer} is in danger, call the emergency number.</p>
        <a
          href={`tel:${date.emergencyNumber}`}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-danger px-6 font-semibold text-white hover:opacity-90"
        >
          <Phone aria-hidden="true" className="size-5" />
          {`Call ${date.emergencyNumber}`}
        </a>
      </section>

      <p className="text-xs text-neutral-text/70">{`This link expires ${formatPlanDateTime(date.expiresAt)}`}</p>
    </div>
  );
}

const arrivalText = (at: string | null) => (at ? `Arrived ${formatClock(at)}` : 'Not checked in yet');
