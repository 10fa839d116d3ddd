/** An image of the form: one already stored (kept by its url) or a new cropped and compressed file. */
export type ImageItem =
  | { key: string; kind: 'existing'; url: string }
  | { key: string; kind: 'new'; name: string; blob: Blob; preview: string };

let counter = 0;

/** A file name unique within the submission: the server hands back one upload url per name. */
export function newImageName(original: string): string {
  counter += 1;
  const base =
    original
      .replace(/\.[^.]+$/, '')
      .replace(/[^a-zA-Z0-9_-]+/g, '-')
      .slice(0, 40) || 'image';
  return `${Date.now().toString(36)}-${counter}-${base}.jpg`;
}

/** What the API takes as `images`: existing urls and new file names, in display order. */
export function imagesField(items: ImageItem[]): string[] {
  return items.map((i) => (i.kind === 'existing' ? i.url : i.name));
}

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
