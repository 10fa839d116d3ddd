import { describe, expect, it } from 'vitest';
import { compressToLimit } from './compress-image';

/** A fake encoder: the size it produces at each quality, and a record of the qualities asked for. */
function fakeEncoder(sizeAt: (quality: number) => number) {
  const qualities: number[] = [];
  const encode = async (quality: number) => {
    qualities.push(quality);
    return new Blob([new Uint8Array(sizeAt(quality))], { type: 'image/jpeg' });
  };
  return { encode, qualities };
}

describe('compressToLimit', () => {
  it('encodes once at 0.75 when the first result is already small enough', async () => {
    const { encode, qualities } = fakeEncoder(() => 400_000);
    const blob = await compressToLimit(encode);
    expect(qualities).toEqual([0.75]);
    expect(blob.size).toBe(400_000);
  });

  it('accepts exactly 1,000,000 bytes', async () => {
    const { encode, qualities } = fakeEncoder(() => 1_000_000);
    await compressToLimit(encode);
    expect(qualities).toHaveLength(1);
  });

  it('retries at falling quality until the size fits', async () => {
    const { encode, qualities } = fakeEncoder((q) => Math.round(q * 2_000_000));
    const blob = await compressToLimit(encode);
    expect(blob.size).toBeLessThanOrEqual(1_000_000);
    expect(qualities[0]).toBe(0.75);
    for (let i = 1; i < qualities.length; i++) expect(qualities[i]).toBeLessThan(qualities[i - 1]);
    expect(qualities.length).toBeGreaterThan(1);
    expect(qualities.length).toBeLessThanOrEqual(11);
  });

  it('stops after 10 further attempts and returns the last result when it never fits', async () => {
    const { encode, qualities } = fakeEncoder(() => 5_000_000);
    const blob = await compressToLimit(encode);
    expect(qualities).toHaveLength(11);
    expect(Math.min(...qualities)).toBeGreaterThan(0);
    expect(blob.size).toBe(5_000_000);
  });

  it('honours custom limits', async () => {
    const { encode, qualities } = fakeEncoder((q) => (q < 0.65 ? 90 : 200));
    const blob = await compressToLimit(encode, { quality: 0.75, maxBytes: 100, retries: 2 });
    expect(qualities).toHaveLength(3);
    expect(blob.size).toBe(90);
  });
});
