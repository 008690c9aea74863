import {
  DATE_TYPES,
  DURATION_OPTIONS,
  findPreSubmitProblem,
  PAYMENT_NOTES_MAX,
  PAYMENT_RESPONSIBILITIES,
  PAYMENT_RESPONSIBILITY_LABELS,
  type PaymentResponsibility,
  type ProfileCompletenessFields,
  RADIUS_MAX_MILES,
  RADIUS_MIN_MILES,
} from '@bid/contract';
import { HandCoins, Handshake, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RadioCardGroup, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { serverFieldError } from '@/lib/api';
import { useFieldForm } from '@/lib/registerField';
import { onMutationError } from '@/lib/unauthorized';
import { setAuctionCover } from '@/lib/auctionCover';
import { useCreateAuction } from '../api/createAuction';
import { CoverPicker } from '@/components/photos/CoverPicker';
import {
  combineEndTime,
  CREATE_AUCTION_DEFAULTS,
  createAuctionResolver,
  type CreateAuctionFormValues,
  localDateString,
  parseCreateAuction,
} from '../createAuctionForm';
import { DATE_TYPE_ICONS, DATE_TYPE_LABELS } from '@/lib/auctionLabels';
import { serverNow } from '@/lib/serverClock';
import { AuctionPreview } from './AuctionPreview';
import { hasCompleteProfile } from '../profileGate';

const DATE_TYPE_HINTS: Record<(typeof DATE_TYPES)[number], string> = {
  coffee: 'A casual coffee or tea (15 min or more)',
  dinner: 'A sit-down meal together (30 min or more)',
  activity: 'Something fun to do together (15 min or more)',
};

const PAYMENT_HINTS: Record<PaymentResponsibility, { hint: string; icon: typeof Handshake }> = {
  '50_50': { hint: 'You each pay your own share', icon: Handshake },
  winner_pays: { hint: 'The winning bidder pays for the outing', icon: UserRound },
  creator_pays: { hint: 'You pay for the outing', icon: HandCoins },
};

const DATE_TYPE_OPTIONS = DATE_TYPES.map((type) => ({
  value: type,
  label: DATE_TYPE_LABELS[type],
  hint: DATE_TYPE_HINTS[type],
  icon: DATE_TYPE_ICONS[type],
}));

const PAYMENT_OPTIONS = PAYMENT_RESPONSIBILITIES.map((option) => ({
  value: option,
  label: PAYMENT_RESPONSIBILITY_LABELS[option],
  hint: PAYMENT_HINTS[option].hint,
  icon: PAYMENT_HINTS[option].icon,
}));

const DURATION_SELECT_OPTIONS = DURATION_OPTIONS.map((option) => ({
  value: String(option.value),
  label: option.label,
}));

/** A price in whole dollars, from $1 (the starting bid, the buy now price). */
const WHOLE_DOLLARS_INPUT = { type: 'number', inputMode: 'decimal', min: 1, step: 1 } as const;

interface CreateAuctionFormProps {
  user: ProfileCompletenessFields | null;
  /** Called with the new auction once it is live (the page goes to it, docs/web-app.md). */
  onCreated: (auction: { id: string }) => void;
  onCancel: () => void;
}

/** The field a `400 {message, field}` answer names, mapped onto this form ('endTime' is the date picker). */
function serverFieldOf(error: unknown) {
  return serverFieldError(error, (name) => {
    const field = name === 'endTime' ? 'endDate' : name;
    return field in CREATE_AUCTION_DEFAULTS ? (field as FieldPath<CreateAuctionFormValues>) : null;
  });
}

/** docs/product.md §2 "Create Auction page" form, with the checks of docs/product.md §5 in their order. */
export function CreateAuctionForm({ user, onCreated, onCancel }: CreateAuctionFormProps) {
  const { register, control, handleSubmit, setError, field, errorOf } = useFieldForm<CreateAuctionFormValues>({
    resolver: createAuctionResolver,
    defaultValues: CREATE_AUCTION_DEFAULTS,
  });
  const createAuction = useCreateAuction();
  const [cover, setCover] = useState<Blob | null>(null);
  const [paymentNotes, startingBid, buyNowPrice, endDate, endTimeOfDay] = useWatch({
    control,
    name: ['paymentNotes', 'startingBid', 'buyNowPrice', 'endDate', 'endTimeOfDay'],
  });

  /** The cover (when one was chosen) is uploaded once the auction exists; then the success toast (docs/web-app.md). */
  const finishCreation = async (created: { id: string }) => {
    if (cover) {
      try {
        await setAuctionCover(created.id, cover);
      } catch (error) {
        // The auction exists; only its cover is missing, and it shows its default picture.
        onMutationError(error, { title: 'Cover Not Saved', description: 'Your auction shows its default picture.' });
      }
    }
    toast({
      title: 'Auction Created!',
      description: 'Your auction has been successfully created and is now live.',
    });
    onCreated(created);
  };

  const onSubmit = handleSubmit((values) => {
    // docs/product.md §5 "Pre-submit checks, in order": profile complete, then the end date and prices.
    if (!hasCompleteProfile(user, 'auction')) return;
    const endTime = combineEndTime(values.endDate, values.endTimeOfDay);
    // "In the future" by the server's time, which a test clock may have moved (lib/serverClock.ts).
    const problem = findPreSubmitProblem(
      { endTime, startingBid: values.startingBid, buyNowPrice: values.buyNowPrice.trim() || undefined },
      new Date(serverNow()),
    );
    if (problem || !endTime) {
      const { title, description } = problem ?? { title: 'End Date Required', description: '' };
      toast({ title, description, variant: 'destructive' });
      return;
    }
    const auction = parseCreateAuction(values, endTime);
    if (!auction) return;
    createAuction.mutate(auction, {
      onSuccess: (created) => void finishCreation(created),
      onError: (error) => {
        const fieldError = serverFieldOf(error);
        if (fieldError) setError(fieldError.field, { type: 'server', message: fieldError.message });
        onMutationError(error, { title: 'Creation Failed', description: 'Failed to create auction' });
      },
    });
  });

  return (
    <form className="grid gap-6" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Create auction">
      <Section title="About your date">
        <CoverPicker value={cover} onChange={setCover} />
        <TextField label="Title" placeholder="Coffee and a walk by the river" {...field('title')} />
        <TextAreaField
          label="Description"
          rows={4}
          placeholder="What you will do, where, and what makes it fun"
          {...field('description')}
        />

        <RadioCardGroup
          label="Date type"
          className="sm:grid-cols-3"
          options={DATE_TYPE_OPTIONS}
          inputProps={() => register('dateType')}
          error={errorOf('dateType')}
        />

        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label="Location"
            placeholder="Neighbourhood, café or venue"
            autoComplete="off"
            {...field('location')}
          />
          <TextField
            label="Search radius (miles)"
            type="number"
            inputMode="numeric"
            min={RADIUS_MIN_MILES}
            max={RADIUS_MAX_MILES}
            step={1}
            {...field('locationRadius')}
          />
        </div>
      </Section>

      <Section title="Bidding">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Starting bid ($)" {...WHOLE_DOLLARS_INPUT} {...field('startingBid')} />
          <TextField
            label="Buy now price ($, optional)"
            description="Someone can end the auction at once by paying this price. It must be higher than the starting bid."
            {...WHOLE_DOLLARS_INPUT}
            placeholder="No buy now price"
            {...field('buyNowPrice')}
          />
          <TextField
            label="Reserve price ($, optional)"
            description="The auction has no winner below this price. Bidders only see whether it is met, never the amount."
            {...WHOLE_DOLLARS_INPUT}
            placeholder="No reserve price"
            {...field('reservePrice')}
          />
        </div>

        <RadioCardGroup
          label="Who pays for the date"
          className="sm:grid-cols-3"
          options={PAYMENT_OPTIONS}
          inputProps={() => register('paymentResponsibility')}
          error={errorOf('paymentResponsibility')}
        />

        <TextAreaField
          label="Payment notes (optional)"
          description={`${(paymentNotes ?? '').length}/${PAYMENT_NOTES_MAX}`}
          descriptionClassName="text-right"
          descriptionLive="polite"
          rows={3}
          placeholder="Anything bidders should know about paying for the outing"
          {...field('paymentNotes')}
        />
      </Section>

      <Section title="Timing">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Expected duration" options={DURATION_SELECT_OPTIONS} {...field('expectedDuration')} />
          <TextField label="End date" type="date" min={localDateString()} {...field('endDate')} />
          <TextField label="End time" type="time" {...field('endTimeOfDay')} />
        </div>
      </Section>

      <AuctionPreview
        startingBid={startingBid ?? ''}
        buyNowPrice={buyNowPrice ?? ''}
        endDate={endDate ?? ''}
        endTimeOfDay={endTimeOfDay ?? ''}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onCancel} disabled={createAuction.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={createAuction.isPending}>
          {createAuction.isPending ? 'Creating...' : 'Create Auction'}
        </Button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="grid gap-5 p-6" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}
