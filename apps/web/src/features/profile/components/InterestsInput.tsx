import { INTEREST_MAX_LENGTH, INTERESTS_MAX, normalizeInterests } from '@bid/contract';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface InterestsInputProps {
  id: string;
  value: string[];
  onChange: (interests: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * docs/product.md §5 "Interests": Enter or the Add button adds the typed interest; blank entries and
 * duplicates are ignored; clicking a tag removes it.
 */
export function InterestsInput({ id, value, onChange, describedBy, invalid }: InterestsInputProps) {
  const [draft, setDraft] = useState('');
  const isFull = value.length >= INTERESTS_MAX;

  function addDraft() {
    if (!draft.trim() || isFull) return;
    onChange(normalizeInterests([...value, draft]));
    setDraft('');
  }

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={INTEREST_MAX_LENGTH}
          placeholder={isFull ? `Up to ${INTERESTS_MAX} interests` : 'e.g. Hiking'}
          disabled={isFull}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter adds a tag; it must not submit the surrounding form.
            event.preventDefault();
            addDraft();
          }}
        />
        <Button type="button" variant="outline" onClick={addDraft} disabled={isFull}>
          <Plus aria-hidden="true" /> Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Your interests">
          {value.map((interest) => (
            <li key={interest}>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-neutral-text hover:opacity-80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
                aria-label={`Remove interest ${interest}`}
                onClick={() => onChange(value.filter((item) => item !== interest))}
              >
                {interest}
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
