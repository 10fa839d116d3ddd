import { limits } from '@stashblog/contract/limits';

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

/** SPEC §7 file upload: PUT the file to its url with its content type, reporting percent. Resolves on 2xx. */
export async function uploadFile(url: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await putOnce(url, file, onProgress);
    } catch (e) {
      if (!(e instanceof UploadError) || !retryStatuses.has(e.status) || attempt >= maxAttempts) throw e;
      onProgress(0);
      await new Promise((r) => setTimeout(r, e.retryAfterMs * attempt));
    }
  }
}

/** Uploads every file, at most as many at a time as the server processes for one owner. */
export async function uploadFiles<T extends { url: string; blob: Blob }>(
  items: T[],
  onProgress: (item: T, percent: number) => void,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const current = item;
      await uploadFile(current.url, current.blob, (percent) => onProgress(current, percent));
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
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(new UploadError(message, xhr.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 2000));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.send(file);
  });
}
