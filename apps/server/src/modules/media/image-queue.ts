import { serverTexts } from '@stashblog/contract/server-texts';
import { AppError } from '../../http/app-error.ts';

/** Retry-After of a refusal: about the time the queue takes to drain a few images. */
const busyRetryAfterSeconds = 30;

// The bound on decoding work inside this process (docs/decisions/019-upload-pressure.md). It guards
// this process's memory and cores, so it is per process on purpose; the per-owner limit on uploads
// in flight is the shared one (media.service.ts, in PostgreSQL).

export type ImageQueueOptions = {
  /** Images processed at once (one libvips thread each). */
  slots: number;
  /** Decoded pixels being processed at once; a single image larger than this still runs, alone. */
  pixelBudget: number;
  /** Jobs waiting for a slot before new ones are refused with 503. */
  maxWaiting: number;
  /** How long a job may wait for a slot before it is refused with 503. */
  maxWaitMs: number;
};

type Waiter = { pixels: number; start: () => void; timer: NodeJS.Timeout };

export type ImageQueue = {
  /** Runs `job` once a slot and `pixels` of the budget are free; FIFO, so a big image is not starved. */
  run<T>(pixels: number, job: () => Promise<T>): Promise<T>;
  /** For tests and the decision record's figures. */
  stats(): { active: number; activePixels: number; waiting: number };
};

export function createImageQueue({ slots, pixelBudget, maxWaiting, maxWaitMs }: ImageQueueOptions): ImageQueue {
  let active = 0;
  let activePixels = 0;
  const waiting: Waiter[] = [];

  const fits = (pixels: number) => active === 0 || (active < slots && activePixels + pixels <= pixelBudget);

  function next() {
    while (waiting.length > 0 && fits((waiting[0] as Waiter).pixels)) {
      const w = waiting.shift() as Waiter;
      clearTimeout(w.timer);
      w.start();
    }
  }

  // Counted the moment a job is admitted (not when its promise continuation runs), so `next` never
  // admits more than fits.
  function admit(pixels: number) {
    active++;
    activePixels += pixels;
  }

  async function run<T>(pixels: number, job: () => Promise<T>): Promise<T> {
    if (waiting.length === 0 && fits(pixels)) admit(pixels);
    else {
      if (waiting.length >= maxWaiting) throw AppError.unavailable(serverTexts.uploadsBusy, busyRetryAfterSeconds);
      await new Promise<void>((resolve, reject) => {
        const w: Waiter = {
          pixels,
          start: () => {
            admit(pixels);
            resolve();
          },
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(w), 1);
            reject(AppError.unavailable(serverTexts.uploadsBusy, busyRetryAfterSeconds));
            next(); // it may have been the head that did not fit
          }, maxWaitMs),
        };
        waiting.push(w);
      });
    }
    try {
      return await job();
    } finally {
      active--;
      activePixels -= pixels;
      next();
    }
  }

  return { run, stats: () => ({ active, activePixels, waiting: waiting.length }) };
}
