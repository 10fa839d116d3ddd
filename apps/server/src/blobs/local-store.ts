import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store.ts';

export function localStore(root: string): BlobStore {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('key escapes the store');
    return p;
  };
  return {
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      // write-then-rename: a reader never sees half a file
      const tmp = `${p}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async get(key) {
      try {
        const p = full(key);
        const s = await stat(p);
        if (!s.isFile()) return null;
        return { body: createReadStream(p), size: s.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(full(key))).isFile();
      } catch {
        return false;
      }
    },
    async deletePrefix(prefix) {
      await rm(full(prefix), { recursive: true, force: true });
    },
  };
}
