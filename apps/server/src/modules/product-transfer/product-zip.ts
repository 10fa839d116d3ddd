import { createHash } from 'node:crypto';
import { limits } from '@stashblog/contract/limits';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import JSZip from 'jszip';
import { AppError } from '../../http/app-error.ts';
import { probeImage } from '../media/images.ts';

// The optional ZIP of images of a bulk import (decision 062), read with jszip: an Images entry of
// the file names a ZIP file by its file name (case-insensitive, folders ignored). Only the central
// directory is read when it is opened; an entry is inflated only when a row names it, and only when
// its declared size is within the upload limit, counting what inflates (a header may lie) and
// stopping at the limit, so a zip bomb costs at most one limit's worth of memory.

/** The file name an Images entry or a ZIP path names: its last segment, lower-cased. */
export const zipNameOf = (path: string) => (path.split(/[\\/]/).pop() ?? '').trim().toLowerCase();

export type ZipImage = { name: string; data: Buffer; hash: string };
export type ZipImageCheck = { ok: true; image: ZipImage } | { ok: false; message: string };

export type ImportZipFiles = {
  /** Whether an Images entry names a file of the ZIP (which may then still be refused by `read`). */
  has(entry: string): boolean;
  /** The bytes of the file `entry` names, checked as an image: a row problem in words when it is not one. */
  read(entry: string): Promise<ZipImageCheck>;
  /** `read`'s row problem alone (null: a good image), remembered per file so a file many rows name is read once. */
  problemOf(entry: string): Promise<string | null>;
};

// jszip keeps the central directory's sizes on its (untyped) compressed data.
const declaredSize = (file: JSZip.JSZipObject) => (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;

// jszip's node stream is a readable-stream 2 Readable (not async iterable): read by its events.
function inflate(file: JSZip.JSZipObject, max: number): Promise<Buffer | 'tooLarge'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      // stops the inflating worker behind it
      stream.pause();
      stream.removeAllListeners('data');
      resolve('tooLarge');
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Opens a ZIP's directory (400 for anything that is not a ZIP or lists too many files); nothing is inflated yet. */
export async function openImportZip(bytes: Buffer): Promise<{ files: ImportZipFiles; entries: number }> {
  if (bytes.length > importLimits.zipMaxBytes) throw AppError.tooLarge(importTexts.zipTooLarge);
  let zip: JSZip;
  try {
    // checkCRC32 would inflate every entry while loading (a bomb's whole size): off. An entry is
    // checked when read instead: jszip refuses one whose inflated size is not the declared one.
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch {
    throw AppError.badRequest(importTexts.zipUnreadable);
  }
  const all = Object.values(zip.files);
  if (all.length > importLimits.zipMaxEntries) throw AppError.badRequest(importTexts.zipTooManyEntries);
  const byName = new Map<string, JSZip.JSZipObject[]>();
  for (const file of all) {
    const name = zipNameOf(file.name);
    if (file.dir || !name) continue;
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const problems = new Map<string, Promise<string | null>>();
  const read = async (entry: string): Promise<ZipImageCheck> => {
    const name = zipNameOf(entry);
    const found = byName.get(name) ?? [];
    if (found.length > 1) return { ok: false, message: importTexts.zipTwice(entry) };
    const file = found[0];
    if (!file) return { ok: false, message: importTexts.unknownImage(entry) };
    const declared = declaredSize(file);
    if (declared === undefined || declared > limits.uploadMaxBytes) return { ok: false, message: importTexts.zipImageTooLarge(entry) };
    let data: Buffer | 'tooLarge';
    try {
      data = await inflate(file, Math.min(declared, limits.uploadMaxBytes));
    } catch {
      return { ok: false, message: importTexts.zipImageUnreadable(entry) };
    }
    if (data === 'tooLarge') return { ok: false, message: importTexts.zipImageTooLarge(entry) };
    const probe = await probeImage(data);
    if (probe !== 'ok')
      return { ok: false, message: (probe === 'tooLarge' ? importTexts.zipImageTooLarge : importTexts.zipImageUnreadable)(entry) };
    return { ok: true, image: { name: file.name.split('/').pop() ?? name, data, hash: createHash('sha256').update(data).digest('hex') } };
  };
  const files: ImportZipFiles = {
    has: (entry) => byName.has(zipNameOf(entry)),
    read,
    problemOf: (entry) => {
      const name = zipNameOf(entry);
      const known = problems.get(name);
      if (known) return known;
      const problem = read(entry).then((r) => (r.ok ? null : r.message));
      problems.set(name, problem);
      return problem;
    },
  };
  return { files, entries: all.length };
}
