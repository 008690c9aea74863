import {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  MODERATION_REASONS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  type ModerationAction,
  type ModerationQueueItem,
  type ReportStatus,
} from '@bid/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormError, SelectField, TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useModerationQueue, useResolveReport } from '../api/moderationQueue';

const TARGET_LABELS = {
  user: 'Member',
  auction: 'Auction',
  message: 'Message',
  date: 'Date',
  review: 'Review',
} as const;

/** '3h 20m' / '2d 4h' / '12m': how long a report has waited. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

function TargetLink({ item }: { item: ModerationQueueItem }) {
  if (item.targetType === 'auction') return <Link href={`/auction/${item.targetId}`}>{item.targetSummary}</Link>;
  if (item.targetType === 'user') return <Link href={`/users/${item.targetId}`}>{item.targetSummary}</Link>;
  return <q>{item.targetSummary}</q>;
}

/** The moderation queue (docs/trust-and-safety.md): open reports oldest due first, overdue ones marked. */
export function ModerationQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [resolving, setResolving] = useState<ModerationQueueItem | null>(null);
  const { data, isLoading, isError } = useModerationQueue(status);
  const items = data ?? [];

  return (
    <div>
      <div className="flex gap-2" role="tablist" aria-label="Reports">
        {(['open', 'resolved'] as const).map((value) => (
          <Button
            key={value}
            role="tab"
            aria-selected={status === value}
            variant={status === value ? 'default' : 'outline'}
            size="sm"
            onClick={() => setStatus(value)}
          >
            {value === 'open' ? 'Open' : 'Resolved'}
          </Button>
        ))}
      </div>
      {isLoading ? (
        <p className="mt-6">Loading reports...</p>
      ) : isError ? (
        <p className="mt-6">Failed to load reports.</p>
      ) : items.length === 0 ? (
        <p className="mt-6">{status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="moderation-queue">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="report-row"
              className={`rounded-lg border bg-white p-4 ${item.isOverdue ? 'border-danger border-2' : 'border-black/10'}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{TARGET_LABELS[item.targetType]}</Badge>
                <span className="font-semibold">{REPORT_REASON_LABELS[item.reason]}</span>
                {item.isOverdue ? <Badge className="bg-danger">Overdue</Badge> : null}
                {item.reportedUser?.isSuspended ? <Badge variant="muted">Suspended</Badge> : null}
                <span className="ml-auto text-sm text-neutral-text/70">
                  {status === 'open'
                    ? `Waiting ${formatAge(item.ageMinutes)} · due ${new Date(item.dueAt).toLocaleString()}`
                    : `Resolved ${item.resolution ? new Date(item.resolution.resolvedAt).toLocaleString() : ''}`}
                </span>
              </div>
              <p className="mt-2">
                <TargetLink item={item} />
              </p>
              {item.details ? <p className="mt-1 text-sm">“{item.details}”</p> : null}
              <p className="mt-2 text-sm text-neutral-text/80">
                Reported by {item.reporter?.name ?? 'a deleted member'} · about{' '}
                {item.reportedUser?.name ?? 'a deleted member'} · {item.earlierReportsAgainstMember} earlier report
                {item.earlierReportsAgainstMember === 1 ? '' : 's'} against this member
              </p>
              {item.resolution ? (
                <p className="mt-2 text-sm">
                  <strong>{MODERATION_ACTION_LABELS[item.resolution.action]}:</strong> {item.resolution.reasons}
                </p>
              ) : (
                <Button className="mt-3" size="sm" onClick={() => setResolving(item)}>
                  Resolve
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ResolveDialog item={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}

function ResolveDialog({ item, onClose }: { item: ModerationQueueItem | null; onClose: () => void }) {
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState('');
  const resolve = useResolveReport();
  const ids = useId();
  // Each action only where it applies: hiding needs its kind of target; a no-show is overturned on a date's case.
  const actions = MODERATION_ACTIONS.filter(
    (a) =>
      (a !== 'hide_auction' || item?.targetType === 'auction') &&
      (a !== 'hide_review' || item?.targetType === 'review') &&
      (a !== 'overturn_no_show' || item?.targetType === 'date') &&
      // Hosting is suspended by no-shows, so only a no-show case offers to lift it.
      (a !== 'lift_hosting_suspension' || item?.reason === 'no_show'),
  );

  const close = () => {
    setAction('dismiss');
    setReasons('');
    setError('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    if (!reasons.trim()) return setError('Write the reasons for your decision');
    resolve.mutate(
      { id: item.id, decision: { action, reasons } },
      {
        onSuccess: () => {
          toast({ title: 'Report Resolved', description: 'Both members have been notified.' });
          close();
        },
        onError: (err) =>
          onMutationError(err, { title: 'Resolve Failed', description: 'Failed to resolve the report' }),
      },
    );
  };

  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Resolve report"
      description="Your reasons are sent word for word to the member who reported and to the reported member."
      onSubmit={submit}
      onCancel={close}
      cancelWhileBusy
      busy={resolve.isPending}
      submitLabel="Resolve"
      busyLabel="Resolving..."
    >
      <SelectField
        label="Action"
        id={`${ids}-action`}
        className="gap-1"
        value={action}
        onChange={(e) => setAction(e.target.value as ModerationAction)}
        options={actions.map((value) => ({ value, label: MODERATION_ACTION_LABELS[value] }))}
      />
      <TextAreaField
        label="Reasons"
        id={`${ids}-reasons`}
        className="gap-1"
        value={reasons}
        maxLength={MODERATION_REASONS_MAX_LENGTH}
        rows={5}
        onChange={(e) => setReasons(e.target.value)}
      />
      <FormError role="alert" className="-mt-2">
        {error}
      </FormError>
    </FormDialog>
  );
}
