import { limits } from '@stashblog/contract/limits';
import type { PreSignedUrl } from '@stashblog/contract/products';

// A busy server answers 429 (this owner has the most uploads in flight) or 503 (its image queue is
// full) with Retry-After: wait that long and send the file again, a few times.
const retryStatuses = new Set([429, 503]);
const maxAttempts = 5;

class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * SPEC §7 file upload: PUT the file to its url with its content type, reporting percent. With S3
 * storage the slot also has a `completeUrl` (decision 015): once the bytes are in the bucket, a POST
 * there has the app check the image and make its variants. Resolves when the image is ready.
 */
export async function uploadFile(slot: Pick<PreSignedUrl, 'url' | 'completeUrl'>, file: Blob, onProgress: (percent: number) => void) {
  await withRetries(
    () => putOnce(slot.url, file, onProgress),
    () => onProgress(0),
  );
  const { completeUrl } = slot;
  if (completeUrl) await withRetries(() => completeOnce(completeUrl));
}

async function withRetries(send: () => Promise<void>, onRetry?: () => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (!(e instanceof UploadError) || !retryStatuses.has(e.status) || attempt >= maxAttempts) throw e;
      onRetry?.();
      await new Promise((r) => setTimeout(r, e.retryAfterMs * attempt));
    }
  }
}

async function completeOnce(url: string): Promise<void> {
  const res = await fetch(url, { method: 'POST' });
  if (res.ok) return;
  const body = await res.json().catch(() => null);
  throw new UploadError(
    body?.error || body?.message || `Upload failed (${res.status})`,
    res.status,
    retryAfterMs(res.headers.get('retry-after')),
  );
}

const retryAfterMs = (header: string | null) => {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000;
};

/** Uploads every file, at most as many at a time as the server processes for one owner. */
export async function uploadFiles<T extends Pick<PreSignedUrl, 'url' | 'completeUrl'> & { blob: Blob }>(
  items: T[],
  onProgress: (item: T, percent: number) => void,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const current = item;
      await uploadFile(current, current.blob, (percent) => onProgress(current, percent));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.uploadsInFlightPerOwner, items.length) }, worker));
}

function putOnce(url: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', 'image/jpeg');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let message = `Upload failed (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText);
        message = body.error || body.message || message;
      } catch {}
      reject(new UploadError(message, xhr.status, retryAfterMs(xhr.getResponseHeader('retry-after'))));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.send(file);
  });
}
