import { serverTexts } from '@stashblog/contract/server-texts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { createImageQueue } from './image-queue.ts';

/** A job that stays running until released, recording when it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<string>((r) => {
    release = () => r(name);
  });
  return {
    job: () => {
      started.push(name);
      return done;
    },
    release: () => release(),
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('image queue', () => {
  it('runs at most `slots` jobs at once, in arrival order', async () => {
    const q = createImageQueue({ slots: 2, pixelBudget: 1000, maxWaiting: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((n) => gate(started, n));
    const runs = jobs.map((j) => q.run(10, j.job));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(q.stats()).toEqual({ active: 2, activePixels: 20, waiting: 2 });
    jobs[1]?.release();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const j of jobs) j.release();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(q.stats()).toEqual({ active: 0, activePixels: 0, waiting: 0 });
  });

  it('keeps the pixels being processed within the budget; one image over it runs alone', async () => {
    const q = createImageQueue({ slots: 4, pixelBudget: 100, maxWaiting: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const big = gate(started, 'big');
    const huge = gate(started, 'huge');
    const small = gate(started, 'small');
    const runs = [q.run(60, big.job), q.run(150, huge.job), q.run(10, small.job)];
    await tick();
    // huge waits for big to finish; small waits behind huge (first come, first served)
    expect(started).toEqual(['big']);
    big.release();
    await tick();
    expect(started).toEqual(['big', 'huge']);
    expect(q.stats().activePixels).toBe(150);
    huge.release();
    await tick();
    expect(started).toEqual(['big', 'huge', 'small']);
    small.release();
    await Promise.all(runs);
  });

  it('refuses with 503 when too many wait, or one waits too long, and frees its place either way', async () => {
    const q = createImageQueue({ slots: 1, pixelBudget: 100, maxWaiting: 1, maxWaitMs: 50 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = q.run(10, first.job);
    const waiting = q.run(10, async () => 'second');
    const overflow = await q.run(10, async () => 'third').catch((e) => e);
    expect(overflow).toBeInstanceOf(AppError);
    expect(overflow).toMatchObject({ status: 503, message: serverTexts.uploadsBusy, retryAfterSeconds: 30 });
    const timedOut = await waiting.catch((e) => e);
    expect(timedOut).toMatchObject({ status: 503, message: serverTexts.uploadsBusy, retryAfterSeconds: 30 });
    expect(q.stats()).toEqual({ active: 1, activePixels: 10, waiting: 0 });
    first.release();
    await running;
    // a failing job releases its slot too
    await expect(q.run(10, async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await q.run(10, async () => 'after')).toBe('after');
  });
});
