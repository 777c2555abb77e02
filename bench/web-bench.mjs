// Lighthouse performance of the web app's public pages (issue 16's targets), against the
// production build served by the API the way the e2e suite starts it.
//   node bench/web-bench.mjs [--runs 3] [--preset mobile|desktop] [--pages /,/papers]
// Starts `scripts/start.mjs --skip-install --skip-build --fresh-db` on free ports with its own
// database (journal_bench_web) and Redis prefix (bench-web), waits for /api/health, then runs
// Lighthouse (the registry's, through its Node API) with Debian's Chromium, headless, `--runs`
// times per page, performance category only. Mobile preset by default (Lighthouse's default:
// Moto G Power emulation, simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU); `--preset desktop`
// uses Lighthouse's desktop config. Prints the median score and metrics of each page, the
// JavaScript of / (bytes transferred, and the gzip -9 size of the same files in frontend/dist,
// the measure), the API requests of each page (a preload from the HTML the page did not
// reuse shows as the same URL twice), and PASS/MISS against the targets. Reports; never fails on a miss.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { portIsFree, root, waitForHttp } from '../scripts/lib/stack.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'mobile' },
    pages: { type: 'string', default: '/,/papers' },
  },
});
const runs = Number(values.runs);
const preset = values.preset;
if (!['mobile', 'desktop'].includes(preset)) throw new Error(`--preset is mobile or desktop, not ${preset}`);
const pages = values.pages.split(',').map((page) => page.trim());
const TARGET_SCORE = 98;
const TARGET_LANDING_JS_KB = 120;

async function freePort() {
  for (let port = 40000 + Math.floor(Math.random() * 20000); ; port += 1) if (await portIsFree(port)) return port;
}

const [port, smtpPort, mailUiPort, orcidPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
const baseUrl = `http://127.0.0.1:${port}`;
const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = '/journal_bench_web';

const stack = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--skip-install', '--skip-build', '--fresh-db'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    SMTP_PORT: String(smtpPort),
    MAIL_UI_PORT: String(mailUiPort),
    ORCID_STAND_IN_PORT: String(orcidPort),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: server.toString(),
    REDIS_PREFIX: 'bench-web',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stackExited = new Promise((resolve) => stack.once('exit', resolve));
const stopStack = async () => {
  if (stack.exitCode === null && stack.signalCode === null) stack.kill('SIGTERM');
  await stackExited;
};
process.once('SIGINT', () => void stopStack().then(() => process.exit(130)));

let chrome;
try {
  console.log(`Starting the journal on ${baseUrl} (database journal_bench_web) ...`);
  const ready = await Promise.race([
    waitForHttp(`${baseUrl}/api/health`, { timeoutMs: 120_000 }),
    stackExited.then(() => false),
  ]);
  if (!ready) throw new Error('The journal did not become ready.');

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const config = preset === 'desktop' ? desktopConfig : undefined;

  // Warm the API (first queries, JIT) so that run 1 is not an outlier.
  for (const page of pages) await (await fetch(`${baseUrl}${page === '/papers' ? '/api/papers' : '/'}`)).arrayBuffer();

  const results = [];
  for (const page of pages) {
    const pageRuns = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await audit(`${baseUrl}${page}`, flags, config);
      const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
      pageRuns.push({
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
        scripts: scripts.map((item) => ({ url: item.url, transferSize: item.transferSize, start: item.networkRequestTime, end: item.networkEndTime })),
        api: lhr.audits['network-requests'].details.items
          .filter((item) => new URL(item.url).pathname.startsWith('/api/'))
          .map((item) => ({ url: item.url, start: item.networkRequestTime, end: item.networkEndTime })),
      });
      console.log(`  ${page} run ${run + 1}: ${pageRuns.at(-1).score}`);
    }
    results.push({ page, runs: pageRuns });
  }

  const median = (numbers) => {
    const sorted = [...numbers].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

  console.log(`\nLighthouse ${lhrVersion()} performance, ${preset} preset, median of ${runs} run(s):\n`);
  console.log('| page | score | runs | FCP | LCP | TBT | CLS | Speed Index | JS transferred | JS gzip -9 |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  const summary = [];
  for (const { page, runs: pageRuns } of results) {
    const score = median(pageRuns.map((run) => run.score));
    const transferred = median(pageRuns.map((run) => run.scripts.reduce((sum, script) => sum + script.transferSize, 0)));
    const gzipped = gzipOfScripts(pageRuns[0].scripts);
    summary.push({ page, score, gzipped });
    console.log(
      `| ${page} | ${score} | ${pageRuns.map((run) => run.score).join(' / ')} | ${seconds(median(pageRuns.map((run) => run.fcp)))} | ` +
        `${seconds(median(pageRuns.map((run) => run.lcp)))} | ${Math.round(median(pageRuns.map((run) => run.tbt)))} ms | ` +
        `${median(pageRuns.map((run) => run.cls)).toFixed(2)} | ${seconds(median(pageRuns.map((run) => run.si)))} | ${kb(transferred)} | ${kb(gzipped)} |`,
    );
  }
  for (const { page, runs: pageRuns } of results) {
    console.log(`\nScripts of ${page} (first run; ms from navigation start, as observed before throttling is simulated):`);
    for (const script of pageRuns[0].scripts) {
      const file = distFile(script.url);
      console.log(
        `  ${new URL(script.url).pathname}  at ${Math.round(script.start)}-${Math.round(script.end)} ms, transferred ${kb(script.transferSize)}, ` +
          `gzip -9 ${file ? kb(gzipSync(readFileSync(file), { level: 9 }).length) : '?'}`,
      );
    }
  }
  for (const { page, runs: pageRuns } of results) {
    // A preload the page does not reuse (another URL or credentials mode) shows as the same URL twice.
    const api = pageRuns[0].api;
    if (api.length === 0) continue;
    console.log(`\nAPI requests of ${page} (first run):`);
    for (const request of api) console.log(`  ${new URL(request.url).pathname}${new URL(request.url).search}  at ${Math.round(request.start)}-${Math.round(request.end)} ms`);
  }
  console.log('');
  for (const { page, runs: pageRuns } of results) {
    const urls = pageRuns.flatMap((run) => run.api.map((request) => request.url));
    const twice = pageRuns.some((run) => new Set(run.api.map((request) => request.url)).size < run.api.length);
    if (urls.length > 0) console.log(`${twice ? 'MISS' : 'PASS'}  ${page}: no API request made twice (a preload the page did not use)`);
  }
  for (const { page, score, gzipped } of summary) {
    console.log(`${score >= TARGET_SCORE ? 'PASS' : 'MISS'}  ${page}: performance ${score} (target at least ${TARGET_SCORE})`);
    if (page === '/') {
      console.log(`${gzipped <= TARGET_LANDING_JS_KB * 1024 ? 'PASS' : 'MISS'}  /: JavaScript ${kb(gzipped)} gzip (target at most ${TARGET_LANDING_JS_KB} KB)`);
    }
  }
} finally {
  await chrome?.kill();
  await stopStack();
}

/** One Lighthouse run; a run Lighthouse itself could not record (NO_NAVSTART now and then) is run again. */
async function audit(url, flags, config) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, flags, config);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`  (${lhr.runtimeError.code}; running again)`);
  }
}

function lhrVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

/** The built file behind a script URL, when it is one of the served build's (WEB_DIST_DIR, as the API reads it). */
function distFile(url) {
  const file = join(process.env.WEB_DIST_DIR ?? join(root, 'frontend/dist'), new URL(url).pathname);
  return existsSync(file) ? file : null;
}

function gzipOfScripts(scripts) {
  return scripts.reduce((sum, script) => {
    const file = distFile(script.url);
    return sum + (file ? gzipSync(readFileSync(file), { level: 9 }).length : script.transferSize);
  }, 0);
}
