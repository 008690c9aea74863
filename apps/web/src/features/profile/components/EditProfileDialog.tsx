import { BIO_MAX, type ProfileForm, type ProfileFormInput, profileFormSchema, SEXES, type Sex } from '@bid/contract';
import { type ReactNode, useId } from 'react';
import { Controller, type DefaultValues, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import type { CurrentUser } from '@/lib/useAuth';
import { serverFieldError } from '@/lib/api';
import { onMutationError } from '@/lib/unauthorized';
import { zodResolver } from '@/lib/zodResolver';
import { useUpdateProfile } from '../api/updateProfile';
import { InterestsInput } from './InterestsInput';

const SEX_LABELS: Record<Sex, string> = { male: 'Male', female: 'Female', other: 'Other' };
const FORM_FIELDS = new Set<string>(Object.keys(profileFormSchema.shape));

interface EditProfileDialogProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product.md §2 "Modals: edit profile". The form mounts with the dialog, so it always starts from the saved profile. */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>
            Name, age, gender, location and dating preferences are needed before you can bid or create an auction.
          </DialogDescription>
        </DialogHeader>
        <EditProfileForm user={user} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function toFormValues(user: CurrentUser): DefaultValues<ProfileFormInput> {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    bio: user.bio ?? '',
    age: user.age ?? undefined,
    location: user.location ?? '',
    country: user.country ?? '',
    zipCode: user.zipCode ?? '',
    interests: user.interests ?? [],
    sex: user.sex ?? undefined,
    openToDatesWith: user.openToDatesWith ?? [],
  };
}

/** The field a `400 {code: 'validation', field}` answer names, when it is one of this form's. */
function fieldErrorOf(error: unknown) {
  return serverFieldError(
    error,
    (field) => (FORM_FIELDS.has(field) ? (field as FieldPath<ProfileFormInput>) : null),
    'validation',
  );
}

function EditProfileForm({ user, onDone, onCancel }: { user: CurrentUser; onDone: () => void; onCancel: () => void }) {
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFormValues(user),
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const updateProfile = useUpdateProfile();

  const onSubmit = handleSubmit((profile) => {
    updateProfile.mutate(profile, {
      onSuccess: () => {
        toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
        onDone();
      },
      onError: (error) => {
        const fieldError = fieldErrorOf(error);
        if (fieldError) {
          setError(fieldError.field, { type: 'server', message: fieldError.message }, { shouldFocus: true });
          return;
        }
        onMutationError(error, { title: 'Update Failed', description: 'Failed to update profile' });
      },
    });
  });

  /** Accessible wiring for a field: its error is announced and described. */
  const described = (name: FieldPath<ProfileFormInput>) => ({
    'aria-invalid': errors[name as keyof typeof errors] ? true : undefined,
    'aria-describedby': errors[name as keyof typeof errors] ? id(`${name}-error`) : undefined,
  });
  const fieldError = (name: keyof typeof errors) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={id(`${name}-error`)} className="text-sm text-danger">
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" htmlFor={id('firstName')} error={fieldError('firstName')}>
          <Input
            id={id('firstName')}
            autoComplete="given-name"
            {...register('firstName')}
            {...described('firstName')}
          />
        </Field>
        <Field label="Last name" htmlFor={id('lastName')} error={fieldError('lastName')}>
          <Input id={id('lastName')} autoComplete="family-name" {...register('lastName')} {...described('lastName')} />
        </Field>
      </div>

      <Field label="Bio" htmlFor={id('bio')} error={fieldError('bio')}>
        <Textarea
          id={id('bio')}
          rows={4}
          placeholder="Tell people what kind of outings you enjoy"
          {...register('bio')}
          {...described('bio')}
        />
        <p className="text-right text-xs text-neutral-text/70" aria-live="polite">
          {bio.length}/{BIO_MAX}
        </p>
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Age" htmlFor={id('age')} error={fieldError('age')}>
          <Input
            id={id('age')}
            type="number"
            inputMode="numeric"
            min={18}
            max={100}
            {...register('age', {
              setValueAs: (value: unknown) => (value === '' || value == null ? undefined : value),
            })}
            {...described('age')}
          />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={errors.sex ? id('sex-error') : undefined}>
          <legend className="mb-2 text-sm font-medium leading-none">Gender</legend>
          <div className="flex flex-wrap gap-4">
            {SEXES.map((sex) => (
              <label key={sex} className="flex items-center gap-2 text-sm">
                <input type="radio" value={sex} className="size-4 accent-primary" {...register('sex')} />
                {SEX_LABELS[sex]}
              </label>
            ))}
          </div>
          {fieldError('sex')}
        </fieldset>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Location" htmlFor={id('location')} error={fieldError('location')}>
          <Input
            id={id('location')}
            placeholder="City"
            autoComplete="address-level2"
            {...register('location')}
            {...described('location')}
          />
        </Field>
        <Field label="Country" htmlFor={id('country')} error={fieldError('country')}>
          <Input id={id('country')} autoComplete="country-name" {...register('country')} {...described('country')} />
        </Field>
        <Field label="Zip code" htmlFor={id('zipCode')} error={fieldError('zipCode')}>
          <Input id={id('zipCode')} autoComplete="postal-code" {...register('zipCode')} {...described('zipCode')} />
        </Field>
      </div>

      <fieldset
        className="grid gap-2"
        aria-describedby={errors.openToDatesWith ? id('openToDatesWith-error') : undefined}
      >
        <legend className="mb-2 text-sm font-medium leading-none">Open to dates with</legend>
        <div className="flex flex-wrap gap-4">
          {SEXES.map((sex) => (
            <label key={sex} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={sex} className="size-4 accent-primary" {...register('openToDatesWith')} />
              {SEX_LABELS[sex]}
            </label>
          ))}
        </div>
        {fieldError('openToDatesWith')}
      </fieldset>

      <Field label="Interests" htmlFor={id('interests')} error={fieldError('interests')}>
        <Controller
          control={control}
          name="interests"
          render={({ field }) => (
            <InterestsInput
              id={id('interests')}
              value={field.value ?? []}
              onChange={field.onChange}
              invalid={Boolean(errors.interests)}
              describedBy={errors.interests ? id('interests-error') : undefined}
            />
          )}
        />
      </Field>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={updateProfile.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
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
