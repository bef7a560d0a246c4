/** The image types accepted from a phone or a computer. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type ImageFileProblem =
  | { kind: 'not-an-image'; name: string }
  | { kind: 'too-large'; name: string; sizeMb: string; maxMb: string };

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1);

/** Why a chosen file cannot be used, or null when it is an image of an accepted size. */
export function checkImageFile(
  file: { name: string; type: string; size: number },
  maxBytes: number,
): ImageFileProblem | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type))
    return { kind: 'not-an-image', name: file.name };
  if (file.size > maxBytes)
    return { kind: 'too-large', name: file.name, sizeMb: mb(file.size), maxMb: mb(maxBytes) };
  return null;
}

/** The size that fits `width` × `height` inside `max` × `max`, keeping its shape. */
export function fitWithin(
  width: number,
  height: number,
  max: number,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A pixel rectangle of the source image (react-easy-crop's `croppedAreaPixels`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = src;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export interface CropOutputOptions {
  /** The longest side of the output in px. */
  maxSide: number;
  /** The largest Blob accepted in bytes; quality, then size, is lowered to fit. */
  maxBytes: number;
  /** `image/webp` (smaller) or `image/jpeg`; a browser that cannot write WebP gets JPEG. */
  type: 'image/webp' | 'image/jpeg';
}

/**
 * Draws the crop of the (rotated) image into a canvas of at most `maxSide` px and encodes it,
 * lowering the quality and then the size until the Blob is under `maxBytes`. Resolves null when
 * it cannot get there (a clear message is then shown, not an oversized upload).
 */
export async function cropToBlob(
  src: string,
  area: CropArea,
  rotation: number,
  options: CropOutputOptions,
): Promise<Blob | null> {
  const image = await loadImage(src);
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  // The rotated image's bounding box, as react-easy-crop measures crop areas in it.
  const boxWidth = image.naturalWidth * cos + image.naturalHeight * sin;
  const boxHeight = image.naturalWidth * sin + image.naturalHeight * cos;
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(boxWidth);
  rotated.height = Math.round(boxHeight);
  const rctx = rotated.getContext('2d');
  if (!rctx) return null;
  rctx.translate(boxWidth / 2, boxHeight / 2);
  rctx.rotate(radians);
  rctx.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  let side = options.maxSide;
  for (let attempt = 0; attempt < 6; attempt++) {
    const size = fitWithin(area.width, area.height, side);
    const out = document.createElement('canvas');
    out.width = size.width;
    out.height = size.height;
    const ctx = out.getContext('2d');
    if (!ctx) return null;
    if (options.type === 'image/jpeg') {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size.width, size.height);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
    for (const quality of [0.9, 0.8, 0.7, 0.6]) {
      let blob = await toBlob(out, options.type, quality);
      if (blob && blob.type !== options.type) blob = await toBlob(out, 'image/jpeg', quality);
      if (blob && blob.size <= options.maxBytes) return blob;
    }
    side = Math.round(side * 0.75);
  }
  return null;
}
