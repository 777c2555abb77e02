// `npm run test:scale`: two of everything (issue 16). Two API processes and two workers on one
// PostgreSQL database, one Redis prefix and one storage directory, behind a real nginx (Debian's,
// installed with apt-get when missing) running deploy/nginx.conf with the two APIs as its
// upstream, round-robin, over HTTPS with a throwaway self-signed certificate. The whole end-to-end
// suite runs through the proxy (E2E_BASE_URL, https://), then checks that what two of everything
// promises held during the run:
//   - both APIs answered requests (nginx's access log names the upstream of each request);
//   - a session works whichever API answers (sign in, read the session and refresh on both);
//   - no e-mail was sent twice (no Message-ID twice in the mail catcher; each sent outbox row
//     caught exactly once);
//   - scheduled jobs run once (one schedule and one next job per chore; with a chore's period cut
//     to one second, one job per period between the two workers);
//   - rate limits are shared (sign-in attempts past the per-minute limit, spread over both APIs,
//     are refused at the shared count), and a client naming other addresses in X-Forwarded-For
//     does not get a fresh budget (the proxy replaces the header);
// and that the deployed proxy does what HTTPS needs (issue 17): plain HTTP answers a 301 to the
// same address over HTTPS, except ACME's HTTP-01 challenge, which it serves from the webroot;
// every HTTPS answer carries exactly one Strict-Transport-Security header; sign-in's cookies are Secure;
// XML, Atom and JSON answers come gzipped (issue 29).
// Prints the suite's and the checks' results and ends with one line `N passed, N failed`.
//   --skip-install  do not check dependencies      --skip-build  use the existing build
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from './lib/free-ports.mjs';
import { findChromium } from './lib/browser.mjs';
import { aptInstall, isExecutable, packageInstaller } from './lib/debian-packages.mjs';
import {
  API_NODE_FLAGS, MAIL_CATCHER_KEEPS, ProcessGroup, clearRedisPrefix, ensureBuilt, ensureDependencies, ensureOrcid, ensurePostgres, ensureRedis,
  dropDatabase, fail, log, prepareDatabase, reapAbandonedRuns, root, runBackendCli, runSuffix, waitForHttp,
} from './lib/stack.mjs';

const flags = new Set(process.argv.slice(2));
// The run's own, dropped when it stops: leftovers of an interrupted run never share them.
const RUN = runSuffix();
const DATABASE_NAME = `journal_scale_${RUN}`;
const REDIS_PREFIX = `scale-${RUN}`;
/** The arXiv paper whose card opens its detail page; the suite's own stack uses the same. */
const ARXIV_DETAIL_PAGE_ID = 'arxiv-0000.00000';
const reports = join(root, 'test-results');
const logDir = join(reports, 'scale');
const e2eReport = join(reports, 'scale-e2e.json');
/** The shortest HSTS max-age Mozilla's Observatory accepts without taking points away: six months. */
const HSTS_MIN_MAX_AGE = 15_768_000;

const started = Date.now();
const results = [];
let summaryPrinted = false;

function printSummary() {
  summaryPrinted = true;
  console.log('\n== Scale summary ==');
  for (const result of results) {
    const outcome = result.kind === 'check'
      ? (result.failed ? 'FAILED' : 'passed')
      : `${result.passed} passed, ${result.failed} failed`;
    console.log(`  ${result.name.padEnd(28)} ${outcome}${result.note ? ` (${result.note})` : ''}`);
  }
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s; logs in ${logDir}`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

/** Records one check: `ok` and a note of what was seen. */
function check(name, ok, note) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, kind: 'check', note });
  console.log(`  ${ok ? '\x1b[32mpassed\x1b[0m' : '\x1b[31mFAILED\x1b[0m'} ${name}: ${note}`);
}

async function guardedCheck(name, body) {
  try {
    await body();
  } catch (error) {
    check(name, false, `the check itself failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// nginx: Debian's, installed like the e2e browser (scripts/lib/browser.mjs) when missing.

function findNginx() {
  if (process.env.NGINX_PATH) {
    return isExecutable(process.env.NGINX_PATH) ? process.env.NGINX_PATH : fail(`NGINX_PATH=${process.env.NGINX_PATH} is not an executable nginx.`);
  }
  const known = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx', '/opt/homebrew/bin/nginx', '/usr/local/bin/nginx'];
  const found = known.find(isExecutable);
  if (found) return found;
  const installer = packageInstaller();
  const howTo = 'sudo apt-get update && sudo apt-get install -y nginx';
  if (!installer) fail(`No nginx for the scale run: run \`${howTo}\` (or set NGINX_PATH) and try again.`);
  log(`No nginx found; installing Debian's nginx with apt-get ...`);
  const installed = aptInstall(installer, 'nginx');
  if (!installed || !isExecutable('/usr/sbin/nginx')) fail(`Installing nginx with apt-get failed; run \`${howTo}\` and try again.`);
  return '/usr/sbin/nginx';
}

/** Debian's openssl, for the run's certificate, installed like nginx when missing. */
function findOpenssl() {
  const known = ['/usr/bin/openssl', '/usr/local/bin/openssl', '/opt/homebrew/bin/openssl'];
  const found = known.find(isExecutable);
  if (found) return found;
  const installer = packageInstaller();
  const howTo = 'sudo apt-get update && sudo apt-get install -y openssl';
  if (!installer) fail(`No openssl for the scale run's certificate: run \`${howTo}\` and try again.`);
  log(`No openssl found; installing Debian's openssl with apt-get ...`);
  if (!aptInstall(installer, 'openssl') || !isExecutable('/usr/bin/openssl')) fail(`Installing openssl with apt-get failed; run \`${howTo}\` and try again.`);
  return '/usr/bin/openssl';
}

/**
 * A self-signed certificate for 127.0.0.1, valid two days, in `dir`: what an operator mounts at
 * /etc/nginx/tls/ (docker-compose.yml's `tls` service makes the same for localhost). Returns the
 * paths and the certificate itself, which the run's own requests trust, and only it.
 */
function makeThrowawayCertificate(openssl, dir) {
  mkdirSync(dir, { recursive: true });
  const certificate = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const made = spawnSync(openssl, [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate,
  ], { encoding: 'utf8' });
  if (made.status !== 0) fail(`openssl could not make the run's certificate:\n${made.stderr}`);
  return { certificate, key, pem: readFileSync(certificate) };
}

/**
 * The nginx.conf of the run: scripts/lib/nginx-scale.conf.template around deploy/nginx.conf, in
 * which only these change: both listen addresses (HTTP and HTTPS, on loopback ports of the run),
 * the redirect's port pair in the map (the deployed listen ports, which browsers reach published
 * as they are, become the run's), the certificate's paths, the ACME webroot, and the upstream's
 * servers. Fails when deploy/nginx.conf no longer has exactly the lines replaced, so that the run
 * never tests a config of its own.
 */
function renderNginxConfig({ prefix, httpPort, httpsPort, apis, tls, acmeRoot }) {
  let site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const matchOnce = (pattern, what) => {
    const matches = [...site.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
    if (matches.length !== 1) fail(`deploy/nginx.conf: expected one ${what}, found ${matches.length}; update scripts/test-scale.mjs.`);
    return matches[0];
  };
  const replaceOnce = (pattern, replacement, what) => {
    matchOnce(pattern, what);
    site = site.replace(pattern, replacement);
  };
  const plainListen = /^(\s*)listen\s+(\d+)\s*;/m;
  const tlsListen = /^(\s*)listen\s+(\d+)(\s+ssl\b[^;]*);/m;
  const [, , deployedHttpPort] = matchOnce(plainListen, '`listen <port>;`');
  const [, , deployedHttpsPort] = matchOnce(tlsListen, '`listen <port> ssl ...;`');
  replaceOnce(plainListen, (_, indent) => `${indent}listen 127.0.0.1:${httpPort};`, '`listen <port>;`');
  replaceOnce(tlsListen, (_, indent, _port, parameters) => `${indent}listen 127.0.0.1:${httpsPort}${parameters};`, '`listen <port> ssl ...;`');
  replaceOnce(new RegExp(`^(\\s*)~:${deployedHttpPort}\\$\\s+:${deployedHttpsPort}\\s*;`, 'm'),
    (_, indent) => `${indent}~:${httpPort}$ :${httpsPort};`, `\`~:${deployedHttpPort}$ :${deployedHttpsPort};\` in the redirect's map`);
  replaceOnce(/^(\s*)ssl_certificate\s+[^;]+;/m, (_, indent) => `${indent}ssl_certificate ${tls.certificate};`, '`ssl_certificate <path>;`');
  replaceOnce(/^(\s*)ssl_certificate_key\s+[^;]+;/m, (_, indent) => `${indent}ssl_certificate_key ${tls.key};`, '`ssl_certificate_key <path>;`');
  replaceOnce(/^(\s*)root\s+[^;]+;/m, (_, indent) => `${indent}root ${acmeRoot};`, '`root <ACME webroot>;`');
  replaceOnce(/^(\s*)server\s+api:3000\s*;/m, (_, indent) => apis.map((api) => `${indent}server ${api};`).join('\n'), '`server api:3000;` in the upstream');
  let config = readFileSync(join(root, 'scripts/lib/nginx-scale.conf.template'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replace('{{SITE}}', () => site.replace(/^(?=.)/gm, '    '));
  if (!existsSync('/etc/nginx/mime.types')) config = config.replace(/^\s*include \/etc\/nginx\/mime\.types;\n/m, '');
  return config;
}

// ---------------------------------------------------------------------------------------------
// The stack.

if (!flags.has('--skip-install')) ensureDependencies();
if (!flags.has('--skip-build')) ensureBuilt();
const nginx = findNginx();
const openssl = findOpenssl();
const browser = findChromium({ root });
if (!browser.path) fail(browser.problem);

rmSync(logDir, { recursive: true, force: true });
rmSync(e2eReport, { force: true });
mkdirSync(logDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'journal-scale-'));
// nginx's workers drop root; they must reach the temp directories nginx makes here.
chmodSync(work, 0o755);
const nginxPrefix = join(work, 'nginx');
const storageDir = join(work, 'storage');
const mailDir = join(work, 'mail');
// certbot --webroot's directory: nginx serves ACME's challenge tokens from it over plain HTTP.
const acmeRoot = join(nginxPrefix, 'acme');
for (const dir of [nginxPrefix, storageDir, mailDir, acmeRoot]) mkdirSync(dir, { recursive: true });
const tls = makeThrowawayCertificate(openssl, join(nginxPrefix, 'tls'));
const trustingRunCertificate = new https.Agent({ ca: tls.pem, keepAlive: true });

const [firstApiPort, secondApiPort, httpsPort, httpPort, smtpPort, mailUiPort, orcidPort, severalReviewersPort] = await freePorts(8);
const apiPorts = [firstApiPort, secondApiPort];
// Beside the proxy, an API of the same stack that lets a round have two reviewers (e2e several-reviewers.spec.ts).
const severalReviewersUrl = `http://127.0.0.1:${severalReviewersPort}`;
const apis = apiPorts.map((port) => `127.0.0.1:${port}`);
const publicUrl = `https://127.0.0.1:${httpsPort}`;
const plainHttpUrl = `http://127.0.0.1:${httpPort}`;
const mailUrl = `http://127.0.0.1:${mailUiPort}`;

const redisUrl = await ensureRedis();
const postgres = await ensurePostgres();
const databaseUrl = (() => {
  const url = new URL(postgres.databaseUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
})();
await reapAbandonedRuns(new URL('/postgres', postgres.databaseUrl).toString(), redisUrl);

const group = new ProcessGroup({ quiet: true });
let playwright = null;
group.onStop(async () => {
  // Playwright runs in a process group of its own (npx, its runner, its workers, the browsers).
  if (playwright) {
    try {
      process.kill(-playwright.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await dropDatabase(databaseUrl).catch((error) => console.error(error));
  await clearRedisPrefix(redisUrl, REDIS_PREFIX).catch((error) => console.error(error));
  await postgres.stop();
  rmSync(work, { recursive: true, force: true });
  if (!summaryPrinted) {
    results.push({ name: 'stack', passed: 0, failed: 1, kind: 'check', note: `stopped early; logs in ${logDir}` });
    printSummary();
  }
});
// Interrupted, the run has not shown what it set out to: it counts as a failure.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void group.stop(1));

/** Starts a process of the run with its output in test-results/scale/<name>.log. */
function start(name, command, args, options) {
  const child = group.start(name, command, args, options);
  const file = createWriteStream(join(logDir, `${name}.log`));
  child.stdout.pipe(file, { end: false });
  child.stderr.pipe(file, { end: false });
  return child;
}

/**
 * One request, over HTTPS trusting the run's certificate (and nothing else) or over plain HTTP,
 * never following redirects: the status, the headers, each header line as sent (so a header sent
 * twice shows twice) and the body.
 */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request(target, { method, headers, ...(secure && { agent: trustingRunCertificate }) }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({
        status: response.statusCode, headers: response.headers, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks).toString('utf8'),
      }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Whether `url` answers 200 (over HTTPS, trusting the run's certificate) within the timeout. */
async function waitForOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await request(url).catch(() => null))?.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Resolves when the process printed a line containing `text` (false after the timeout). */
function waitForOutput(child, text, timeoutMs = 60_000) {
  return new Promise((resolve) => {
    let seen = '';
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const onData = (chunk) => {
      seen = (seen + chunk).slice(-10_000);
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

log(`Fresh database ${DATABASE_NAME} and Redis prefix "${REDIS_PREFIX}" ...`);
await prepareDatabase(databaseUrl, { fresh: true });
await clearRedisPrefix(redisUrl, REDIS_PREFIX);

const env = {
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  JWT_SECRET: randomBytes(48).toString('base64url'),
  STORAGE_DRIVER: 'local',
  STORAGE_DIR: storageDir,
  // Behind the proxy, as in docker-compose.yml: the client address comes from X-Forwarded-For.
  TRUST_PROXY: 'true',
  ARXIV_DETAIL_PAGE_ID,
  // The ISSN the e2e stack configures (e2e/playwright.config.ts), so the footer shows one as landing.spec.ts expects.
  JOURNAL_ISSN: process.env.E2E_JOURNAL_ISSN ?? '2049-3630',
  // The e2e suite's budget of auth actions from its one address, as e2e/playwright.config.ts's
  // stack has it (E2E_AUTH_ACTIONS_PER_MINUTE there, and why); the sign-in limits stay production's.
  RATE_LIMIT_AUTH_PER_MINUTE: process.env.E2E_RATE_LIMIT_AUTH_PER_MINUTE ?? '120',
};
for (const key of ['PORT', 'DATABASE_READ_URL', 'WEB_DIST_DIR', 'ORCID_BASE_URL', 'ORCID_CLIENT_ID', 'ORCID_CLIENT_SECRET']) delete env[key];

log('Applying database migrations and loading the demo data ...');
runBackendCli('migrate', [], env);
runBackendCli('seed', [], env);

// The mail catcher as startMailCatcher starts it, but keeping this run's e-mails apart from
// .data/mail (which `npm start` and other runs fill), so that every e-mail it holds is this run's.
start('mail', process.execPath, [
  join(root, 'node_modules/maildev/dist/bin/maildev.js'),
  '--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(mailUiPort), '--web-ip', '127.0.0.1',
  '--mail-directory', mailDir, '--max-emails', String(MAIL_CATCHER_KEEPS),
]);
const orcid = await ensureOrcid(group, { env, port: orcidPort, publicUrl });
Object.assign(env, orcid.env);

const backend = join(root, 'backend');
apiPorts.forEach((port, index) => start(`api-${index + 1}`, process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], { cwd: backend, env: { ...env, PORT: String(port) } }));
start('api-several-reviewers', process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], {
  cwd: backend,
  env: { ...env, PORT: String(severalReviewersPort), PUBLIC_URL: severalReviewersUrl, REVIEWERS_PER_ROUND: '2' },
});
const workers = [1, 2].map((n) => start(`worker-${n}`, process.execPath, ['dist/worker.js'], { cwd: backend, env }));
const workersReady = Promise.all(workers.map((worker) => waitForOutput(worker, 'The worker is running')));

const nginxConfig = join(nginxPrefix, 'nginx.conf');
writeFileSync(nginxConfig, renderNginxConfig({ prefix: nginxPrefix, httpPort, httpsPort, apis, tls, acmeRoot }));
const nginxArgs = ['-p', `${nginxPrefix}/`, '-e', join(nginxPrefix, 'error.log'), '-c', nginxConfig];
const tested = spawnSync(nginx, [...nginxArgs, '-t'], { encoding: 'utf8' });
if (tested.status !== 0) {
  console.error(tested.stderr);
  await group.stop(1);
}

const ready = await Promise.all([
  ...[...apiPorts, severalReviewersPort].map((port) => waitForHttp(`http://127.0.0.1:${port}/api/health`)),
  waitForHttp(`${mailUrl}/api/healthz`),
  orcid.standInUrl === null || waitForHttp(`${orcid.standInUrl}/.well-known/openid-configuration`),
  workersReady.then((all) => all.every(Boolean)),
]);
// nginx once both APIs answer: a request to an API still starting would mark it down for 10 s.
if (ready.every(Boolean)) {
  start('nginx', nginx, [...nginxArgs, '-g', 'daemon off;']);
  ready.push(await waitForOk(`${publicUrl}/api/health`, 15_000));
}
if (!ready.every(Boolean)) {
  console.error(`\x1b[31m[journal]\x1b[0m The scale stack did not become ready in time; see ${logDir}.`);
  await group.stop(1);
}
log(`Scale stack ready: nginx ${publicUrl} (and ${plainHttpUrl}, redirecting) -> API ${apis.join(' and ')}; 2 workers; mail ${mailUrl}; logs in ${logDir}`);

// ---------------------------------------------------------------------------------------------
// The end-to-end suite through the proxy.

log(`e2e tests through nginx (browser: ${browser.path}) ...`);
const suiteStatus = await new Promise((resolve) => {
  playwright = spawn('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      CHROMIUM_PATH: browser.path,
      E2E_BASE_URL: publicUrl,
      // The browser cannot know the run's self-signed certificate (e2e/playwright.config.ts).
      E2E_IGNORE_HTTPS_ERRORS: '1',
      E2E_MAIL_URL: mailUrl,
      E2E_SEVERAL_REVIEWERS_URL: severalReviewersUrl,
      E2E_DATABASE_URL: databaseUrl,
      E2E_REDIS_PREFIX: REDIS_PREFIX,
      E2E_ARXIV_DETAIL_PAGE_ID: ARXIV_DETAIL_PAGE_ID,
      PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  });
  playwright.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
playwright = null;
let report = null;
try {
  report = JSON.parse(readFileSync(e2eReport, 'utf8'));
} catch {
  // counted below
}
if (report) {
  const failed = report.stats.unexpected || (suiteStatus === 0 ? 0 : 1);
  const skipped = report.stats.skipped ? `${report.stats.skipped} skipped` : undefined;
  results.push({ name: 'e2e through nginx', passed: report.stats.expected + report.stats.flaky, failed, kind: 'tests', note: skipped });
} else {
  results.push({ name: 'e2e through nginx', passed: 0, failed: 1, kind: 'tests', note: 'the runner produced no report' });
}

// ---------------------------------------------------------------------------------------------
// The checks of what two of everything promises.

console.log('\n== Scale checks ==');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** nginx's access log: { requestId, status, upstream } per request. */
function accessLog() {
  const text = existsSync(join(nginxPrefix, 'access.log')) ? readFileSync(join(nginxPrefix, 'access.log'), 'utf8') : '';
  return text.split('\n').filter(Boolean).map((line) => ({
    status: Number(/" (\d{3}) upstream=/.exec(line)?.[1]),
    upstream: /upstream=(\S+)/.exec(line)?.[1] ?? '-',
    requestId: /request_id=(\S+)/.exec(line)?.[1] ?? '-',
  }));
}

/** The upstream of each of these requests, by the X-Request-Id they were sent with. */
async function upstreamsOf(requestIds) {
  await sleep(200); // nginx writes the line once the response is sent
  const byId = new Map(accessLog().map((entry) => [entry.requestId, entry.upstream]));
  return requestIds.map((id) => byId.get(id) ?? '-');
}

/** A request through the proxy, tagged so the access log tells which API answered it. */
async function viaProxy(path, { method = 'GET', body, cookies = {}, forwardedFor } = {}) {
  const requestId = `scale-check-${randomUUID()}`;
  const headers = { 'x-request-id': requestId };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const cookieHeader = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  if (cookieHeader) headers.cookie = cookieHeader;
  const response = await request(`${publicUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const setCookieLines = response.headers['set-cookie'] ?? [];
  const setCookies = Object.fromEntries(setCookieLines.map((line) => {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  }));
  return { status: response.status, requestId, setCookies, setCookieLines };
}

const tally = (items) => Object.entries(items.reduce((counts, item) => ({ ...counts, [item]: (counts[item] ?? 0) + 1 }), {}))
  .map(([item, count]) => `${item}: ${count}`).join(', ');

await guardedCheck('both APIs answered', async () => {
  const entries = accessLog();
  const served = apis.map((api) => entries.filter((entry) => entry.upstream.split(/[ ,]+/).includes(api)).length);
  check('both APIs answered', served.every((count) => count > 0),
    `${entries.length} requests through nginx; ${apis.map((api, i) => `${api}: ${served[i]}`).join(', ')}`);
});

/** Each value of header `name` as sent, one per header line (node:http's rawHeaders: name, value, name, ...). */
function headerLines(rawHeaders, name) {
  const values = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === name) values.push(rawHeaders[i + 1]);
  return values;
}

await guardedCheck('HTTP redirects to HTTPS', async () => {
  const paths = ['/', '/papers?page=2', '/api/health'];
  const answers = await Promise.all(paths.map((path) => request(`${plainHttpUrl}${path}`)));
  const ok = answers.every((answer, i) => answer.status === 301 && answer.headers.location === `${publicUrl}${paths[i]}`);
  check('HTTP redirects to HTTPS', ok,
    paths.map((path, i) => `${path}: ${answers[i].status} to ${answers[i].headers.location ?? '(no Location)'}`).join('; '));
});

await guardedCheck('ACME challenge over HTTP', async () => {
  // What certbot --webroot does: a token file under the webroot, fetched by the CA over port 80.
  const token = randomBytes(32).toString('base64url');
  const challengeDir = join(acmeRoot, '.well-known', 'acme-challenge');
  mkdirSync(challengeDir, { recursive: true });
  writeFileSync(join(challengeDir, token), `${token}.run-key-thumbprint`);
  const answer = await request(`${plainHttpUrl}/.well-known/acme-challenge/${token}`);
  check('ACME challenge over HTTP', answer.status === 200 && answer.body === `${token}.run-key-thumbprint`,
    `${answer.status}${answer.headers.location ? ` to ${answer.headers.location}` : ''}, ${answer.body.length} bytes`);
});

await guardedCheck('one HSTS header', async () => {
  // The web app, the API (200 and 401) and a page that does not exist: the API's own header is
  // hidden and nginx adds its own, once, to every status.
  const paths = ['/', '/api/health', '/api/auth/session', '/no-such-page'];
  const seen = [];
  for (const path of paths) {
    const answer = await request(`${publicUrl}${path}`);
    const values = headerLines(answer.rawHeaders, 'strict-transport-security');
    const maxAge = values.length === 1 ? Number(/(?:^|;)\s*max-age=(\d+)/i.exec(values[0])?.[1] ?? -1) : -1;
    seen.push({ path, status: answer.status, values, ok: values.length === 1 && maxAge >= HSTS_MIN_MAX_AGE });
  }
  check('one HSTS header', seen.every((entry) => entry.ok),
    seen.map((entry) => `${entry.path} (${entry.status}): ${entry.values.length ? entry.values.map((value) => `"${value}"`).join(' and ') : 'none'}`).join('; ') +
    `; max-age at least ${HSTS_MIN_MAX_AGE} s wanted`);
});

await guardedCheck('XML and JSON gzipped', async () => {
  // What outside checks found sent uncompressed (issue 29): OAI-PMH's text/xml, the sitemap's
  // application/xml and the Atom feed; and the API's JSON. The API compresses none of them itself.
  const paths = ['/oai?verb=Identify', '/sitemap.xml', '/feed.xml', '/api/papers'];
  const answers = await Promise.all(paths.map((path) => request(`${publicUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } })));
  check('XML and JSON gzipped', answers.every((answer) => answer.status === 200 && answer.headers['content-encoding'] === 'gzip'),
    paths.map((path, i) => `${path} (${answers[i].status}, ${answers[i].headers['content-type']}): ${answers[i].headers['content-encoding'] ?? 'not compressed'}`).join('; '));
});

await guardedCheck('session cookies Secure', async () => {
  // PUBLIC_URL is https://, so the API marks its cookies Secure (auth.secureCookies).
  const signIn = await viaProxy('/api/auth/sign-in', { method: 'POST', body: { email: 'admin@example.org', password: 'DemoAdmin#2026' } });
  const insecure = signIn.setCookieLines.filter((line) => !line.split(';').slice(1).some((attribute) => attribute.trim().toLowerCase() === 'secure'));
  check('session cookies Secure', signIn.status === 200 && signIn.setCookieLines.length > 0 && insecure.length === 0,
    `sign-in ${signIn.status} set ${Object.keys(signIn.setCookies).join(', ') || 'no cookies'}` +
    `${insecure.length ? `; without Secure: ${insecure.map((line) => line.split('=')[0]).join(', ')}` : ', all Secure'}`);
});

await guardedCheck('sessions on either API', async () => {
  const { email, password } = { email: 'admin@example.org', password: 'DemoAdmin#2026' };
  const signIn = await viaProxy('/api/auth/sign-in', { method: 'POST', body: { email, password } });
  const cookies = { ...signIn.setCookies };
  const reads = [];
  for (let i = 0; i < 4; i += 1) reads.push(await viaProxy('/api/auth/session', { cookies }));
  const refresh = await viaProxy('/api/auth/refresh', { method: 'POST', cookies });
  Object.assign(cookies, refresh.setCookies);
  for (let i = 0; i < 4; i += 1) reads.push(await viaProxy('/api/auth/session', { cookies }));
  const upstreams = await upstreamsOf(reads.map((read) => read.requestId));
  const ok = signIn.status === 200 && refresh.status === 200 && reads.every((read) => read.status === 200)
    && apis.every((api) => upstreams.includes(api));
  check('sessions on either API', ok,
    `sign-in ${signIn.status}, refresh ${refresh.status}; session reads ${reads.map((read) => read.status).join(' ')} answered by ${tally(upstreams)}`);
});

await guardedCheck('no e-mail sent twice', async () => {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Let the workers finish what the suite left queued.
    const deadline = Date.now() + 60_000;
    let unsent = 0;
    do {
      ({ rows: [{ unsent }] } = await db.query(`select count(*)::int as unsent from outbox_mails where status in ('pending', 'queued')`));
      if (unsent) await sleep(1000);
    } while (unsent && Date.now() < deadline);
    const { rows } = await db.query(`select id::text, status from outbox_mails`);
    const response = await fetch(`${mailUrl}/api/email`);
    const emails = await response.json();
    const ids = emails.map((email) => email.headers?.['message-id'] ?? email.messageId ?? `(none: ${email.id})`);
    const seen = new Map();
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
    const duplicates = [...seen].filter(([, count]) => count > 1);
    const caughtOutboxIds = new Map();
    for (const [id, count] of seen) {
      const outboxId = /^<([0-9a-f-]{36})@/.exec(id)?.[1];
      if (outboxId) caughtOutboxIds.set(outboxId, count);
    }
    const sent = rows.filter((row) => row.status === 'sent');
    const sentNotCaughtOnce = sent.filter((row) => caughtOutboxIds.get(row.id) !== 1);
    const ok = emails.length > 0 && duplicates.length === 0 && sentNotCaughtOnce.length === 0 && unsent === 0;
    check('no e-mail sent twice', ok,
      `${emails.length} e-mails caught, ${seen.size} distinct Message-IDs` +
      `${duplicates.length ? ` (twice or more: ${duplicates.slice(0, 5).map(([id, count]) => `${id} x${count}`).join(', ')})` : ''}; ` +
      `outbox: ${tally(rows.map((row) => row.status))}; sent rows not caught exactly once: ${sentNotCaughtOnce.length}` +
      `${unsent ? `; ${unsent} still unsent after 60 s` : ''}`);
  } finally {
    await db.end();
  }
});

await guardedCheck('scheduled jobs run once', async () => {
  const backendRequire = createRequire(join(root, 'backend', 'package.json'));
  const { Queue } = backendRequire('bullmq');
  const queue = new Queue('chores', { connection: { url: redisUrl }, prefix: REDIS_PREFIX });
  try {
    // Both workers upserted every chore's schedule at boot: one schedule and one next job each.
    const schedulers = await queue.getJobSchedulers();
    const delayed = await queue.getDelayed();
    const nextJobs = schedulers.map((scheduler) => delayed.filter((job) => job.name === scheduler.name).length);
    const oneEach = schedulers.length > 0 && nextJobs.every((count) => count === 1)
      && new Set(schedulers.map((scheduler) => scheduler.key)).size === schedulers.length;
    check('one schedule per chore', oneEach,
      `${schedulers.map((scheduler, i) => `${scheduler.key} every ${Math.round(scheduler.every / 1000)} s, ${nextJobs[i]} next job`).join('; ') || 'no schedules'}`);

    // A chore's period cut to 1 s until four of its runs have finished: each period makes one job,
    // run by one of the workers. It waits for the runs, not for a stretch of the clock, so a busy
    // machine makes the check slower, never wrong.
    const target = schedulers.find((scheduler) => scheduler.key === 'purge-expired-credentials') ?? schedulers[0];
    if (!target) return check('one run per period', false, 'no chore to run');
    const full = await queue.getJobScheduler(target.key);
    const template = { name: target.name, data: full?.template?.data ?? {}, opts: full?.template?.opts ?? { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } };
    const periodMs = 1000;
    const wanted = 4;
    const since = Date.now();
    // The period is the time at the end of a scheduled job's id (repeat:<scheduler>:<ms>).
    const periodOf = (job) => Number(String(job.id).split(':').pop());
    const shortRuns = async () => (await queue.getJobs(['completed', 'failed', 'active'], 0, 500))
      .filter((job) => job.name === target.name && periodOf(job) >= since - periodMs);
    await queue.upsertJobScheduler(target.key, { every: periodMs }, template);
    let finished = [];
    // A hang guard, not a speed goal: on any machine four one-second periods come long before it.
    const deadline = Date.now() + 120_000;
    while ((finished = (await shortRuns()).filter((job) => job.finishedOn)).length < wanted && Date.now() < deadline) await sleep(250);
    // Back to its own period (the next run one period from now), as a worker's boot would leave it,
    // then until no run of the short period is still running.
    await queue.upsertJobScheduler(target.key, { every: target.every, startDate: Date.now() + target.every }, template);
    let jobs = await shortRuns();
    while (jobs.some((job) => !job.finishedOn) && Date.now() < deadline) {
      await sleep(250);
      jobs = await shortRuns();
    }
    const slots = jobs.map((job) => job.id);
    const twice = slots.filter((slot, i) => slots.indexOf(slot) !== i);
    const ranOnce = jobs.every((job) => job.attemptsMade <= 1);
    const periods = jobs.map(periodOf).sort((a, b) => a - b);
    // A schedule per worker would start a second series a few milliseconds after the first.
    const tooClose = periods.filter((period, i) => i > 0 && period - periods[i - 1] < periodMs);
    const ok = finished.length >= wanted && twice.length === 0 && tooClose.length === 0 && ranOnce;
    check('one run per period', ok,
      `${target.key} every ${periodMs / 1000} s: ${jobs.length} runs in ${new Set(slots).size} distinct periods, ` +
      `${tooClose.length} less than a period after the one before (a second schedule would make them), ` +
      `${tally(jobs.map((job) => job.finishedOn ? (job.failedReason ? 'failed' : 'completed') : 'running'))}`);
  } finally {
    await queue.close();
  }
});

await guardedCheck('rate limits shared', async () => {
  // Sign-in attempts of one address and one (unknown) e-mail, RATE_LIMIT_SIGN_IN_PER_MINUTE of
  // them a minute. Round-robin gives each API about half: limits counted per process would let
  // every attempt through.
  const limit = Number(env.RATE_LIMIT_SIGN_IN_PER_MINUTE ?? 10);
  const extra = 4;
  const email = `scale-rate-limit-${randomUUID()}@example.org`;
  const attempts = [];
  for (let i = 0; i < limit + extra; i += 1) {
    attempts.push(await viaProxy('/api/auth/sign-in', { method: 'POST', body: { email, password: 'Not-the-password#1' } }));
  }
  const upstreams = await upstreamsOf(attempts.map((attempt) => attempt.requestId));
  const statuses = attempts.map((attempt) => attempt.status);
  const admitted = statuses.slice(0, limit);
  const refused = statuses.slice(limit);
  const ok = admitted.every((status) => status !== 429) && refused.every((status) => status === 429)
    && apis.every((api) => upstreams.slice(0, limit).includes(api)) && apis.every((api) => upstreams.slice(limit).includes(api));
  check('rate limits shared', ok,
    `${limit + extra} sign-ins against a limit of ${limit}/min: ${statuses.join(' ')}; ` +
    `admitted by ${tally(upstreams.slice(0, limit))}; refused by ${tally(upstreams.slice(limit))}`);
});

await guardedCheck('forged client addresses are not believed', async () => {
  // A client naming another address in each request's X-Forwarded-For would get a fresh
  // per-address budget each time if the proxy passed the header on: deploy/nginx.conf replaces it.
  const limit = Number(env.RATE_LIMIT_SIGN_IN_PER_MINUTE ?? 10);
  const email = `scale-forged-${randomUUID()}@example.org`;
  const statuses = [];
  for (let i = 0; i < limit + 4; i += 1) {
    statuses.push((await viaProxy('/api/auth/sign-in', { method: 'POST', body: { email, password: 'Not-the-password#1' }, forwardedFor: `10.9.0.${i + 1}` })).status);
  }
  check('forged client addresses are not believed', statuses.slice(limit).every((status) => status === 429),
    `${limit + 4} sign-ins, each claiming another address: ${statuses.join(' ')}`);
});

// nginx's log goes with the processes' logs, for a look after the run.
for (const name of ['access.log', 'error.log', 'nginx.conf']) {
  if (existsSync(join(nginxPrefix, name))) writeFileSync(join(logDir, `nginx-${name}`), readFileSync(join(nginxPrefix, name)));
}
const failed = printSummary();
await group.stop(failed ? 1 : 0);
