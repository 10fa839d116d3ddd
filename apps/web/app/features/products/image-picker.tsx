import { limits } from '@stashblog/contract/limits';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { MediaImage } from '../../ui/media-image';
import { compressImage, cropImage } from './compress-image';
import { CropModal } from './crop-modal';
import { type ImageItem, move, newImageName } from './product-images';

type Props = { items: ImageItem[]; onChange: (items: ImageItem[]) => void; disabled?: boolean };

/** Up to 6 images: each picked file is cropped, then compressed; existing ones can be removed and reordered. */
export function ImagePicker({ items, onChange, disabled = false }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<{ file: File; src: string }[]>([]);
  const [processing, setProcessing] = useState(false);
  const [limitError, setLimitError] = useState('');
  const max = limits.maxProductImages;
  const current = queue[0];

  // Object URLs of previews live as long as the picker.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const i of itemsRef.current) if (i.kind === 'new') URL.revokeObjectURL(i.preview);
    },
    [],
  );

  function pick(files: FileList | null) {
    if (!files?.length) return;
    const room = max - items.length - queue.length;
    const chosen = [...files].filter((f) => f.type.startsWith('image/'));
    setLimitError(chosen.length > room ? specTexts.imagesMax(max) : '');
    const accepted = chosen.slice(0, Math.max(0, room));
    setQueue((q) => [...q, ...accepted.map((file) => ({ file, src: URL.createObjectURL(file) }))]);
    if (inputRef.current) inputRef.current.value = '';
  }

  function nextInQueue() {
    if (current) URL.revokeObjectURL(current.src);
    setQueue((q) => q.slice(1));
  }

  async function cropped(area: Area) {
    if (!current) return;
    setProcessing(true);
    try {
      const blob = await compressImage(await cropImage(current.src, area));
      const name = newImageName(current.file.name);
      onChange([...itemsRef.current, { key: name, kind: 'new', name, blob, preview: URL.createObjectURL(blob) }]);
    } catch (e) {
      setLimitError(e instanceof Error ? e.message : String(e));
    } finally {
      setProcessing(false);
      nextInQueue();
    }
  }

  function remove(index: number) {
    const item = items[index];
    if (item.kind === 'new') URL.revokeObjectURL(item.preview);
    onChange(items.filter((_, i) => i !== index));
    setLimitError('');
  }

  const full = items.length + queue.length >= max;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-sm">
          Images ({items.length}/{max})
        </span>
        <label
          htmlFor={inputId}
          className={`rounded border border-primary px-3 py-1.5 text-sm focus-within:outline-2 ${full || disabled ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}
        >
          Add images
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            disabled={full || disabled}
            onChange={(e) => pick(e.target.files)}
            className="sr-only"
          />
        </label>
      </div>
      {limitError ? (
        <p role="alert" className="text-red-700 text-sm">
          {limitError}
        </p>
      ) : null}
      {items.length ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Product images">
          {items.map((item, index) => (
            <li key={item.key} className="overflow-hidden rounded border border-black/10">
              <div className="aspect-square bg-surface">
                {item.kind === 'existing' ? (
                  <MediaImage
                    src={item.url}
                    alt={`Saved ${index + 1}`}
                    width={320}
                    height={320}
                    sizes="200px"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <img src={item.preview} alt={`New ${index + 1}`} width={320} height={320} className="h-full w-full object-cover" />
                )}
              </div>
              <div className="flex justify-between gap-1 p-1">
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} earlier`}
                  disabled={disabled || index === 0}
                  onClick={() => onChange(move(items, index, index - 1))}
                  className="rounded px-2 py-1 text-sm disabled:opacity-30"
                >
                  ←
                </button>
                <button
                  type="button"
                  aria-label={`Remove image ${index + 1}`}
                  disabled={disabled}
                  onClick={() => remove(index)}
                  className="rounded px-2 py-1 text-red-700 text-sm"
                >
                  Remove
                </button>
                <button
                  type="button"
                  aria-label={`Move image ${index + 1} later`}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => onChange(move(items, index, index + 1))}
                  className="rounded px-2 py-1 text-sm disabled:opacity-30"
                >
                  →
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded border border-black/20 border-dashed p-6 text-center text-muted text-sm">No images yet</p>
      )}
      {current ? (
        <CropModal
          key={current.src}
          src={current.src}
          fileName={current.file.name}
          busy={processing}
          onDone={cropped}
          onCancel={nextInQueue}
        />
      ) : null}
    </div>
  );
}
