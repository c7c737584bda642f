import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './tests/e2e/support/e2e-env';

const isCi = Boolean(process.env.CI);

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  },
};

/** Specs that replace what the bridge serves from dist/ (docs/decisions/032-safe-upgrades.md). */
const DEPLOYMENT_SPECS = ['**/update-prompt.spec.ts', '**/missing-chunk.spec.ts', '**/schema-handover.spec.ts'];

/**
 * End-to-end tests against the real bridge serving the built storefront (`npm run build` runs first, see
 * the `test:e2e` script). Browsers cannot be downloaded on these machines: the system Chromium is used.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: isCi,
  // No retries anywhere: a flaky test must show, not pass on its second try.
  retries: 0,
  // Two cores: one worker drives the browser while the bridge and the other worker share the rest.
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Athens',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: DEPLOYMENT_SPECS,
      use: browser,
    },
    {
      // Simulate a new deployment by changing the served dist/: run after every other test, one at a time.
      name: 'deployment',
      testMatch: DEPLOYMENT_SPECS,
      dependencies: ['chromium'],
      workers: 1,
      fullyParallel: false,
      use: browser,
    },
  ],
  webServer: {
    // A fresh data directory per run: the seed creates the demo accounts and registry companies again.
    // DATABASE_URL is dropped so the run never touches a developer's PostgreSQL (embedded PGlite instead).
    command: `rm -rf '${E2E_DATA_DIR}' && env -u DATABASE_URL -u SMTP_URL npm run serve`,
    cwd: REPO_ROOT,
    // The health route answers only once migrations and the seed are done and the database responds.
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      SEED_PRODUCTS: '300',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1: a fast run makes more than the default 30 logins a minute from
      // that one address. The limit itself is proven by the bridge's tests (tests/server/rate-limits.test.ts).
      LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
    },
  },
});
