// @ts-check
// `npm run test:mutation`: Stryker mutates the security-critical files one small change at a time and runs
// their own tests against each mutant (not part of `npm test` or CI). One file at a time:
//   MUTATION_TESTS=apps/server/src/http/hostile-input.test.ts npm run test:mutation -- --mutate apps/server/src/http/hostile-input.ts
// Read survivors critically: a mutant that breaks a test file's set-up (its beforeAll) is reported as survived.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // vitest.mutation.config.ts: the 'server' project of vitest.config.ts (its globalSetup prepares the database)
  // on the mutated files' own tests: the private-link and lead calls (leads go through anti-spam and
  // private-link grants) and hostile input. MUTATION_TESTS=<files> picks others.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'apps/server/src/modules/private-links/device-cookie.ts',
    'apps/server/src/modules/private-links/private-links.service.ts',
    'apps/server/src/modules/anti-spam/anti-spam.service.ts',
    'apps/server/src/http/hostile-input.ts',
  ],
  coverageAnalysis: 'perTest',
  // The machine has two cores shared by everyone working on it.
  concurrency: 1,
  timeoutMS: 30_000,
  tempDirName: '.tmp/stryker',
  ignorePatterns: ['/apps/web', '/e2e', '/bench', '/docs', '/data', '/.tmp', '/test-results', '/playwright-report'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 100, low: 90, break: null },
};
