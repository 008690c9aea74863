import {
  DATE_TYPES,
  DURATION_OPTIONS,
  findPreSubmitProblem,
  INCOMPLETE_PROFILE_FOR_AUCTION,
  INCOMPLETE_PROFILE_TITLE,
  isProfileComplete,
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
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { serverFieldError } from '@/lib/api';
import { onMutationError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';
import { setAuctionCover } from '../api/auctionCover';
import { useCreateAuction } from '../api/createAuction';
import { CoverPicker } from './CoverPicker';
import {
  combineEndTime,
  CREATE_AUCTION_DEFAULTS,
  createAuctionResolver,
  type CreateAuctionFormValues,
  localDateString,
  parseCreateAuction,
} from '../createAuctionForm';
import { DATE_TYPE_ICONS, DATE_TYPE_LABELS } from '../labels';
import { AuctionPreview } from './AuctionPreview';

/**
 * The native radio lies invisibly over its whole card, so a click anywhere on the card lands on
 * it and arrow keys and screen readers behave as with any radio group.
 */
const RADIO_OVERLAY = 'absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0';

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
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateAuctionFormValues>({
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
    if (!user || !isProfileComplete(user)) {
      toast({ title: INCOMPLETE_PROFILE_TITLE, description: INCOMPLETE_PROFILE_FOR_AUCTION, variant: 'destructive' });
      return;
    }
    const endTime = combineEndTime(values.endDate, values.endTimeOfDay);
    const problem = findPreSubmitProblem({
      endTime,
      startingBid: values.startingBid,
      buyNowPrice: values.buyNowPrice.trim() || undefined,
    });
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

  const errorId = (name: keyof CreateAuctionFormValues) => id(`${name}-error`);
  const described = (name: keyof CreateAuctionFormValues, hintId?: string) => {
    const ids = [hintId, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const fieldError = (name: keyof CreateAuctionFormValues) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={errorId(name)} className="text-sm text-danger">
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="grid gap-6" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Create auction">
      <Section title="About your date">
        <CoverPicker value={cover} onChange={setCover} />
        <Field label="Title" htmlFor={id('title')} error={fieldError('title')}>
          <Input
            id={id('title')}
            placeholder="Coffee and a walk by the river"
            {...register('title')}
            {...described('title')}
          />
        </Field>
        <Field label="Description" htmlFor={id('description')} error={fieldError('description')}>
          <Textarea
            id={id('description')}
            rows={4}
            placeholder="What you will do, where, and what makes it fun"
            {...register('description')}
            {...described('description')}
          />
        </Field>

        <div className="grid gap-2">
          <span id={id('dateType-label')} className="text-sm font-medium leading-none">
            Date type
          </span>
          <div
            role="radiogroup"
            aria-labelledby={id('dateType-label')}
            aria-describedby={errors.dateType ? errorId('dateType') : undefined}
            aria-invalid={errors.dateType ? true : undefined}
            className="grid gap-3 sm:grid-cols-3"
          >
            {DATE_TYPES.map((type) => {
              const Icon = DATE_TYPE_ICONS[type];
              return (
                <ChoiceCard key={type}>
                  <input
                    type="radio"
                    value={type}
                    className={RADIO_OVERLAY}
                    aria-labelledby={id(`dateType-${type}`)}
                    aria-describedby={id(`dateType-${type}-hint`)}
                    {...register('dateType')}
                  />
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <span id={id(`dateType-${type}`)} className="font-semibold">
                    {DATE_TYPE_LABELS[type]}
                  </span>
                  <span id={id(`dateType-${type}-hint`)} className="text-xs text-neutral-text/70">
                    {DATE_TYPE_HINTS[type]}
                  </span>
                </ChoiceCard>
              );
            })}
          </div>
          {fieldError('dateType')}
        </div>

        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <Field label="Location" htmlFor={id('location')} error={fieldError('location')}>
            <Input
              id={id('location')}
              placeholder="Neighbourhood, café or venue"
              autoComplete="off"
              {...register('location')}
              {...described('location')}
            />
          </Field>
          <Field label="Search radius (miles)" htmlFor={id('locationRadius')} error={fieldError('locationRadius')}>
            <Input
              id={id('locationRadius')}
              type="number"
              inputMode="numeric"
              min={RADIUS_MIN_MILES}
              max={RADIUS_MAX_MILES}
              step={1}
              {...register('locationRadius')}
              {...described('locationRadius')}
            />
          </Field>
        </div>
      </Section>

      <Section title="Bidding">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starting bid ($)" htmlFor={id('startingBid')} error={fieldError('startingBid')}>
            <Input
              id={id('startingBid')}
              type="number"
              inputMode="decimal"
              min={1}
              step={1}
              {...register('startingBid')}
              {...described('startingBid')}
            />
          </Field>
          <Field label="Buy now price ($, optional)" htmlFor={id('buyNowPrice')} error={fieldError('buyNowPrice')}>
            <Input
              id={id('buyNowPrice')}
              type="number"
              inputMode="decimal"
              min={1}
              step={1}
              placeholder="No buy now price"
              {...register('buyNowPrice')}
              {...described('buyNowPrice', id('buyNowPrice-hint'))}
            />
            <p id={id('buyNowPrice-hint')} className="text-xs text-neutral-text/70">
              Someone can end the auction at once by paying this price. It must be higher than the starting bid.
            </p>
          </Field>
        </div>

        <div className="grid gap-2">
          <span id={id('payment-label')} className="text-sm font-medium leading-none">
            Who pays for the date
          </span>
          <div
            role="radiogroup"
            aria-labelledby={id('payment-label')}
            aria-describedby={errors.paymentResponsibility ? errorId('paymentResponsibility') : undefined}
            className="grid gap-3 sm:grid-cols-3"
          >
            {PAYMENT_RESPONSIBILITIES.map((option) => {
              const { hint, icon: Icon } = PAYMENT_HINTS[option];
              return (
                <ChoiceCard key={option}>
                  <input
                    type="radio"
                    value={option}
                    className={RADIO_OVERLAY}
                    aria-labelledby={id(`pay-${option}`)}
                    aria-describedby={id(`pay-${option}-hint`)}
                    {...register('paymentResponsibility')}
                  />
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <span id={id(`pay-${option}`)} className="font-semibold">
                    {PAYMENT_RESPONSIBILITY_LABELS[option]}
                  </span>
                  <span id={id(`pay-${option}-hint`)} className="text-xs text-neutral-text/70">
                    {hint}
                  </span>
                </ChoiceCard>
              );
            })}
          </div>
          {fieldError('paymentResponsibility')}
        </div>

        <Field label="Payment notes (optional)" htmlFor={id('paymentNotes')} error={fieldError('paymentNotes')}>
          <Textarea
            id={id('paymentNotes')}
            rows={3}
            placeholder="Anything bidders should know about paying for the outing"
            {...register('paymentNotes')}
            {...described('paymentNotes', id('paymentNotes-count'))}
          />
          <p id={id('paymentNotes-count')} className="text-right text-xs text-neutral-text/70" aria-live="polite">
            {(paymentNotes ?? '').length}/{PAYMENT_NOTES_MAX}
          </p>
        </Field>
      </Section>

      <Section title="Timing">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Expected duration" htmlFor={id('expectedDuration')} error={fieldError('expectedDuration')}>
            <Select id={id('expectedDuration')} {...register('expectedDuration')} {...described('expectedDuration')}>
              {DURATION_OPTIONS.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="End date" htmlFor={id('endDate')} error={fieldError('endDate')}>
            <Input
              id={id('endDate')}
              type="date"
              min={localDateString()}
              {...register('endDate')}
              {...described('endDate')}
            />
          </Field>
          <Field label="End time" htmlFor={id('endTimeOfDay')} error={fieldError('endTimeOfDay')}>
            <Input id={id('endTimeOfDay')} type="time" {...register('endTimeOfDay')} {...described('endTimeOfDay')} />
          </Field>
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

function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error}
    </div>
  );
}

/** A radio shown as a card. */
function ChoiceCard({ children }: { children: ReactNode }) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer flex-col items-start gap-1 rounded-lg border border-black/15 bg-white p-4 transition-colors hover:border-primary/60',
        'has-[:checked]:border-primary has-[:checked]:bg-secondary/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
      )}
    >
      {children}
    </label>
  );
}
