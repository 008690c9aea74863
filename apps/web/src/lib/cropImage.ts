import { CROP_JPEG_QUALITY, PROFILE_IMAGE_SIZE_PX } from '@bid/contract';

/** A rectangle in the source image's own pixels, as react-easy-crop reports `croppedAreaPixels`. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CropPlan {
  /** The square taken from the source image, in whole source pixels. */
  source: { x: number; y: number; size: number };
  /** The side of the square JPEG drawn from it. */
  outputSize: number;
}

/**
 * Where to cut and how big to draw. The crop is square (aspect 1); rounding can leave width and
 * height a pixel apart, so the smaller side wins. The output never exceeds what the server keeps
 * (PROFILE_IMAGE_SIZE_PX): sending more only slows the upload and can push a large photo's JPEG
 * past the 5 MB limit.
 */
export function planSquareCrop(area: PixelArea, maxOutputSize: number = PROFILE_IMAGE_SIZE_PX): CropPlan {
  const values = [area.x, area.y, area.width, area.height, maxOutputSize];
  if (!values.every(Number.isFinite)) throw new RangeError('The crop area is not a number');
  const size = Math.round(Math.min(area.width, area.height));
  if (size < 1) throw new RangeError('The crop area is empty');
  if (maxOutputSize < 1) throw new RangeError('The output size must be at least one pixel');
  return {
    source: { x: Math.max(0, Math.round(area.x)), y: Math.max(0, Math.round(area.y)), size },
    outputSize: Math.min(size, Math.floor(maxOutputSize)),
  };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded'));
    image.src = src;
  });
}

/**
 * docs/product.md §9 "Profile picture": the chosen square of the image as a JPEG of quality 0.8. The
 * server decodes and re-encodes whatever arrives (docs/engineering.md §5), so this is about size and framing,
 * not about stripping metadata (a canvas carries none anyway).
 */
export async function cropImage(
  imageSrc: string,
  area: PixelArea,
  { quality = CROP_JPEG_QUALITY, maxOutputSize = PROFILE_IMAGE_SIZE_PX } = {},
): Promise<Blob> {
  const plan = planSquareCrop(area, maxOutputSize);
  const image = await loadImage(imageSrc);
  const canvas = document.createElement('canvas');
  canvas.width = plan.outputSize;
  canvas.height = plan.outputSize;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot draw the image');
  // JPEG has no transparency: without a background a transparent PNG turns black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, plan.outputSize, plan.outputSize);
  context.imageSmoothingQuality = 'high';
  const { x, y, size } = plan.source;
  context.drawImage(image, x, y, size, size, 0, 0, plan.outputSize, plan.outputSize);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image'))),
      'image/jpeg',
      quality,
    );
  });
}
