import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaImage, MediaWidthsProvider } from './media-image';

afterEach(cleanup);

const id = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
const src = `/media/${id}/image.jpg`;
const img = (container: HTMLElement) => container.querySelector('img') as HTMLImageElement;

describe('MediaImage', () => {
  it('lists in its srcset only the widths recorded for the image', () => {
    const { container } = render(
      <MediaWidthsProvider value={{ [id]: [320, 640] }}>
        <MediaImage src={src} alt="" width={1920} height={640} sizes="100vw" />
      </MediaWidthsProvider>,
    );
    expect(img(container).getAttribute('srcset')).toBe(`/media/${id}/320.webp 320w, /media/${id}/640.webp 640w`);
    expect(img(container).getAttribute('sizes')).toBe('100vw');
    expect(img(container).getAttribute('src')).toBe(src);
  });

  it('has no srcset while no width is recorded (its job has not run): the JPEG alone', () => {
    const { container } = render(
      <MediaWidthsProvider value={{ [id]: [] }}>
        <MediaImage src={src} alt="" width={48} height={48} sizes="48px" />
      </MediaWidthsProvider>,
    );
    expect(img(container).hasAttribute('srcset')).toBe(false);
    expect(img(container).hasAttribute('sizes')).toBe(false);
    expect(img(container).getAttribute('src')).toBe(src);
  });

  it('without its recorded widths (no loader named it), asks for the width its size needs and lists none', () => {
    const { container } = render(
      <MediaWidthsProvider value={{ 'another-id': [320] }}>
        <MediaImage src={src} alt="" width={200} height={200} sizes="200px" />
      </MediaWidthsProvider>,
    );
    expect(img(container).hasAttribute('srcset')).toBe(false);
    expect(img(container).getAttribute('src')).toBe(`/media/${id}/640.webp`);
    const big = render(<MediaImage src={src} alt="" width={1920} height={640} />);
    expect(img(big.container).getAttribute('src')).toBe(`/media/${id}/1920.webp`);
  });

  it('passes other urls through', () => {
    const { container } = render(<MediaImage src="/icon-192.png" alt="" width={48} height={48} />);
    expect(img(container).hasAttribute('srcset')).toBe(false);
    expect(img(container).getAttribute('src')).toBe('/icon-192.png');
  });
});
