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
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : 'auto';
  if (!sources) {
    return (
      <img
        src={url}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
      />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        src={sources.fallback}
        srcSet={sources.jpg}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
