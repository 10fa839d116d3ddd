import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import type { AppLoadContext } from 'react-router';
import type { MediaWidths } from '../ui/media-image';

/** Every media id of ours named by an image url anywhere in `value` (a loader's data). */
function mediaIds(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const key = mediaKeyFromUrl(value);
    if (key) into.add(key.toLowerCase());
  } else if (Array.isArray(value)) for (const v of value) mediaIds(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) mediaIds(v, into);
  return into;
}

/**
 * A page loader's data with the recorded widths of the images it names (`mediaWidths`, `[]` for one
 * with none yet), which root.tsx hands every `MediaImage` below: a srcset lists only widths that
 * exist (decision 045). One query.
 */
export async function withMediaWidths<T extends object>(context: AppLoadContext, data: T): Promise<T & { mediaWidths: MediaWidths }> {
  const ids = [...mediaIds(data)];
  const recorded = ids.length ? await context.services.readVariantWidths({ ids }) : {};
  return { ...data, mediaWidths: Object.fromEntries(ids.map((id) => [id, recorded[id] ?? []])) };
}
