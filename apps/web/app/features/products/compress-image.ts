import { limits } from '@stashblog/contract/limits';

/** Encodes the prepared picture at a JPEG quality. Injected so the retry logic is testable without a canvas. */
export type Encoder = (quality: number) => Promise<Blob>;

export type CompressOptions = { quality?: number; maxBytes?: number; retries?: number };

// Each retry lowers quality by the same step, so the tenth retry still leaves a visible image.
const qualityStep = 0.07;
const minQuality = 0.05;

/** SPEC §5/§9: JPEG at 0.75, then up to 10 further encodes at lower quality until at or below 1,000,000 bytes. */
export async function compressToLimit(encode: Encoder, options: CompressOptions = {}): Promise<Blob> {
  const { quality = limits.imageQuality, maxBytes = limits.imageMaxBytes, retries = limits.imageCompressionRetries } = options;
  let q = quality;
  let blob = await encode(q);
  for (let attempt = 0; attempt < retries && blob.size > maxBytes; attempt++) {
    q = Math.max(minQuality, q - qualityStep);
    blob = await encode(q);
  }
  return blob;
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded'))), type, quality),
  );
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be read'));
    img.src = src;
  });
}

/** Draws the picture on a white background (transparent PNGs would turn black in JPEG) and compresses it. */
export async function compressImage(source: Blob, options?: CompressOptions): Promise<Blob> {
  const url = URL.createObjectURL(source);
  try {
    const img = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const c = canvas.getContext('2d');
    if (!c) throw new Error('Canvas is not available');
    c.fillStyle = '#ffffff';
    c.fillRect(0, 0, canvas.width, canvas.height);
    c.drawImage(img, 0, 0);
    return await compressToLimit((q) => canvasBlob(canvas, 'image/jpeg', q), options);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export type PixelArea = { x: number; y: number; width: number; height: number };

/** The crop widget's output: the chosen area at JPEG quality 1 (SPEC §5), compressed afterwards. */
export async function cropImage(src: string, area: PixelArea): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const c = canvas.getContext('2d');
  if (!c) throw new Error('Canvas is not available');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvasBlob(canvas, 'image/jpeg', 1);
}
