import type { DateType } from '@bid/contract';
import { Coffee, Gamepad2, Monitor, UtensilsCrossed, type LucideIcon } from 'lucide-react';

export const DATE_TYPE_LABELS: Record<DateType, string> = {
  coffee: 'Coffee',
  dinner: 'Dinner',
  activity: 'Activity',
  virtual: 'Virtual',
};

export const DATE_TYPE_ICONS: Record<DateType, LucideIcon> = {
  coffee: Coffee,
  dinner: UtensilsCrossed,
  activity: Gamepad2,
  virtual: Monitor,
};

export const dateTypeLabel = (type: string): string => DATE_TYPE_LABELS[type as DateType] ?? type;

/** 'Jan 5, 2026, 11:59 PM' in the viewer's own time zone. */
export function formatDateTime(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export const bidCountLabel = (count: number): string => `${count} ${count === 1 ? 'bid' : 'bids'}`;
