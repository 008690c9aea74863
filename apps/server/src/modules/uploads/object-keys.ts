/**
 * Object keys and served paths. The server chooses every key (GUIDE §5): a raw upload lands
 * at `incoming/<grant id>`, a processed picture at `images/<uuid>.jpg`, and only the latter is
 * ever served, at `/api/objects/images/<uuid>.jpg`.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID_PATTERN = new RegExp(`^${UUID}$`);
/** The only names GET /api/objects/images/:name answers for; nothing else can reach storage. */
const IMAGE_NAME_PATTERN = new RegExp(`^${UUID}\\.jpg$`);
const SERVED_IMAGE_PATTERN = new RegExp(`^/api/objects/images/(${UUID}\\.jpg)$`);
/** Every key this module writes; storage backends refuse any other. */
/** `identity/` holds verification documents and selfies: private, never served by the images route. */
export const OBJECT_KEY_PATTERN = new RegExp(`^(incoming/${UUID}|images/${UUID}\\.jpg|identity/${UUID}\\.jpg)$`);

export const SERVED_IMAGES_PREFIX = '/api/objects/images/';

export const isUuid = (value: string) => UUID_PATTERN.test(value);
export const isImageName = (name: string) => IMAGE_NAME_PATTERN.test(name);

export const incomingKey = (grantId: string) => `incoming/${grantId}`;
export const imageKeyOfName = (name: string) => `images/${name}`;
export const imageNameOf = (imageId: string) => `${imageId}.jpg`;
export const servedImagePath = (imageId: string) => `${SERVED_IMAGES_PREFIX}${imageNameOf(imageId)}`;

/** The storage key behind a profile image URL, when the URL is one of our processed images. */
export function imageKeyOfServedPath(url: string | null): string | undefined {
  const match = url ? SERVED_IMAGE_PATTERN.exec(url) : null;
  return match?.[1] ? imageKeyOfName(match[1]) : undefined;
}

/** A URL without its query string or fragment, which is where signatures live. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
