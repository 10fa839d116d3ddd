import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FuzzFirstSequencer } from './apps/server/test/fuzz-first-sequencer.ts';

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine, and the server tests mostly wait
    // on PostgreSQL: two workers there took the embedded pass from 393 s to 289 s (every test file
    // works in its own cloned database, so files do not share state).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: FuzzFirstSequencer },
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'packages/contract/src/**/*.test.ts',
            'bench/relevance/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The AWS SDK's notice that its 2027 releases need Node 22 (decision 015): true, and no test's business.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/server/test/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
