import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { freePorts } from './support/ports.js';

// Ports are chosen once, in the runner process. Workers load this file again and inherit the
// runner's environment, so they see the same values instead of picking new ones.
const ports = await freePorts(5);
process.env.E2E_PORT ??= String(ports[0]);
process.env.E2E_SMTP_PORT ??= String(ports[1]);
process.env.E2E_MAIL_UI_PORT ??= String(ports[2]);
process.env.E2E_ORCID_PORT ??= String(ports[3]);
process.env.E2E_SECOND_API_PORT ??= String(ports[4]);
// The run's own database and Redis prefix, so that the leftovers of an interrupted run (a worker
// still taking e-mail jobs) never share them; the stack (start.mjs --temporary) drops both when
// it stops. Set here, in the runner, so that workers and support/db.ts see the same names.
const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
process.env.E2E_REDIS_PREFIX ??= `e2e-${run}`;
process.env.E2E_DATABASE_URL ??= `postgres://postgres@127.0.0.1:5432/journal_e2e_${run}`;

// E2E_BASE_URL (with E2E_MAIL_URL) points the suite at a stack that is already running;
// otherwise the suite starts its own on a fresh database.
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL_RESOLVED = baseURL;
// The one arXiv paper whose card opens its detail page (backend ARXIV_DETAIL_PAGE_ID). Against an
// external stack, set it to that stack's value, or the journey that needs it is skipped.
if (!external) process.env.E2E_ARXIV_DETAIL_PAGE_ID ??= 'arxiv-0000.00000';
process.env.E2E_MAIL_URL ??= `http://127.0.0.1:${process.env.E2E_MAIL_UI_PORT}`;
// A second API of the same stack configured with REVIEWERS_PER_ROUND=2 (several-reviewers.spec.ts).
// Against an external stack, set it to such an API of that stack.
process.env.E2E_SEVERAL_REVIEWERS_URL ??= `http://127.0.0.1:${process.env.E2E_SECOND_API_PORT}`;
// The auth actions a minute the suite's stack allows its one address (scripts/test-scale.mjs's stack too).
const E2E_AUTH_ACTIONS_PER_MINUTE = '120';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries, on CI either: a flaky journey is a bug to fix, not to hide.
  retries: 0,
  workers: 2,
  // Hang guards, not speed goals (those are in bench/). Every action waits on the page's main
  // thread, which the accessibility watch (support/axe-watch.ts) shares: on a loaded two-core CI
  // machine one axe scan of a long page held it past a 10 s limit, and a fill failed that way.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/results.json' }]],
  use: {
    baseURL,
    // Only on request: `npm run test:scale` serves the suite over HTTPS with a self-signed
    // certificate of its own. Anywhere else a certificate error is a failure worth seeing.
    ignoreHTTPSErrors: process.env.E2E_IGNORE_HTTPS_ERRORS === '1',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts$/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts$/, dependencies: ['setup'] },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node ../scripts/start.mjs --skip-install --skip-build --temporary',
        cwd: import.meta.dirname,
        // Ready when the API's readiness check (database, Redis) passes; the setup project
        // then waits for the mail catcher as well.
        url: `${baseURL}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        // start.mjs stops its children (API, worker, mail catcher, ORCID stand-in) on SIGTERM,
        // each given up to 10 s, then drops the run's database: more than that is a hang.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
        stderr: 'pipe',
        env: {
          ...stringEnv(process.env),
          PORT: process.env.E2E_PORT,
          SMTP_PORT: process.env.E2E_SMTP_PORT,
          MAIL_UI_PORT: process.env.E2E_MAIL_UI_PORT,
          // The local ORCID stand-in that start.mjs runs when no ORCID client is configured.
          ORCID_STAND_IN_PORT: process.env.E2E_ORCID_PORT,
          PUBLIC_URL: baseURL,
          SECOND_API_PORT: process.env.E2E_SECOND_API_PORT,
          SECOND_API_ENV: 'REVIEWERS_PER_ROUND=2',
          DATABASE_URL: process.env.E2E_DATABASE_URL,
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
          // Every journey comes from one address and runs with the production rate limits, but
          // one: the auth actions (sign-up, the invitation's verify and accept ...), which every
          // journey's new accounts spend from that one address. Two workers spent up to 14 of the
          // production 20 in a minute here and more on a slower machine (a reviewer's accept
          // refused mid-journey), so the suite's budget is its own (E2E_RATE_LIMIT_AUTH_PER_MINUTE,
          // default E2E_AUTH_ACTIONS_PER_MINUTE); the limit itself is tested in the backend's
          // rate-limit tests and the scale run's sign-in checks.
          ARXIV_DETAIL_PAGE_ID: process.env.E2E_ARXIV_DETAIL_PAGE_ID ?? '',
          // A valid ISSN (check digit included), so the footer shows one as a configured journal's does (landing.spec.ts).
          JOURNAL_ISSN: process.env.E2E_JOURNAL_ISSN ?? '2049-3630',
          RATE_LIMIT_AUTH_PER_MINUTE: process.env.E2E_RATE_LIMIT_AUTH_PER_MINUTE ?? E2E_AUTH_ACTIONS_PER_MINUTE,
        },
      },
});

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
