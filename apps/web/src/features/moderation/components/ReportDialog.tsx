import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  MEMBER_REPORT_REASONS,
  type MemberReportReason,
  type MemberReportTargetType,
} from '@bid/contract';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormFieldset, TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useCreateReport } from '../api/reports';

const TARGET_NOUNS: Record<MemberReportTargetType, string> = {
  user: 'member',
  auction: 'auction',
  message: 'message',
  review: 'review',
};

interface ReportDialogProps {
  targetType: MemberReportTargetType;
  targetId: string;
  /** The trigger's text (default "Report"). */
  label?: string;
  triggerClassName?: string;
  variant?: 'outline' | 'ghost';
  /** Chosen when the dialog opens (the chat's "Does this bother you?" report). */
  initialReason?: MemberReportReason;
  /** Written in Details when the dialog opens (the message reported). */
  initialDetails?: string;
  /** Controlled from outside (a menu item opens it): then no trigger button is drawn. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Report a member, an auction or a message (docs/trust-and-safety.md): a reason from the list,
 * and details of up to 500 characters ('Something else' needs them). Moderators review reports
 * within 24 hours.
 */
export function ReportDialog({
  targetType,
  targetId,
  label = 'Report',
  triggerClassName,
  variant = 'outline',
  initialReason,
  initialDetails = '',
  open: controlledOpen,
  onOpenChange,
}: ReportDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const controlled = controlledOpen !== undefined;
  const open = controlled ? controlledOpen : ownOpen;
  const setOpen = (next: boolean) => (controlled ? onOpenChange?.(next) : setOwnOpen(next));
  const [reason, setReason] = useState<MemberReportReason | ''>(initialReason ?? '');
  const [details, setDetails] = useState(initialDetails.slice(0, REPORT_DETAILS_MAX_LENGTH));
  const [error, setError] = useState('');
  const createReport = useCreateReport();
  const ids = useId();
  const noun = TARGET_NOUNS[targetType];

  const reset = () => {
    setReason(initialReason ?? '');
    setDetails(initialDetails.slice(0, REPORT_DETAILS_MAX_LENGTH));
    setError('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError('Choose a reason');
    if (reason === 'other' && !details.trim()) return setError('Tell us what is wrong');
    setError('');
    createReport.mutate(
      { targetType, targetId, reason, details },
      {
        onSuccess: () => {
          toast({
            title: 'Report sent',
            description: 'Thank you. Our moderators review reports within 24 hours.',
          });
          setOpen(false);
          reset();
        },
        onError: (err) => onMutationError(err, { title: 'Report Failed', description: 'Failed to send the report' }),
      },
    );
  };

  return (
    <>
      {!controlled && (
        <Button
          type="button"
          variant={variant}
          size="sm"
          className={triggerClassName}
          onClick={() => setOpen(true)}
          data-testid={`report-${targetType}`}
        >
          <Flag aria-hidden="true" /> {label}
        </Button>
      )}
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset();
        }}
        title={`Report this ${noun}`}
        description={`Tell our moderators what is wrong. They review every report within 24 hours, and the ${noun} will not know who reported it.`}
        onSubmit={submit}
        onCancel={() => setOpen(false)}
        cancelWhileBusy
        busy={createReport.isPending}
        submitLabel="Send Report"
        busyLabel="Sending..."
      >
        <FormFieldset legend="Reason" error={reason ? undefined : error} errorRole="alert">
          {MEMBER_REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${ids}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError('');
                }}
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </FormFieldset>
        <TextAreaField
          label="Details"
          className="gap-1"
          error={reason ? error : undefined}
          errorRole="alert"
          description={`${details.length}/${REPORT_DETAILS_MAX_LENGTH}`}
          descriptionClassName="text-right"
          descriptionLive="polite"
          value={details}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          onChange={(event) => setDetails(event.target.value)}
          rows={4}
        />
      </FormDialog>
    </>
  );
}
