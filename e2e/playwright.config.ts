import { defineConfig } from '@playwright/test';

// Browser journeys against a real server (built web app, embedded PostgreSQL with the demo data)
// in Debian's Chromium. `npx playwright install` is never used.
// E2E_PORT lets several checkouts run their journeys on one machine at once, and `npm test` run
// them in two shards at once (scripts/test-all.sh): each run has its own server, data and results.
export const e2ePort = Number(process.env.E2E_PORT ?? 5055);
export const e2eDataDir = `.tmp/e2e-data-${e2ePort}`;
/**
 * A stopped DATA_DIR holding the demo data, made once by `npm test` beside the server tests
 * (scripts/test-all.sh, decision 049): each run starts from a copy of it instead of seeding its own.
 * Unset, the server seeds its fresh DATA_DIR itself. Either way every run starts on the same demo data.
 */
const seedDir = process.env.E2E_SEED_DIR;
/** A public form's challenge lives this long in the journeys (2 hours in production), so one can outlive it. */
export const formChallengeTtlSeconds = 12;

export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `../.tmp/results/${process.env.E2E_RESULTS ?? 'e2e'}.json` }]],
  outputDir: `test-results/${e2ePort}`,
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP shop.test 127.0.0.1, MAP *.shop.test 127.0.0.1',
      ],
    },
    // The PWA service worker (apps/web/public/sw.js) would answer page, asset and media requests
    // itself, out of page.route's reach; journeys talk to the server directly.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${e2eDataDir} && ${seedDir ? `cp -a ${seedDir} ${e2eDataDir} && ` : ''}node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `http://localhost:${e2ePort}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets main.ts stop its embedded PostgreSQL instead of leaving it running
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(e2ePort),
      DATA_DIR: e2eDataDir,
      APP_HOSTS: `localhost:${e2ePort},127.0.0.1:${e2ePort}`,
      PUBLIC_URL: `http://localhost:${e2ePort}`,
      LOG_LEVEL: 'warn',
      FORM_CHALLENGE_TTL_SECONDS: String(formChallengeTtlSeconds),
      // Custom-domain TXT checks ask the journeys' own DNS server (domains.spec.ts starts it on this
      // UDP port, which the HTTP server's TCP port does not occupy); nothing else resolves through it.
      DNS_SERVERS: `127.0.0.1:${e2ePort}`,
      // ...where journeys' domains point at this machine (Chromium maps *.shop.test there too), and
      // the domain check fetches its HTTP challenge from this server's port instead of 80
      PLATFORM_ADDRESSES: '127.0.0.1',
      DOMAIN_CHECK_PORT: String(e2ePort),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
