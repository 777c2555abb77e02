// Benchmark of the published-papers list and search (issue 3's speed goals), against a bare
// Node `http` + `pg` server running the same SQL and returning the same JSON.
//   node bench/papers-bench.mjs [--papers 100000] [--requests 300] [--duration 10] [--connections 10]
//                                [--cases "first page,deepest page"] [--adversarial-requests 100] [--only-adversarial]
// It builds a database `journal_bench_<papers>` once (migrations + `seed --papers N`), starts the
// API (NODE_ENV=production, LOG_LEVEL=warn) and the bare server on free ports, checks that both
// answer every case with identical JSON, then measures for each case:
//   - latency: `--requests` sequential requests after a warm-up, p50 and p95 in ms;
//   - throughput: autocannon with `--connections` for `--duration` s, requests per second,
//     and the API's throughput as a ratio of the bare server's.
// Then the adversarial searches (`adversarial` below: long, common, never-together, one-letter,
// punctuation, maximum length), API only, each `--adversarial-requests` sequential requests after
// a warm-up: p50, p99 and max per query, and the worst of them all (issue 16: every query within
// 25 ms at 1,000,000 papers; report the worst, not the typical).
// Run `npm run build` first. Results are printed as Markdown tables for docs/performance.md.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { portIsFree, prepareDatabase, root, runBackendCli, waitForHttp } from '../scripts/lib/stack.mjs';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // Comma-separated case names (see `cases` below); all of them by default.
    cases: { type: 'string' },
    'adversarial-requests': { type: 'string', default: '100' },
    // Skip the five cases (and autocannon): measure the adversarial searches only.
    'only-adversarial': { type: 'boolean', default: false },
  },
});
const paperCount = Number(values.papers);
const requests = Number(values.requests);
const duration = Number(values.duration);
const connections = Number(values.connections);
const adversarialRequests = Number(values['adversarial-requests']);

// What a student may type or paste, and what someone may send to make the search slow. Words from
// the bulk seeder's vocabulary (bulk-papers.seeder.ts), so that they are common where they should
// be; every q is at most 200 characters after trimming (ListPapersQueryDto), the most the API takes.
const MAX_Q = 200;
const adversarial = [
  ['pasted sentence (27 words)', 'We designed an experiment that can be repeated with equipment found in most schools and compared the results with published reference values over several weeks of measurements'],
  ['many common words', 'the and of we a to in with that by from for on results data study'],
  ['common words never together', 'low-cost tells'],
  ['four common title words never together', 'modelling predicting comparing measuring'],
  ['rare words never together', 'stormwater tardigrade'],
  ['a word found nowhere', 'xylophonequartz'],
  ['200-character word', 'measurements'.repeat(17).slice(0, MAX_Q)],
  ['200 characters of words joined by dots', 'the.results.of.the.study.show.a.clear.relationship.between.the.data.and.we.compared.them.with.published.reference.values.and.measurements.over.several.weeks.of.the.study.with.the.results.of.our.method'.slice(0, MAX_Q)],
  ['one letter', 'a'],
  ['eight single letters', 'a b c d e f g h'],
  ['two-letter words, 200 characters', 'we an of to in by at on is it or as '.repeat(6).slice(0, MAX_Q).trim()],
  ['punctuation only', '!!! ??? ... --- %_% <-> &'],
  ['letters inside punctuation', '!!! ??? ... --- (a|b) & !c :* <-> %_%'],
  ['the longest query (200 characters of common words)', 'results measurements published students experiment equipment compared relationship statistical variation limitations literature reproduce predicted observed reference values analysis scripts'.slice(0, MAX_Q)],
];
for (const [name, q] of adversarial) if (q.trim().length > MAX_Q) throw new Error(`"${name}" is longer than the API accepts`);

async function freePort() {
  for (let port = 40000 + Math.floor(Math.random() * 20000); ; port += 1) if (await portIsFree(port)) return port;
}

const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const databaseUrl = new URL(server);
databaseUrl.pathname = `/journal_bench_${paperCount}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
  PUBLIC_URL: 'http://localhost',
  DATABASE_URL: databaseUrl.toString(),
  REDIS_PREFIX: 'bench',
  // Production mode wants a payment provider; the bench never pays.
  PAYMENTS_PROVIDER: 'test',
};

async function publishedCount() {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from research_papers where status = 'published'");
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

await prepareDatabase(databaseUrl.toString());
runBackendCli('migrate', [], env);
if ((await publishedCount()) < paperCount) {
  console.log(`Loading ${paperCount} papers into ${databaseUrl.pathname.slice(1)} ...`);
  await prepareDatabase(databaseUrl.toString(), { fresh: true });
  runBackendCli('migrate', [], env);
  const started = Date.now();
  runBackendCli('seed', ['--force', '--papers', String(paperCount)], env);
  console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
const total = await publishedCount();

// The deepest page: the cursor of the paper just before the last full page.
const { encodePaperCursor } = await import('../backend/dist/modules/papers/paper-cursor.js');
const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
const { rows: [deep] } = await client.query(
  `select id, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
     from research_papers where status = 'published' order by published_at desc, id desc offset $1 limit 1`,
  [Math.max(0, total - 13)],
);
const matches = async (sql, params) => (await client.query(`select count(*)::int as n from research_papers where status = 'published' and ${sql}`, params)).rows[0].n;
const allCases = [
  { name: 'first page', query: '', matching: total },
  { name: 'selective term', query: 'q=stormwater', matching: await matches("search_text ilike '%stormwater%'", []) },
  { name: 'common term', query: 'q=climate', matching: await matches("search_text ilike '%climate%'", []) },
  { name: 'category filter', query: 'category=Physics', matching: await matches("category = 'Physics'", []) },
  { name: 'deepest page', query: `cursor=${encodePaperCursor({ publishedAt: deep.at, id: deep.id })}`, matching: 12 },
];
await client.end();
const selected = values.cases?.split(',').map((name) => name.trim());
const unknownCase = selected?.find((name) => !allCases.some((benchCase) => benchCase.name === name));
if (unknownCase) {
  console.error(`Unknown case "${unknownCase}"; the cases are: ${allCases.map((benchCase) => benchCase.name).join(', ')}.`);
  process.exit(1);
}
const cases = values['only-adversarial'] ? [] : selected ? allCases.filter((benchCase) => selected.includes(benchCase.name)) : allCases;

const apiPort = await freePort();
const barePort = await freePort();
const children = [
  spawn(process.execPath, ['dist/main.js'], { cwd: join(root, 'backend'), env: { ...env, PORT: String(apiPort) }, stdio: 'inherit' }),
  spawn(process.execPath, [join(root, 'bench/bare-papers-server.mjs')], { env: { ...env, PORT: String(barePort) }, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.killed || child.kill('SIGTERM'));
process.on('exit', stop);

if (!(await waitForHttp(`http://127.0.0.1:${apiPort}/api/health/live`)) || !(await waitForHttp(`http://127.0.0.1:${barePort}/api/papers?limit=1`))) {
  console.error('A server did not start.');
  process.exit(1);
}

const fetchJson = async (port, query) => (await fetch(`http://127.0.0.1:${port}/api/papers?${query}`)).text();
for (const benchCase of cases) {
  const [api, bare] = await Promise.all([fetchJson(apiPort, benchCase.query), fetchJson(barePort, benchCase.query)]);
  if (api !== bare) {
    console.error(`The two servers answer "${benchCase.name}" differently:\n${api.slice(0, 300)}\n${bare.slice(0, 300)}`);
    process.exit(1);
  }
}

for (const [name, q] of adversarial) {
  const query = new URLSearchParams({ q }).toString();
  const [api, bare] = await Promise.all([fetchJson(apiPort, query), fetchJson(barePort, query)]);
  if (api !== bare || !api.startsWith('{"items":')) {
    console.error(`The two servers answer "${name}" differently (or not with a page):\n${api.slice(0, 300)}\n${bare.slice(0, 300)}`);
    process.exit(1);
  }
}

async function latency(port, query, count = requests, warmUp = 30) {
  const url = `http://127.0.0.1:${port}/api/papers?${query}`;
  for (let i = 0; i < warmUp; i += 1) await (await fetch(url)).arrayBuffer();
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99), max: times.at(-1) };
}

async function throughput(port, query) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/api/papers?${query}`, connections, duration });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const rows = [];
for (const benchCase of cases) {
  const apiLatency = await latency(apiPort, benchCase.query);
  const bareLatency = await latency(barePort, benchCase.query);
  const apiRps = await throughput(apiPort, benchCase.query);
  const bareRps = await throughput(barePort, benchCase.query);
  rows.push({ ...benchCase, apiLatency, bareLatency, apiRps, bareRps });
  console.log(`${benchCase.name}: api p95 ${apiLatency.p95.toFixed(2)} ms, ${apiRps.toFixed(0)} req/s; bare p95 ${bareLatency.p95.toFixed(2)} ms, ${bareRps.toFixed(0)} req/s`);
}

const adversarialRows = [];
for (const [name, q] of adversarial) {
  const query = new URLSearchParams({ q }).toString();
  const items = JSON.parse(await fetchJson(apiPort, query)).items.length;
  const result = await latency(apiPort, query, adversarialRequests, 5);
  adversarialRows.push({ name, q, items, ...result });
  console.log(`${name}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(2)} ms`);
}

if (rows.length > 0) {
  console.log(`\n${total} published papers; latency from ${requests} sequential requests; throughput with ${connections} connections for ${duration} s.\n`);
  console.log('| case | matching papers | API p50 | API p95 | bare p50 | bare p95 | API req/s | bare req/s | ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.matching} | ${row.apiLatency.p50.toFixed(2)} ms | ${row.apiLatency.p95.toFixed(2)} ms | ${row.bareLatency.p50.toFixed(2)} ms | ${row.bareLatency.p95.toFixed(2)} ms | ${row.apiRps.toFixed(0)} | ${row.bareRps.toFixed(0)} | ${(row.apiRps / row.bareRps).toFixed(2)} |`);
  }
}
console.log(`\nAdversarial searches, API, ${total} published papers; ${adversarialRequests} sequential requests each.\n`);
console.log('| query | characters | papers on the first page | p50 | p99 | max |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of adversarialRows) {
  console.log(`| ${row.name} | ${row.q.length} | ${row.items} | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${row.max.toFixed(2)} ms |`);
}
const worst = adversarialRows.reduce((a, b) => (b.max > a.max ? b : a));
console.log(`\nWorst: "${worst.name}", max ${worst.max.toFixed(2)} ms (p99 ${worst.p99.toFixed(2)} ms).`);
stop();
process.exit(0);
