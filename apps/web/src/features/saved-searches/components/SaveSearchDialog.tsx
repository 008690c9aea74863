import { SAVED_SEARCH_BUTTON_LABEL, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from '@bid/contract';
import { type FormEvent, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, serverFieldError } from '@/lib/api';
import { useCreateSavedSearch } from '../api/createSavedSearch';
import { browseSearchFromUrl, suggestedName } from '../browseSearch';

type Field = 'name' | 'location';

interface SaveSearchDialogProps {
  withText: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The form behind "Save this search" (`SaveSearchButton`, which loads it on first use). Mounted
 * afresh for each opening, so the name starts as the suggestion for the filters shown then.
 */
export function SaveSearchDialog({ withText, open, onOpenChange }: SaveSearchDialogProps) {
  const id = useId();
  const search = useSearch();
  const create = useCreateSavedSearch();
  const { query, ...filtersWithoutText } = browseSearchFromUrl(search);
  const filters = withText && query ? { ...filtersWithoutText, query } : filtersWithoutText;
  const [name, setName] = useState(() => suggestedName(filters));
  const [location, setLocation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: SAVED_SEARCH_MESSAGES.nameRequired });
      return;
    }
    const place = location.trim();
    create.mutate(
      { ...filters, name: trimmed, ...(filters.radius && place ? { location: place } : {}) },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: SAVED_SEARCH_MESSAGES.saved, description: SAVED_SEARCH_MESSAGES.savedDescription });
        },
        onError: (error) => {
          const fieldError = serverFieldError<Field>(error, (field) =>
            field === 'name' || field === 'location' ? field : null,
          );
          if (fieldError) setErrors({ [fieldError.field]: fieldError.message });
          else setErrors({ form: error instanceof ApiError ? error.message : SAVED_SEARCH_MESSAGES.tooMany });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        onOpenChange(next);
      }}
      title={SAVED_SEARCH_BUTTON_LABEL}
      description={SAVED_SEARCH_MESSAGES.savedDescription}
      onSubmit={onSubmit}
      onCancel={() => onOpenChange(false)}
      busy={create.isPending}
      submitLabel="Save search"
    >
      <TextField
        label="Name"
        id={`${id}-name`}
        error={errors.name}
        value={name}
        maxLength={SAVED_SEARCH_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
      />
      {filters.radius && (
        <TextField
          label={`Near (within ${filters.radius} miles)`}
          id={`${id}-location`}
          description="A city and state or a zip code. Leave it empty to use your profile's location."
          error={errors.location}
          value={location}
          placeholder="Austin, TX"
          onChange={(event) => setLocation(event.target.value)}
        />
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
    </FormDialog>
  );
}
