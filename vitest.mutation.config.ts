import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The vitest configuration of `npm run test:mutation` (stryker.config.mjs): the 'server' project of
// vitest.config.ts, run on the test files of the mutated files only. They are chosen here, not with
// Stryker's testFiles, which activates static mutants (top-level values) only after their module has
// loaded, so that every static mutant "survives" (stryker-js issue 6144, in 9.6.1).
// MUTATION_TESTS: a comma-separated list of test files instead of the default.
const defaultTests = [
  'apps/server/src/modules/private-links/*.test.ts',
  'apps/server/src/modules/leads/leads.test.ts',
  'apps/server/src/http/hostile-input.test.ts',
];
const server = base.test?.projects?.find((p) => typeof p === 'object' && 'test' in p && p.test?.name === 'server');
if (!server || typeof server !== 'object' || !('test' in server)) throw new Error("vitest.config.ts has no 'server' project");

export default defineConfig({
  test: {
    projects: [{ ...server, test: { ...server.test, include: process.env.MUTATION_TESTS?.split(',') ?? defaultTests } }],
  },
});
