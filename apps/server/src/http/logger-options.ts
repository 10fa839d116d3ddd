import type { LoggerOptions } from 'pino';

// A visitor who closes the tab or aborts a fetch while a compressed response is still streaming
// ends the compression stream with ERR_STREAM_PREMATURE_CLOSE, and @fastify/compress logs that at
// error level. Nothing failed on our side, and error logs are what operators are paged on, so it
// is logged at info — as Fastify itself logs the same event for an uncompressed stream.
const prematureClose = 'ERR_STREAM_PREMATURE_CLOSE';
const errorLevel = 50;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method, callLevel) {
        const [first] = args as unknown[];
        if (callLevel >= errorLevel && (first as { code?: unknown } | null)?.code === prematureClose) {
          return this.info({ err: first }, 'client closed the connection before the response ended');
        }
        return method.apply(this, args);
      },
    },
  };
}
