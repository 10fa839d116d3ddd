// @ts-check
// `npm run test:mutation`: Stryker mutates the security-critical files one small change at a time and runs
// their own tests against each mutant (not part of `npm test` or CI). One file at a time:
//   npm run test:mutation -- --mutate apps/server/src/http/hostile-input.ts
// Read survivors critically: a mutant that breaks a test file's set-up (its beforeAll) is reported as survived.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The 'server' project of vitest.config.ts: its globalSetup starts the embedded PostgreSQL once per run.
  vitest: { configFile: 'vitest.config.ts', related: false },
  mutate: [
    'apps/server/src/modules/private-links/device-cookie.ts',
    'apps/server/src/modules/private-links/private-links.service.ts',
    'apps/server/src/modules/anti-spam/anti-spam.service.ts',
    'apps/server/src/http/hostile-input.ts',
  ],
  // Their own tests: the private-link and lead calls (leads go through anti-spam and private-link grants), hostile input.
  testFiles: [
    'apps/server/src/modules/private-links/*.test.ts',
    'apps/server/src/modules/leads/leads.test.ts',
    'apps/server/src/http/hostile-input.test.ts',
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
