import { DATE_MESSAGES, PLACE_MAX_LENGTH, PLACE_MIN_LENGTH, planTimeProblem } from '@bid/contract';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/form-field';
import { serverNow } from '@/lib/serverClock';
import { useProposePlan } from '../api/dateState';
import { localDateTimeToIso } from '../format';
import { errorText } from '../people';

interface ProposePlanFormProps {
  auctionId: string;
  onProposed?: () => void;
  onCancel?: () => void;
}

/** "Propose a time and place": a public place and a local date and time, sent as one ISO instant. */
export function ProposePlanForm({ auctionId, onProposed, onCancel }: ProposePlanFormProps) {
  const id = useId();
  const propose = useProposePlan(auctionId);
  const [place, setPlace] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The same checks as the server, so the common mistakes need no round trip.
    const trimmed = place.trim();
    const startsAt = localDateTimeToIso(date, time);
    const localProblem =
      trimmed.length < PLACE_MIN_LENGTH
        ? DATE_MESSAGES.placeTooShort
        : trimmed.length > PLACE_MAX_LENGTH
          ? DATE_MESSAGES.placeTooLong
          : startsAt === undefined
            ? DATE_MESSAGES.startsAtInvalid
            : planTimeProblem(new Date(startsAt), new Date(serverNow()));
    setProblem(localProblem);
    if (localProblem || !startsAt) return;
    propose.mutate(
      { place: trimmed, startsAt },
      {
        onSuccess: () => onProposed?.(),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  /** The date or the time picker: a native one, which may narrow with the form. */
  const pickerProps = (type: 'date' | 'time', value: string, set: (value: string) => void) => ({
    id: `${id}-${type}`,
    className: 'min-w-0 gap-1.5',
    controlClassName: 'min-w-0',
    type,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  });

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label="Propose a time and place" noValidate>
      <p className="font-semibold">Propose a time and place</p>
      <TextField
        label="Place"
        id={`${id}-place`}
        className="gap-1.5"
        placeholder="A public place, e.g. Blue Bottle Coffee, 1 Ferry Building"
        value={place}
        maxLength={PLACE_MAX_LENGTH}
        onChange={(event) => setPlace(event.target.value)}
      />
      {/* Side by side only where the form is wide enough: a phone's date and time pickers overlapped at 390 px. */}
      <div className="@container">
        <div className="grid gap-3 @sm:grid-cols-2">
          <TextField label="Date" {...pickerProps('date', date, setDate)} />
          <TextField label="Time" {...pickerProps('time', time, setTime)} />
        </div>
      </div>
      <FormError role="alert">{problem}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={propose.isPending}>
          {propose.isPending ? 'Proposing...' : 'Propose'}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
