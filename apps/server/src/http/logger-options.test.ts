import { finished, PassThrough, Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options.ts';

// The error @fastify/compress hands its logger when a client goes away: a stream destroyed early.
const prematureClose = () =>
  new Promise<Error>((resolve) => {
    const stream = new PassThrough();
    finished(stream, (err) => resolve(err as Error));
    stream.destroy();
  });

describe('logger options', () => {
  it('logs a client leaving mid-response at info, every other error at error', async () => {
    const lines: { level: number; msg: string; err?: { code?: string } }[] = [];
    const dest = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino(loggerOptions('info'), dest);
    const closed = await prematureClose();
    expect((closed as NodeJS.ErrnoException).code).toBe('ERR_STREAM_PREMATURE_CLOSE');

    log.error(closed);
    log.error(new Error('premature close')); // as end-of-stream (under pump) reports it
    log.error(new Error('database gone'));
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'client closed the connection before the response ended'],
      [30, 'client closed the connection before the response ended'],
      [50, 'database gone'],
    ]);
    expect(lines[0].err?.code).toBe('ERR_STREAM_PREMATURE_CLOSE');
  });
});
