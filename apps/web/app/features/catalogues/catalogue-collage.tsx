import { MediaImage } from '../../ui/media-image';
import { useRotation } from './use-rotation';

// The big tile on the left spans both rows; two small ones stack on the right.
const tiles = [
  { name: 'main', span: 'row-span-2' },
  { name: 'top', span: '' },
  { name: 'bottom', span: '' },
] as const;

/**
 * SPEC cards: a rotating three-image collage. Each tile holds every image stacked and shows one; every
 * 3 s the images move one tile on and cross-fade in 0.5 s.
 */
export function CatalogueCollage({ images, name }: { images: string[]; name: string }) {
  const step = useRotation(images.length);
  if (!images.length) {
    return <div className="flex aspect-[4/3] items-center justify-center bg-surface text-muted text-sm">No image</div>;
  }
  return (
    <div className="grid aspect-[4/3] grid-cols-[2fr_1fr] grid-rows-2 gap-1 bg-surface" role="img" aria-label={name}>
      {tiles.map(({ name: tileName, span }, tile) => (
        <div key={tileName} className={`relative overflow-hidden bg-surface ${span}`}>
          {images.map((src, i) => (
            <MediaImage
              key={src}
              src={src}
              alt=""
              width={tile === 0 ? 640 : 320}
              height={tile === 0 ? 640 : 320}
              sizes={tile === 0 ? '(min-width: 1024px) 20vw, 60vw' : '(min-width: 1024px) 10vw, 30vw'}
              className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-500 ${
                (step + tile) % images.length === i ? 'opacity-100' : 'opacity-0'
              }`}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
