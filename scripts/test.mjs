// `npm test`: every check the project has, in order, continuing past failures so one run shows
// everything: lint, type-check, the OpenAPI document's lint (Redocly, recommended rules), build,
// backend unit + integration (Jest), frontend (Vitest), end-to-end (Playwright). Prints each
// runner's summary and ends with one line `N passed, N failed` adding up every runner's tests;
// lint, type-check, the OpenAPI lint and build count as one check each, and each runner's time.
// Exits non-zero if anything failed. Each step runs in a process group of its own: Ctrl-C,
// SIGTERM or SIGHUP (or this script's parent vanishing) stops the running step's whole group,
// the e2e stack included, before this script exits.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from './lib/browser.mjs';
import { aptInstall, packageInstaller, runQuietly } from './lib/debian-packages.mjs';
import { runStep } from './lib/process-tree.mjs';
import { ensureDependencies, log, root, testEnvironment } from './lib/stack.mjs';

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wanted = (step) => only.length === 0 || only.includes(step);
const started = Date.now();
// TEST_RESULTS_DIR: another place for the reports, for a run started inside a run (the scripts'
// own test of stopping one), which must not remove the outer run's reports.
const reports = process.env.TEST_RESULTS_DIR ?? join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

ensureDependencies();
const { env, postgres } = await testEnvironment();

const results = [];

/** 9m12s, 41s: how long a step took. */
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** Runs one step in a process group of its own; returns its exit status and how long it took. */
async function timedStep(command, args, options) {
  const stepStarted = Date.now();
  const status = await runStep(command, args, { cwd: root, ...options });
  return { status, ms: Date.now() - stepStarted };
}

async function check(name, command, args, options = {}) {
  if (!wanted(name)) return;
  log(`${name} ...`);
  const { status, ms } = await timedStep(command, args, { env, ...options });
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, kind: 'check', ms });
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readText(file));
  } catch {
    return null;
  }
}

/** Runs a test runner that writes a JSON report, and takes its counts from the report. */
async function tests(name, command, args, reportFile, count, { readReport = readJson, ...options } = {}) {
  if (!wanted(name)) return;
  log(`${name} tests ...`);
  const { status, ms } = await timedStep(command, args, { env, ...options });
  const report = readReport(reportFile);
  const counts = report ? count(report) : null;
  if (!counts) {
    results.push({ name, passed: 0, failed: 1, kind: 'tests', note: 'the runner produced no report', ms });
  } else {
    // A runner that failed outside any test (a crash in setup) still counts as a failure.
    const failed = counts.failed || (status === 0 ? 0 : 1);
    results.push({ name, passed: counts.passed, failed, kind: 'tests', ms });
  }
}

/** Node's own test runner (the root scripts' tests): counts from its TAP summary lines. */
const tapCounts = (tap) => {
  if (tap === null) return null;
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1]);
  const passed = count('pass');
  const failed = count('fail');
  return Number.isNaN(passed) || Number.isNaN(failed) ? null : { passed, failed };
};

await check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
await check('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
// backend/openapi.json as committed (a backend unit test checks it matches the code), against
// redocly.yaml (the recommended rules, warnings as errors). No update check or usage report:
// the run may be offline.
await check('openapi', 'npx', ['redocly', 'lint', '--max-problems=1000'], {
  env: { ...env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', REDOCLY_TELEMETRY: 'off' },
});
await check('build', 'npm', ['run', 'build']);
const buildFailed = results.some((result) => result.name === 'build' && result.failed);

if (wanted('scripts')) {
  const tapFile = join(reports, 'scripts.tap');
  await tests('scripts', process.execPath,
    ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, 'scripts/test/*.test.mjs'],
    tapFile, tapCounts, { readReport: readText });
}

/**
 * The backend's OAI-PMH suite harvests with a real harvester, Perl's HTTP::OAI: Debian's
 * libhttp-oai-perl, installed like the e2e browser when missing. Without it that suite fails.
 */
function ensureOaiHarvester() {
  const present = () => runQuietly('perl', ['-MHTTP::OAI', '-e1']);
  if (present()) return true;
  const installer = packageInstaller();
  if (installer) {
    log(`No Perl HTTP::OAI for the OAI-PMH tests; installing Debian's libhttp-oai-perl with apt-get ...`);
    if (aptInstall(installer, 'libhttp-oai-perl') && present()) return true;
  }
  console.error(`\x1b[31m[journal]\x1b[0m No Perl HTTP::OAI for the OAI-PMH tests, and it could not be installed: run \`sudo apt-get update && sudo apt-get install -y libhttp-oai-perl\` and try again.`);
  return false;
}
if (wanted('backend') && !ensureOaiHarvester()) {
  results.push({ name: 'harvester', passed: 0, failed: 1, kind: 'check', note: 'no HTTP::OAI: the OAI-PMH suite fails' });
}

/**
 * The search's RUM index (backend migration 20261203001000) needs the `rum` extension on the
 * PostgreSQL server: Debian's postgresql-<major>-rum, installed like the harvester when the server
 * runs on this machine and lacks it. The backend's search suite checks both of the search's ways
 * against it. An embedded PostgreSQL (no server here) has no such package: there the suite checks
 * the way without it (SEARCH_RUM=absent).
 */
async function ensureRumExtension(databaseUrl) {
  const { default: pg } = await import('pg');
  // The server's maintenance database: the journal's own (DATABASE_URL's) need not exist yet on a
  // fresh machine, where the tests make databases of their own.
  const serverUrl = new URL(databaseUrl);
  serverUrl.pathname = '/postgres';
  const available = async () => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    try {
      const { rows } = await client.query("select exists (select 1 from pg_available_extensions where name = 'rum') as rum, current_setting('server_version_num')::int / 10000 as major");
      return rows[0];
    } finally {
      await client.end();
    }
  };
  let server;
  try {
    server = await available();
  } catch (error) {
    console.error(`\x1b[31m[journal]\x1b[0m Could not ask the PostgreSQL server at ${serverUrl.host} whether it has the RUM extension: ${error.message}`);
    return false;
  }
  const { rum, major } = server;
  if (rum) return true;
  const installer = packageInstaller();
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);
  if (installer && local) {
    log(`No RUM extension on the PostgreSQL server for the search's tests; installing Debian's postgresql-${major}-rum with apt-get ...`);
    if (aptInstall(installer, `postgresql-${major}-rum`) && (await available()).rum) return true;
  }
  console.error(`\x1b[31m[journal]\x1b[0m The PostgreSQL server has no RUM extension, and it could not be installed: run \`sudo apt-get update && sudo apt-get install -y postgresql-${major}-rum\` on the server and try again.`);
  return false;
}
if (wanted('backend')) {
  if (postgres.embedded) {
    env.SEARCH_RUM = 'absent';
  } else if (!(await ensureRumExtension(postgres.databaseUrl))) {
    results.push({ name: 'rum', passed: 0, failed: 1, kind: 'check', note: "no RUM extension: the search suite's RUM half fails" });
  }
}

const jestCounts = (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites });
// --forceExit: a suite that fails before closing its app (a server, a Redis client) must not
// keep the whole run waiting; the report is written before the forced exit.
await tests('backend', 'npx', ['jest', '--forceExit', '--json', `--outputFile=${join(reports, 'backend.json')}`],
  join(reports, 'backend.json'), jestCounts,
  { cwd: join(root, 'backend'), env: { ...env, NODE_OPTIONS: '--experimental-vm-modules' } });

await tests('frontend', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'frontend.json')}`],
  join(reports, 'frontend.json'), jestCounts, { cwd: join(root, 'frontend') });

if (wanted('e2e')) {
  // Before the step, not inside it: without a browser every journey would fail on its own.
  const browser = buildFailed ? null : findChromium({ root });
  if (buildFailed) {
    results.push({ name: 'e2e', passed: 0, failed: 1, kind: 'tests', note: 'not run: the build failed' });
  } else if (!browser.path) {
    console.error(`\x1b[31m[journal]\x1b[0m ${browser.problem}`);
    results.push({ name: 'e2e', passed: 0, failed: 1, kind: 'tests', note: 'not run: no browser' });
  } else {
    env.CHROMIUM_PATH = browser.path;
    log(`e2e browser: ${browser.path} (${browser.how})`);
    const e2eReport = join(reports, 'e2e.json');
    await tests('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], e2eReport,
      (report) => ({ passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected }),
      { cwd: join(root, 'e2e'), env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } });
  }
}

await postgres.stop();

console.log('\n== Summary ==');
for (const result of results) {
  const outcome = result.kind === 'check'
    ? (result.failed ? 'FAILED' : 'passed')
    : `${result.passed} passed, ${result.failed} failed`;
  const notes = [result.note, result.ms === undefined ? null : duration(result.ms)].filter(Boolean);
  console.log(`  ${result.name.padEnd(10)} ${outcome}${notes.length ? ` (${notes.join('; ')})` : ''}`);
}
console.log(`  total      ${duration(Date.now() - started)}`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
