import { dateTypeDrawingUrl, type DateType } from '@bid/contract';

interface DateTypeDrawingProps {
  dateType: DateType;
  /** Empty (the default) where the drawing only decorates what names it. */
  alt?: string;
  /** The intrinsic size (or the box's ratio): set on the img so nothing moves while it loads. */
  width: number;
  height: number;
  className?: string;
  /** The first picture a page shows: fetched at once and first; every other one waits until it is near. */
  priority?: boolean;
}

/** The drawing of a date type (docs/uploads.md: what shows where there is no photo), loaded as `Photo` loads. */
export function DateTypeDrawing({
  dateType,
  alt = '',
  width,
  height,
  className,
  priority = false,
}: DateTypeDrawingProps) {
  return (
    <img
      src={dateTypeDrawingUrl(dateType)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
