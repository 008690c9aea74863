import { cn } from '@/lib/utils';

/**
 * A member's photo, or the first letter of their name on a round tile when they have none. It is
 * decorative: the name stands beside it. `className` sizes it (and the letter).
 */
export function Avatar({ src, name, className }: { src: string | null; name: string; className?: string }) {
  if (src) return <img src={src} alt="" className={cn('rounded-full object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn('flex items-center justify-center rounded-full bg-secondary', className)}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
