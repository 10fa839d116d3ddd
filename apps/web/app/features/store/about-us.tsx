import { MediaImage } from '../../ui/media-image';
import type { Store } from './use-store';

/** SPEC About Us: heading, up to two images, description. */
export function AboutUs({ store, aboutUs }: { store: Store; aboutUs: { images: string[]; description: string } }) {
  const images = aboutUs.images.slice(0, 2);
  return (
    <main className={`mx-auto max-w-5xl px-4 py-8 ${store.template1 ? 'text-center' : ''}`}>
      <h1 className="mb-6 font-bold text-3xl">About Us</h1>
      {images.length ? (
        <div className={`mb-8 grid gap-4 ${images.length > 1 ? 'sm:grid-cols-2' : ''}`}>
          {images.map((src, i) => (
            <div key={src} className="aspect-video overflow-hidden rounded-lg bg-surface">
              <MediaImage
                src={src}
                alt={`About ${store.displayName}`}
                width={1280}
                height={720}
                sizes={images.length > 1 ? '(min-width: 640px) 50vw, 100vw' : '100vw'}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="h-full w-full object-cover"
              />
            </div>
          ))}
        </div>
      ) : null}
      <p className="whitespace-pre-line break-words text-lg leading-relaxed">{aboutUs.description || `Welcome to ${store.displayName}.`}</p>
    </main>
  );
}
