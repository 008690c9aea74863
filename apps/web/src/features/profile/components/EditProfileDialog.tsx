import { BIO_MAX, type ProfileForm, type ProfileFormInput, profileFormSchema, SEXES, type Sex } from '@bid/contract';
import { Controller, type DefaultValues, type FieldPath, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TitledDialog } from '@/components/ui/dialog';
import {
  FormActions,
  FormField,
  FormFieldset,
  TextAreaField,
  TextField,
  useFormFieldControl,
} from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import type { CurrentUser } from '@/lib/useAuth';
import { serverFieldError } from '@/lib/api';
import { useFieldForm } from '@/lib/registerField';
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
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title="Edit Profile"
      description="Name, age, gender, location and dating preferences are needed before you can bid or create an auction."
    >
      <EditProfileForm user={user} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </TitledDialog>
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

/**
 * The profile form itself: in the dialog, and as onboarding's first step while the profile is
 * incomplete (docs/accounts.md "Onboarding"), where it has no Cancel (`onCancel` absent).
 */
export function EditProfileForm({
  user,
  onDone,
  onCancel,
  submitLabel = 'Save Changes',
}: {
  user: CurrentUser;
  onDone: () => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const { register, control, handleSubmit, setError, field, errorOf } = useFieldForm<
    ProfileFormInput,
    unknown,
    ProfileForm
  >({
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

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>

      <TextAreaField
        label="Bio"
        description={`${bio.length}/${BIO_MAX}`}
        descriptionClassName="text-right"
        descriptionLive="polite"
        rows={4}
        placeholder="Tell people what kind of outings you enjoy"
        {...field('bio')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={18}
          max={100}
          {...field('age', {
            setValueAs: (value: unknown) => (value === '' || value == null ? undefined : value),
          })}
        />
        <FormFieldset legend="Gender" error={errorOf('sex')}>
          <div className="flex flex-wrap gap-4">
            {SEXES.map((sex) => (
              <label key={sex} className="flex items-center gap-2 text-sm">
                <input type="radio" value={sex} className="size-4 accent-primary" {...register('sex')} />
                {SEX_LABELS[sex]}
              </label>
            ))}
          </div>
        </FormFieldset>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Location" placeholder="City" autoComplete="address-level2" {...field('location')} />
        <TextField label="Country" autoComplete="country-name" {...field('country')} />
        <TextField label="Zip code" autoComplete="postal-code" {...field('zipCode')} />
      </div>

      <FormFieldset legend="Open to dates with" error={errorOf('openToDatesWith')}>
        <div className="flex flex-wrap gap-4">
          {SEXES.map((sex) => (
            <label key={sex} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={sex} className="size-4 accent-primary" {...register('openToDatesWith')} />
              {SEX_LABELS[sex]}
            </label>
          ))}
        </div>
      </FormFieldset>

      <FormField label="Interests" error={errorOf('interests')}>
        <Controller
          control={control}
          name="interests"
          render={({ field }) => <InterestsControl value={field.value ?? []} onChange={field.onChange} />}
        />
      </FormField>

      {onCancel ? (
        <FormActions onCancel={onCancel} busy={updateProfile.isPending} submitLabel={submitLabel} />
      ) : (
        <div className="flex justify-end">
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? 'Saving...' : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The interests input, wired to its FormField. */
function InterestsControl({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const wiring = useFormFieldControl();
  return (
    <InterestsInput
      id={wiring.id}
      value={value}
      onChange={onChange}
      invalid={Boolean(wiring['aria-invalid'])}
      describedBy={wiring['aria-describedby']}
    />
  );
}
