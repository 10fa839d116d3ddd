import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

// One server per DATA_DIR: a second `npm start` on the same data refuses instead of running a
// second migrator/seeder against the same database. A lock left by a killed server (its pid no
// longer runs node) is taken over.
export class DataDirLockedError extends Error {}

function isLiveServer(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

export function acquireDataDirLock(dataDir: string): { release: () => void } {
  const file = path.join(dataDir, 'server.pid');
  // A first start on a fresh machine: DATA_DIR does not exist yet (with SECRET and the VAPID keys
  // set, nothing else has created it by now).
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release: () => {
          if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isLiveServer(pid)) {
        throw new DataDirLockedError(
          `Another StashBlog server (pid ${pid}) is already running on DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true }); // stale: its server was killed
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
