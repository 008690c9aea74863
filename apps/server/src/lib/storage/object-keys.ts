import {
  PHOTO_VARIANT_FORMATS,
  PHOTO_VARIANT_WIDTHS,
  type PhotoVariantFormat,
  type PhotoVariantWidth,
  UUID_SOURCE,
} from '@bid/contract';

/**
 * Object keys and served paths. The server chooses every key (docs/engineering.md §5): a raw upload lands
 * at `incoming/<grant id>`, a processed picture at `images/<uuid>.jpg`, and only the latter is
 * ever served, at `/api/objects/images/<uuid>.jpg`.
 */
const UUID = UUID_SOURCE;
/** The only names GET /api/objects/images/:name answers for: a picture or one photo variant. */
const IMAGE_NAME_PATTERN = new RegExp(`^${UUID}(\\.jpg|-(320|640|1280)\\.(jpg|webp|avif))$`);
/** Every key this module writes; storage backends refuse any other. */
/** `identity/` holds verification documents and selfies: private, never served by the images route. */
export const OBJECT_KEY_PATTERN = new RegExp(
  `^(incoming/${UUID}|images/${UUID}(\\.jpg|-(320|640|1280)\\.(jpg|webp|avif))|identity/${UUID}\\.jpg)$`,
);

export const SERVED_IMAGES_PREFIX = '/api/objects/images/';

export const isImageName = (name: string) => IMAGE_NAME_PATTERN.test(name);

export const incomingKey = (grantId: string) => `incoming/${grantId}`;
export const imageKeyOfName = (name: string) => `images/${name}`;
export const imageNameOf = (imageId: string) => `${imageId}.jpg`;
export const servedImagePath = (imageId: string) => `${SERVED_IMAGES_PREFIX}${imageNameOf(imageId)}`;

/** A URL without its query string or fragment, which is where signatures live. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };

/** The Content-Type of an image name that passed isImageName. */
export const contentTypeOfImageName = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'image/jpeg';

/** The key of one variant of a photo (docs/uploads.md). */
export const photoVariantKey = (photoId: string, width: PhotoVariantWidth, format: PhotoVariantFormat) =>
  `images/${photoId}-${width}.${format}`;

/** Every key a photo may have: its variants, and the single JPEG of a picture from before variants. */
export const photoKeysOf = (photoId: string) => [
  imageKeyOfName(imageNameOf(photoId)),
  ...PHOTO_VARIANT_WIDTHS.flatMap((width) =>
    PHOTO_VARIANT_FORMATS.map((format) => photoVariantKey(photoId, width, format)),
  ),
];

const SERVED_PHOTO_ID = new RegExp(`^/api/objects/images/(${UUID})(\\.jpg|-1280\\.jpg)$`);

/** The photo id behind a stored picture URL, when it is one of ours (with or without variants). */
export function photoIdOfServedPath(url: string | null): string | undefined {
  return url ? SERVED_PHOTO_ID.exec(url)?.[1] : undefined;
}
