import { cn } from '@/lib/utils';
import { type DatePerson, firstNameOf } from '../people';

/** A person's photo, or their initial when they have none. */
export function PersonAvatar({
  person,
  className,
}: {
  person: Pick<DatePerson, 'firstName' | 'profileImageUrl'>;
  className?: string;
}) {
  const name = firstNameOf(person);
  if (person.profileImageUrl) {
    return (
      <img src={person.profileImageUrl} alt={name} className={cn('size-12 rounded-full object-cover', className)} />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-lg font-bold text-primary',
        className,
      )}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
