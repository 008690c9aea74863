import { EMERGENCY_NUMBER } from '@bid/contract';
import { Phone } from 'lucide-react';
import { formatPlanDateTime } from '../format';

interface EmergencyPanelProps {
  emergencyNumber?: string;
  place: string | null;
  startsAt: string | null;
  meetingFirstName: string;
}

/** The emergency number, and the details a dispatcher asks for, ready to read out. */
export function EmergencyPanel({ emergencyNumber, place, startsAt, meetingFirstName }: EmergencyPanelProps) {
  const number = emergencyNumber || EMERGENCY_NUMBER;
  return (
    <section aria-label="Emergency" className="grid gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4">
      <h2 className="font-semibold text-danger">Emergency</h2>
      <a
        href={`tel:${number}`}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-danger px-6 font-semibold text-white hover:opacity-90"
      >
        <Phone aria-hidden="true" className="size-5" />
        {`Call ${number}`}
      </a>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-text/70">Place</dt>
        <dd className="font-medium">{place ?? 'Not agreed yet'}</dd>
        <dt className="text-neutral-text/70">Time</dt>
        <dd className="font-medium">{startsAt ? formatPlanDateTime(startsAt) : 'Not agreed yet'}</dd>
        <dt className="text-neutral-text/70">Meeting</dt>
        <dd className="font-medium">{meetingFirstName}</dd>
      </dl>
    </section>
  );
}
