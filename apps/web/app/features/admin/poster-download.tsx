import { endpoints } from '@stashblog/contract/endpoints';
import { type PosterSize, type PosterTarget, posterSizes, posterTexts } from '@stashblog/contract/posters';
import { useState } from 'react';
import { endpointUrl } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { toast } from '../../ui/toasts';

const label: Record<PosterSize, string> = { a5: posterTexts.downloadA5, a6: posterTexts.downloadA6 };

/** Fetches the poster with the owner's session and saves it under the name the server gives it. */
async function downloadPoster(target: PosterTarget, id: string, size: PosterSize) {
  const res = await fetch(endpointUrl(endpoints.userAdminPosters.download, { target, id, size }), {
    headers: { authorization: getToken() ?? '' },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    toast.error(body?.message ?? posterTexts.posterFailed);
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `poster-${size}.png`;
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * A printable QR poster (decision 061) of the store, or of one public product or catalogue: A5 or A6,
 * a PNG at 300 dpi that prints at its size.
 */
export function PosterDownload({ target, id = '', title, hint }: { target: PosterTarget; id?: string; title: string; hint: string }) {
  const [busy, setBusy] = useState<PosterSize | null>(null);
  const headingId = `poster-${target}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded border border-black/10 p-4">
      <h2 id={headingId} className="font-semibold text-lg">
        {title}
      </h2>
      <p className="text-muted text-sm">{hint}</p>
      <div className="flex flex-wrap gap-2">
        {posterSizes.map((size) => (
          <button
            key={size}
            type="button"
            disabled={busy !== null}
            aria-busy={busy === size}
            onClick={async () => {
              setBusy(size);
              try {
                await downloadPoster(target, id, size);
              } finally {
                setBusy(null);
              }
            }}
            className="rounded bg-primary px-4 py-2 text-on-primary text-sm disabled:opacity-60"
          >
            {label[size]}
          </button>
        ))}
      </div>
    </section>
  );
}
