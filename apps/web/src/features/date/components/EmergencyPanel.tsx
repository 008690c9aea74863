import { EMERGENCY_NUMBER } from '@bid/contract';
import { Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { formatPlanDateTime } from '../format';

interface EmergencyPanelProps {
  emergencyNumber?: string;
  place: string | null;
  startsAt: string | null;
  meetingFirstName: string;
  /** In Date Mode the panel stays on a phone's screen, pinned to its bottom edge. */
  pinOnPhones?: boolean;
}

/** Below Tailwind's sm (640 px): phones, where a long page would scroll the panel away. */
export const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * The emergency number, and the details a dispatcher asks for, ready to read out. On phones in
 * Date Mode it is pinned to the bottom of the screen (docs/the-date.md): the call button always
 * in reach, the details one tap away, and the page's body padded by the panel's height so it
 * never covers the last controls.
 */
export function EmergencyPanel({
  emergencyNumber,
  place,
  startsAt,
  meetingFirstName,
  pinOnPhones = false,
}: EmergencyPanelProps) {
  const number = emergencyNumber || EMERGENCY_NUMBER;
  const pinned = useMediaQuery(PHONE_QUERY) && pinOnPhones;
  const ref = useRef<HTMLElement>(null);
  usePadBodyFor(ref, pinned);

  const details = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-neutral-text/70">Place</dt>
      <dd className="font-medium">{place ?? 'Not agreed yet'}</dd>
      <dt className="text-neutral-text/70">Time</dt>
      <dd className="font-medium">{startsAt ? formatPlanDateTime(startsAt) : 'Not agreed yet'}</dd>
      <dt className="text-neutral-text/70">Meeting</dt>
      <dd className="font-medium">{meetingFirstName}</dd>
    </dl>
  );
  return (
    <section
      ref={ref}
      aria-label="Emergency"
      data-testid="emergency-panel"
      data-pinned={pinned ? 'true' : undefined}
      className={cn(
        'grid gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4',
        // Opaque when pinned: the page scrolls underneath it.
        pinned &&
          'fixed inset-x-0 bottom-0 z-30 gap-2 rounded-none border-x-0 border-b-0 bg-white px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]',
      )}
    >
      <div className={cn('grid gap-3', pinned && 'flex items-center')}>
        <h2 className="font-semibold text-danger">Emergency</h2>
        <a
          href={`tel:${number}`}
          className="inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-md bg-danger px-6 font-semibold text-white hover:opacity-90"
        >
          <Phone aria-hidden="true" className="size-5" />
          {`Call ${number}`}
        </a>
      </div>
      {pinned ? (
        <details className="text-sm">
          <summary className="cursor-pointer py-1 font-medium">Details to read out</summary>
          {details}
        </details>
      ) : (
        details
      )}
    </section>
  );
}

/** While `active`, keeps the body's bottom padding equal to the element's height (it follows resizes). */
function usePadBodyFor(ref: React.RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const pad = () => {
      body.style.paddingBottom = `${Math.ceil(element.getBoundingClientRect().height)}px`;
    };
    pad();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(pad) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [ref, active]);
}
