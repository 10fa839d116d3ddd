import type { LoggerOptions } from 'pino';

// A visitor who closes the tab or aborts a fetch while a compressed response is still streaming
// ends the compression stream with ERR_STREAM_PREMATURE_CLOSE, and @fastify/compress logs that at
// error level. Nothing failed on our side, and error logs are what operators are paged on, so it
// is logged at info — as Fastify itself logs the same event for an uncompressed stream.
// Node's streams name it with a code; pump, which @fastify/compress pipes a streamed page through,
// reports it as end-of-stream's plain Error('premature close').
const isPrematureClose = (e: unknown) =>
  (e as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE' || (e instanceof Error && e.message === 'premature close');
const errorLevel = 50;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method, callLevel) {
        const [first] = args as unknown[];
        if (callLevel >= errorLevel && isPrematureClose(first)) {
          return this.info({ err: first }, 'client closed the connection before the response ended');
        }
        return method.apply(this, args);
      },
    },
  };
}
