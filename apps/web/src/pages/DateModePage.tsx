import { type DateState, DATE_CALENDAR_TEXT, DATE_MESSAGES } from '@bid/contract';
import { ArrowLeft, CalendarHeart, CalendarPlus, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { PageLoading } from '@/components/layout/PageLoading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiUrl } from '@/lib/apiClient';
import { useAuth } from '@/lib/useAuth';
import { useDateState } from '@/features/date/api/dateState';
import { ArrivalCheckIns } from '@/features/date/components/ArrivalCheckIns';
import { DateProgress } from '@/features/date/components/DateProgress';
import { EmergencyPanel } from '@/features/date/components/EmergencyPanel';
import { EndDateButton } from '@/features/date/components/EndDateButton';
import { PersonAvatar } from '@/features/date/components/PersonAvatar';
import { SafeCheckIn } from '@/features/date/components/SafeCheckIn';
import { SettlementSummary } from '@/features/date/components/SettlementSummary';
import { FeedbackCard } from '@/features/feedback/components/FeedbackCard';
import { ShareDateButton } from '@/features/date/components/ShareDateButton';
import { LocationSharingControl } from '@/features/date/location/LocationSharingControl';
import { useLocationSharing } from '@/features/date/location/useLocationSharing';
import { formatClock, formatPlanDateTime } from '@/features/date/format';
import { useDateLiveUpdates } from '@/features/date/hooks';
import { errorText, firstNameOf, otherPersonOf } from '@/features/date/people';
import { useNow } from '@/lib/useNow';
import { ApiError } from '@/lib/api';

/** The elapsed time and the "I'm safe" prompt move on this often. */
const DATE_MODE_TICK_MS = 5_000;

/**
 * Date Mode (issue 9, docs/the-date.md): the agreed plan, start, arrival and "I'm safe"
 * check-ins, sharing with a trusted contact, the emergency panel, ending the date and, after it,
 * the settlement. Moderators see all of it read-only.
 */
export default function DateModePage({ id }: { id: string }) {
  const { user } = useAuth();
  const date = useDateState(id, { live: true });
  const now = useNow({ every: DATE_MODE_TICK_MS });
  useDateLiveUpdates(id, user?.id);

  if (date.isPending) return <PageLoading />;
  if (date.isError) return <DateUnavailable auctionId={id} error={date.error} />;
  return <DateMode state={date.data} now={now} />;
}

function DateMode({ state, now }: { state: DateState; now: number }) {
  const readOnly = state.viewerRole === 'moderator';
  const other = otherPersonOf(state);
  const { plan } = state;
  const { startedAt, endedAt } = state.dateMode;
  const isRunning = startedAt !== null && endedAt === null;
  const location = useLocationSharing(state.auctionId, isRunning && !readOnly && state.settlement === null);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8" data-testid="page-date-mode">
      <title>{`Date Mode: ${state.auctionTitle} | BidYourDate`}</title>
      <Button asChild variant="ghost" className="-ml-3 justify-self-start">
        <Link href={`/auction/${state.auctionId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to the auction
        </Link>
      </Button>
      <header>
        <h1 className="text-3xl font-bold">Date Mode</h1>
        <p className="text-neutral-text/80">{state.auctionTitle}</p>
        {readOnly && (
          <p className="mt-2 rounded-md bg-secondary/40 px-3 py-2 text-sm">
            You are viewing this date as a moderator. {DATE_MESSAGES.readOnly}
          </p>
        )}
        {endedAt && (
          <p
            className="mt-2 font-medium"
            role="status"
          >{`${DATE_MESSAGES.ended} It ended at ${formatClock(endedAt)}.`}</p>
        )}
      </header>

      <Card className="grid gap-4 p-6" aria-label="The plan">
        {plan ? (
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="flex items-center gap-1 text-xs uppercase tracking-wide text-neutral-text/70">
                <MapPin aria-hidden="true" className="size-4" />
                Place
              </dt>
              <dd className="font-semibold">{plan.place}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-1 text-xs uppercase tracking-wide text-neutral-text/70">
                <CalendarHeart aria-hidden="true" className="size-4" />
                Date and time
              </dt>
              <dd className="font-semibold">
                <time dateTime={plan.startsAt}>{formatPlanDateTime(plan.startsAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wide text-neutral-text/70">
                {readOnly ? 'Host and winner' : 'You meet'}
              </dt>
              <dd className="flex items-center gap-2 font-semibold">
                {readOnly ? (
                  `${firstNameOf(state.host)} and ${firstNameOf(state.winner)}`
                ) : (
                  <>
                    <PersonAvatar person={other} className="size-9 text-sm" />
                    {firstNameOf(other)}
                  </>
                )}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm">
            {DATE_MESSAGES.noPlan}{' '}
            <Link href="/messages" className="font-medium text-primary underline">
              Open your chat
            </Link>
          </p>
        )}
        {plan && !readOnly && (
          // The invitation as a file (docs/the-date.md "Calendar"): calendars add it, and the
          // e-mailed updates of a changed or cancelled plan replace it by its UID.
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={apiUrl('getDateCalendar', { params: { id: state.auctionId } })} download="date.ics">
              <CalendarPlus aria-hidden="true" />
              {DATE_CALENDAR_TEXT.downloadLabel}
            </a>
          </Button>
        )}
        <DateProgress state={state} now={now} readOnly={readOnly} />
      </Card>

      {(startedAt || endedAt) && (
        <Card className="grid gap-6 p-6">
          <ArrivalCheckIns state={state} readOnly={readOnly} />
          <SafeCheckIn state={state} now={now} readOnly={readOnly} />
        </Card>
      )}

      {!readOnly && !endedAt && plan && (
        <Card className="p-6">
          <ShareDateButton auctionId={state.auctionId} locationShared={location.position !== null}>
            {isRunning && <LocationSharingControl sharing={location} />}
          </ShareDateButton>
        </Card>
      )}

      {!endedAt && (
        <EmergencyPanel
          emergencyNumber={state.emergencyNumber}
          place={plan?.place ?? null}
          startsAt={plan?.startsAt ?? null}
          meetingFirstName={firstNameOf(other)}
          pinOnPhones
        />
      )}

      {!readOnly && isRunning && (
        <div className="grid justify-items-start gap-2">
          <EndDateButton auctionId={state.auctionId} />
        </div>
      )}

      {endedAt && (
        <Card className="p-6">
          <SettlementSummary state={state} now={now} readOnly={readOnly} />
        </Card>
      )}

      {/* Issue 35: feedback once the date is over, however it ended (docs/the-date.md). */}
      {!readOnly && state.settlement && <FeedbackCard auctionId={state.auctionId} otherName={firstNameOf(other)} />}
    </div>
  );
}

function DateUnavailable({ auctionId, error }: { auctionId: string; error: unknown }) {
  const isMissing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{isMissing ? DATE_MESSAGES.notFound : 'Date Mode'}</h1>
      <p className="mt-4 text-neutral-text/80" role="alert">
        {isMissing ? 'Only the winner and the host of a won auction can open its date.' : errorText(error)}
      </p>
      <Button asChild className="mt-8">
        <Link href={`/auction/${auctionId}`}>Back to the auction</Link>
      </Button>
    </div>
  );
}
