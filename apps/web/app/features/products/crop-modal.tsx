import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Dialog } from '../../ui/modal';

const defaultAspects: AspectChoice[] = [
  { label: '1:1', value: 1 },
  { label: '4:3', value: 4 / 3 },
  { label: '3:4', value: 3 / 4 },
  { label: '16:9', value: 16 / 9 },
];

export type AspectChoice = { label: string; value: number };

type Props = {
  src: string;
  fileName: string;
  onDone: (area: Area) => void;
  onCancel: () => void;
  busy?: boolean;
  /** The aspect ratios offered; one entry fixes it (banners and about-us images are 16:9, SPEC §9). */
  aspects?: AspectChoice[];
};

/** SPEC "image viewer with crop": pick the area of one picked file; the caller crops at quality 1 and compresses. */
export function CropModal({ src, fileName, onDone, onCancel, busy = false, aspects = defaultAspects }: Props) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState(aspects[0]?.value ?? 1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog
      label={`Crop ${fileName}`}
      onClose={() => {
        if (!busy) onCancel();
      }}
      className="w-[min(96vw,40rem)] p-4"
    >
      <h2 className="mb-3 truncate font-semibold">Crop {fileName}</h2>
      <div className="relative h-[min(60vh,24rem)] w-full bg-black">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          minZoom={1}
          maxZoom={4}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {aspects.length > 1 ? (
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Aspect ratio</legend>
            {aspects.map((a) => (
              <button
                key={a.label}
                type="button"
                aria-pressed={aspect === a.value}
                onClick={() => setAspect(a.value)}
                className={`rounded border px-2 py-1 text-sm ${aspect === a.value ? 'bg-primary text-on-primary' : 'border-primary/40'}`}
              >
                {a.label}
              </button>
            ))}
          </fieldset>
        ) : (
          <span className="text-muted text-sm">Aspect {aspects[0]?.label}</span>
        )}
        <label className="flex flex-1 items-center gap-2 text-sm">
          Zoom
          <input
            type="range"
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={(e) => setZoom(Number(e.target.value))}
            className="flex-1"
          />
        </label>
      </div>
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" disabled={busy} onClick={onCancel} className="rounded border border-primary px-4 py-2">
          Cancel
        </button>
        <button
          type="button"
          disabled={busy || !area}
          onClick={() => area && onDone(area)}
          className="rounded bg-primary px-4 py-2 text-on-primary disabled:opacity-60"
        >
          {busy ? 'Processing…' : 'Crop'}
        </button>
      </div>
    </Dialog>
  );
}
