import { photoSourcesOf } from '@bid/contract';

interface PhotoProps {
  url: string;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser fetches the right variant. */
  sizes: string;
  /** The intrinsic size (or the box's ratio): set on the img so nothing moves while it loads. */
  width: number;
  height: number;
  className?: string;
  /** The first picture a page shows: fetched at once and first; every other one waits until it is near. */
  priority?: boolean;
}

/**
 * A stored photo (docs/uploads.md): AVIF, then WebP, then JPEG, each in three widths, chosen by
 * the browser from `sizes`. A URL without variants (an older picture) is shown as it is.
 */
export function Photo({ url, alt, sizes, width, height, className, priority = false }: PhotoProps) {
  const sources = photoSourcesOf(url);
  /** What the one `<img>` gets either way: its text, box and loading. */
  const imgProps = {
    alt,
    width,
    height,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : 'auto',
    decoding: 'async',
    className,
  } as const;
  if (!sources) return <img src={url} {...imgProps} />;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={sources.fallback} srcSet={sources.jpg} sizes={sizes} {...imgProps} />
    </picture>
  );
}
