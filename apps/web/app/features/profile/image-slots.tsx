import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { MediaImage } from '../../ui/media-image';
import { compressImage, cropImage } from '../products/compress-image';
import { type AspectChoice, CropModal } from '../products/crop-modal';
import { type ImageItem, move, newImageName } from '../products/product-images';

type Props = {
  label: string;
  items: ImageItem[];
  onChange: (items: ImageItem[]) => void;
  max: number;
  aspect: AspectChoice;
  disabled?: boolean;
  /** Shape of the thumbnails (the logo is round-ish and square; banners are wide). */
  thumbClass?: string;
};

type Pending = { file: File; src: string; replace: number | null };

/**
 * SPEC §4 Profile images: add (each picked file is cropped to `aspect`, then compressed), remove,
 * replace one by cropping a new file into its place, and reorder.
 */
export function ImageSlots({ label, items, onChange, max, aspect, disabled = false, thumbClass = 'aspect-video' }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const replaceRef = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<Pending[]>([]);
  const [replaceAt, setReplaceAt] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState('');
  const current = queue[0];

  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const i of itemsRef.current) if (i.kind === 'new') URL.revokeObjectURL(i.preview);
    },
    [],
  );

  function pick(files: FileList | null, replace: number | null) {
    if (!files?.length) return;
    const chosen = [...files].filter((f) => f.type.startsWith('image/'));
    if (replace !== null) {
      const file = chosen[0];
      if (file) setQueue((q) => [...q, { file, src: URL.createObjectURL(file), replace }]);
    } else {
      const room = max - items.length - queue.filter((p) => p.replace === null).length;
      setError(chosen.length > room ? specTexts.imagesMax(max) : '');
      const accepted = chosen.slice(0, Math.max(0, room));
      setQueue((q) => [...q, ...accepted.map((file) => ({ file, src: URL.createObjectURL(file), replace: null }))]);
    }
    if (inputRef.current) inputRef.current.value = '';
    if (replaceRef.current) replaceRef.current.value = '';
  }

  function next() {
    if (current) URL.revokeObjectURL(current.src);
    setQueue((q) => q.slice(1));
  }

  async function cropped(area: Area) {
    if (!current) return;
    setProcessing(true);
    try {
      const blob = await compressImage(await cropImage(current.src, area));
      const name = newImageName(current.file.name);
      const item: ImageItem = { key: name, kind: 'new', name, blob, preview: URL.createObjectURL(blob) };
      const list = itemsRef.current;
      if (current.replace !== null && list[current.replace]) {
        const old = list[current.replace];
        if (old.kind === 'new') URL.revokeObjectURL(old.preview);
        onChange(list.map((it, i) => (i === current.replace ? item : it)));
      } else {
        onChange([...list, item]);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProcessing(false);
      next();
    }
  }

  function remove(index: number) {
    const item = items[index];
    if (item.kind === 'new') URL.revokeObjectURL(item.preview);
    onChange(items.filter((_, i) => i !== index));
    setError('');
  }

  const full = items.length >= max;
  // A single slot (the logo) stays open when filled: its button then replaces the image.
  const closed = (full && max > 1) || disabled;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-sm">
          {label} ({items.length}/{max})
        </span>
        <label
          htmlFor={inputId}
          className={`rounded border border-primary px-3 py-1.5 text-sm focus-within:outline-2 ${closed ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}
        >
          {max === 1 ? (items.length ? 'Change' : 'Choose') : 'Add'} {label.toLowerCase()}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            multiple={max > 1}
            disabled={closed}
            onChange={(e) => pick(e.target.files, max === 1 && items.length ? 0 : null)}
            className="sr-only"
          />
        </label>
        <input
          ref={replaceRef}
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(e) => {
            pick(e.target.files, replaceAt);
            setReplaceAt(null);
          }}
        />
      </div>
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      {items.length ? (
        <ol
          className={`grid gap-3 ${max === 1 ? 'grid-cols-1 sm:max-w-48' : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3'}`}
          aria-label={label}
        >
          {items.map((item, index) => (
            <li key={item.key} className="overflow-hidden rounded border border-black/10">
              <div className={`${thumbClass} bg-surface`}>
                {item.kind === 'existing' ? (
                  <MediaImage
                    src={item.url}
                    alt={`${label} ${index + 1} (saved)`}
                    width={640}
                    height={360}
                    sizes="320px"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <img src={item.preview} alt={`${label} ${index + 1} (new)`} className="h-full w-full object-cover" />
                )}
              </div>
              <div className="flex flex-wrap justify-between gap-1 p-1">
                {max > 1 ? (
                  <button
                    type="button"
                    aria-label={`Move ${label.toLowerCase()} ${index + 1} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => onChange(move(items, index, index - 1))}
                    className="rounded px-2 py-1 text-sm disabled:opacity-30"
                  >
                    ←
                  </button>
                ) : null}
                <button
                  type="button"
                  aria-label={`Replace ${label.toLowerCase()} ${index + 1}`}
                  disabled={disabled}
                  onClick={() => {
                    setReplaceAt(index);
                    replaceRef.current?.click();
                  }}
                  className="rounded px-2 py-1 text-sm"
                >
                  Replace
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
                  disabled={disabled}
                  onClick={() => remove(index)}
                  className="rounded px-2 py-1 text-red-700 text-sm"
                >
                  Remove
                </button>
                {max > 1 ? (
                  <button
                    type="button"
                    aria-label={`Move ${label.toLowerCase()} ${index + 1} later`}
                    disabled={disabled || index === items.length - 1}
                    onClick={() => onChange(move(items, index, index + 1))}
                    className="rounded px-2 py-1 text-sm disabled:opacity-30"
                  >
                    →
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded border border-black/20 border-dashed p-6 text-center text-muted text-sm">No {label.toLowerCase()} yet</p>
      )}
      {current ? (
        <CropModal
          key={current.src}
          src={current.src}
          fileName={current.file.name}
          busy={processing}
          aspects={[aspect]}
          onDone={cropped}
          onCancel={next}
        />
      ) : null}
    </div>
  );
}
