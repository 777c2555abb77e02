// Benchmark of the published-papers list and search (issue 3's speed goals), against a bare
// Node `http` + `pg` server running the same SQL and returning the same JSON.
//   node bench/papers-bench.mjs [--papers 100000] [--corpus template|realistic] [--requests 300] [--duration 10]
//                                [--rounds 5] [--connections 10] [--cases "first page,deepest page"] [--no-conditional]
//                                [--api-flags=...] [--adversarial-requests 100] [--only-adversarial]
// It builds a database once (migrations + `seed --papers N --corpus C`): `journal_bench_<papers>` for
// the template corpus (a small vocabulary), `journal_bench_real_<papers>` for the realistic one
// (the words of real abstracts, backend/src/cli/seeders/realistic-corpus.ts). It starts on
// free ports the API as deployed (NODE_ENV=production, LOG_LEVEL=warn), so with its cache of
// list pages; the same API with that cache turned off (PAPERS_LIST_CACHE_MB=0), which runs the
// list's queries for every request as the bare server does; and the bare server. It checks that
// the three answer every case with identical JSON, then measures for each case:
//   - latency: `--requests` sequential requests after a warm-up, p50 and p95 in ms, of each;
//   - throughput: autocannon with `--connections` for `--duration` s, requests per second of
//     each, and each API's throughput as a ratio of the bare server's. The servers take turns:
//     `--rounds` slices of duration/rounds s each, in turn (the order rotating each round), so
//     that a change of the machine's load during the case weighs on all of them alike;
//   - unless `--no-conditional`: throughput of both APIs for requests that carry the page's
//     current ETag in If-None-Match (304, no body), a separate table: the bare server has no ETags.
// Then the adversarial searches (`adversarial` below: long, common, never-together, one-letter,
// punctuation, maximum length), on the API without the cache (with it, every repetition after the
// first would be answered from memory), each `--adversarial-requests` sequential requests after
// a warm-up: p50, p99 and max per query, and the worst of them all (issue 16: every query within
// 25 ms at 1,000,000 papers; report the worst, not the typical).
// Run `npm run build` first. Results are printed as Markdown tables for docs/performance.md.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_NODE_FLAGS, portIsFree, root, waitForHttp } from '../scripts/lib/stack.mjs';
import { CORPORA, ensurePapersDatabase } from './lib/papers-database.mjs';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    // Which generator writes the papers: `template` or `realistic` (seed --corpus).
    corpus: { type: 'string', default: 'template' },
    requests: { type: 'string', default: '300' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    // Comma-separated case names (see `cases` below); all of them by default.
    cases: { type: 'string' },
    'adversarial-requests': { type: 'string', default: '100' },
    // Skip the five cases (and autocannon): measure the adversarial searches only.
    'only-adversarial': { type: 'boolean', default: false },
    // Skip the table of conditional requests (If-None-Match).
    'no-conditional': { type: 'boolean', default: false },
    // Node flags for both APIs, space-separated; the API's own (API_NODE_FLAGS) by default, `--api-flags=` for none.
    'api-flags': { type: 'string' },
  },
});
const paperCount = Number(values.papers);
const corpus = values.corpus;
if (!CORPORA.includes(corpus)) {
  console.error(`--corpus needs ${CORPORA.join(' or ')}, got ${JSON.stringify(corpus)}.`);
  process.exit(2);
}
const requests = Number(values.requests);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const adversarialRequests = Number(values['adversarial-requests']);
const apiFlags = (values['api-flags'] ?? API_NODE_FLAGS.join(' ')).split(' ').filter(Boolean);

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

const { databaseUrl, env, total } = await ensurePapersDatabase(paperCount, corpus);

// The deepest page: the cursor of the paper just before the last full page.
const { encodePaperCursor } = await import('../backend/dist/modules/catalogue/list/paper-cursor.js');
const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
const { rows: [deep] } = await client.query(
  `select id, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
     from research_papers where status = 'published' order by published_at desc, id desc offset $1 limit 1`,
  [Math.max(0, total - 13)],
);
const matches = async (sql, params) => (await client.query(`select count(*)::int as n from research_papers where status = 'published' and ${sql}`, params)).rows[0].n;
/** The share of papers that have this whole word (the word index, research_paper_search_words). */
const wordShare = async (word) => (await matches('research_paper_search_words(search_text) @> array[$1]', [word])) / total;
/**
 * A word of the realistic corpus in about `share` of the papers: a binary search over the ranks
 * of its vocabulary (a word's frequency falls with its rank), measured in this database.
 */
async function wordInShare(vocabulary, share, skip = []) {
  let low = 0;
  let high = 200_000;
  let best = null;
  while (high - low > 1) {
    const rank = Math.round(Math.sqrt(low * high)) || 1;
    const word = vocabulary.words[rank];
    if (word.length < 3 || skip.includes(word)) {
      low += 1;
      continue;
    }
    const measured = await wordShare(word);
    if (!best || Math.abs(Math.log(measured / share)) < Math.abs(Math.log(best.measured / share))) best = { word, measured };
    if (measured > share) low = rank;
    else high = rank;
  }
  return best.word;
}
/**
 * The kinds of query that were slow on a real vocabulary (issue 28), picked by their measured
 * frequency in this database, as [name, q, category?]; and the bench's selective and common
 * terms among them.
 */
async function realisticSearches() {
  const { HEAD_WORDS, rankedVocabulary } = await import('../backend/dist/cli/seeders/realistic-corpus.js');
  const vocabulary = rankedVocabulary();
  const rare = await wordInShare(vocabulary, 0.002);
  const inOnePercent = await wordInShare(vocabulary, 0.01);
  const alsoInOnePercent = await wordInShare(vocabulary, 0.01, [inOnePercent]);
  const inPointSevenPercent = await wordInShare(vocabulary, 0.007);
  // Head words that lie inside more than 64 words of the vocabulary, the ones the word index could not take before it looked up parts in up to 256 (MAX_PART_WORDS).
  const inManyWords = HEAD_WORDS.slice(40).filter((word) => word.length >= 3 && vocabulary.words.filter((other) => other.includes(word)).length > 64).slice(0, 4);
  const commonWords = HEAD_WORDS.slice(20).join(' ').slice(0, MAX_Q).replace(/ \S*$/, '');
  const common = HEAD_WORDS[60];
  const searches = [
    ['one common word', common],
    ['a year (2019)', '2019'],
    ['two words that rarely occur together', `${inOnePercent} ${alsoInOnePercent}`],
    ['a word in about 0.7% of papers', inPointSevenPercent],
    ['four common words, each inside more than 64 words', inManyWords.join(' ')],
    ['a category plus a rare word', rare, 'Physics'],
    ['200 characters of common science words', commonWords],
    ['a word found nowhere (realistic)', 'xylophonequartzes'],
  ];
  return { searches, terms: { selective: rare, common } };
}
let terms = { selective: 'stormwater', common: 'climate' };
if (corpus === 'realistic') {
  const realistic = await realisticSearches();
  adversarial.unshift(...realistic.searches);
  terms = realistic.terms;
}

const allCases = [
  { name: 'first page', query: '', matching: total },
  { name: 'selective term', query: `q=${terms.selective}`, matching: await matches('search_text like $1', [`%${terms.selective}%`]) },
  { name: 'common term', query: `q=${terms.common}`, matching: await matches('search_text like $1', [`%${terms.common}%`]) },
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

const startLoad = loadavg();
const apiPort = await freePort();
const uncachedPort = await freePort();
const barePort = await freePort();
const startApi = (port, extra = {}) =>
  spawn(process.execPath, [...apiFlags, 'dist/main.js'], { cwd: join(root, 'backend'), env: { ...env, ...extra, PORT: String(port) }, stdio: 'inherit' });
const children = [
  startApi(apiPort),
  startApi(uncachedPort, { PAPERS_LIST_CACHE_MB: '0' }),
  spawn(process.execPath, [join(root, 'bench/bare-papers-server.mjs')], { env: { ...env, PORT: String(barePort) }, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.killed || child.kill('SIGTERM'));
process.on('exit', stop);

const ready = await Promise.all([
  waitForHttp(`http://127.0.0.1:${apiPort}/api/health/live`),
  waitForHttp(`http://127.0.0.1:${uncachedPort}/api/health/live`),
  waitForHttp(`http://127.0.0.1:${barePort}/api/papers?limit=1`),
]);
if (!ready.every(Boolean)) {
  console.error('A server did not start.');
  process.exit(1);
}

const fetchJson = async (port, query) => (await fetch(`http://127.0.0.1:${port}/api/papers?${query}`)).text();
const answersOfAll = (query) => Promise.all([apiPort, uncachedPort, barePort].map((port) => fetchJson(port, query)));
for (const benchCase of cases) {
  const [api, uncached, bare] = await answersOfAll(benchCase.query);
  if (api !== bare || uncached !== bare) {
    console.error(`The servers answer "${benchCase.name}" differently:\n${api.slice(0, 300)}\n${uncached.slice(0, 300)}\n${bare.slice(0, 300)}`);
    process.exit(1);
  }
}

const searchQuery = (q, category) => new URLSearchParams({ q, ...(category ? { category } : {}) }).toString();
for (const [name, q, category] of adversarial) {
  const query = searchQuery(q, category);
  const [api, uncached, bare] = await answersOfAll(query);
  if (api !== bare || uncached !== bare || !api.startsWith('{"items":')) {
    console.error(`The servers answer "${name}" differently (or not with a page):\n${api.slice(0, 300)}\n${uncached.slice(0, 300)}\n${bare.slice(0, 300)}`);
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

/** Requests per second over `seconds`; with `etag`, every request carries it in If-None-Match and must be answered 304. */
async function throughputSlice(port, query, seconds, etag) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/papers?${query}`,
    connections,
    duration: seconds,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  const expected = etag ? result['3xx'] : result['2xx'];
  if (result.errors || expected !== result.requests.total) {
    throw new Error(`${result.requests.total - expected} answers other than ${etag ? 304 : 200}, ${result.errors} errors`);
  }
  return result.requests.total / seconds;
}

/** Each server's requests per second for `duration` s in all, the servers taking turns in `rounds` slices. */
async function throughputs(ports, query, etag) {
  const totals = ports.map(() => 0);
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < ports.length; turn += 1) {
      const index = (round + turn) % ports.length;
      totals[index] += await throughputSlice(ports[index], query, duration / rounds, etag);
    }
  }
  return totals.map((total) => total / rounds);
}

const rows = [];
for (const benchCase of cases) {
  const apiLatency = await latency(apiPort, benchCase.query);
  const uncachedLatency = await latency(uncachedPort, benchCase.query);
  const bareLatency = await latency(barePort, benchCase.query);
  const [apiRps, uncachedRps, bareRps] = await throughputs([apiPort, uncachedPort, barePort], benchCase.query);
  rows.push({ ...benchCase, apiLatency, uncachedLatency, bareLatency, apiRps, uncachedRps, bareRps });
  console.log(
    `${benchCase.name}: api p95 ${apiLatency.p95.toFixed(2)} ms, ${apiRps.toFixed(0)} req/s; ` +
      `uncached p95 ${uncachedLatency.p95.toFixed(2)} ms, ${uncachedRps.toFixed(0)} req/s; bare p95 ${bareLatency.p95.toFixed(2)} ms, ${bareRps.toFixed(0)} req/s`,
  );
}

const conditionalRows = [];
if (!values['no-conditional']) {
  for (const benchCase of cases) {
    const url = `http://127.0.0.1:${apiPort}/api/papers?${benchCase.query}`;
    const etag = (await fetch(url)).headers.get('etag');
    const [apiRps, uncachedRps] = await throughputs([apiPort, uncachedPort], benchCase.query, etag);
    conditionalRows.push({ ...benchCase, apiRps, uncachedRps, bareRps: rows.find((row) => row.name === benchCase.name).bareRps });
    console.log(`${benchCase.name}, If-None-Match: api ${apiRps.toFixed(0)} req/s; uncached ${uncachedRps.toFixed(0)} req/s (304)`);
  }
}

const adversarialRows = [];
for (const [name, q, category] of adversarial) {
  const query = searchQuery(q, category);
  const items = JSON.parse(await fetchJson(uncachedPort, query)).items.length;
  const result = await latency(uncachedPort, query, adversarialRequests, 5);
  adversarialRows.push({ name, q, items, ...result });
  console.log(`${name}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(2)} ms`);
}

// Issue 28: pages 2 and 50 of a search as fast as its first page. Every adversarial query with a
// full first page, followed by its cursors; a page it does not reach is left out.
async function cursorOfPage(query, page) {
  let cursor = null;
  for (let at = 1; at < page; at += 1) {
    const body = JSON.parse(await fetchJson(uncachedPort, cursor ? `${query}&${new URLSearchParams({ cursor })}` : query));
    cursor = body.nextCursor;
    if (!cursor) return null;
  }
  return cursor;
}
const pageRows = [];
const { DEFAULT_PAGE_SIZE } = await import('../backend/dist/modules/catalogue/dtos/list-papers.query.js');
for (const row of adversarialRows.filter((candidate) => candidate.items === DEFAULT_PAGE_SIZE)) {
  const [, , category] = adversarial.find(([name]) => name === row.name);
  const query = searchQuery(row.q, category);
  const pages = { 1: row };
  for (const page of [2, 50]) {
    const cursor = await cursorOfPage(query, page);
    if (cursor) pages[page] = await latency(uncachedPort, `${query}&${new URLSearchParams({ cursor })}`, adversarialRequests, 5);
  }
  pageRows.push({ name: row.name, pages });
  console.log(`${row.name}: page 2 p50 ${pages[2]?.p50.toFixed(2) ?? '-'} ms, page 50 p50 ${pages[50]?.p50.toFixed(2) ?? '-'} ms`);
}

const ms = (value) => `${value.toFixed(2)} ms`;
console.log(`\nLoad average when the run started: ${startLoad.map((value) => value.toFixed(2)).join(', ')} (1, 5, 15 min).`);
if (rows.length > 0) {
  console.log(`\n${total} published papers; latency from ${requests} sequential requests; throughput with ${connections} connections for ${duration} s each, in ${rounds} turns.`);
  console.log('"API": as deployed, with its cache of list pages; "uncached": the same API with PAPERS_LIST_CACHE_MB=0.\n');
  console.log('| case | matching papers | API p50 | API p95 | uncached p50 | uncached p95 | bare p50 | bare p95 | API req/s | uncached req/s | bare req/s | ratio | uncached ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.matching} | ${ms(row.apiLatency.p50)} | ${ms(row.apiLatency.p95)} | ${ms(row.uncachedLatency.p50)} | ${ms(row.uncachedLatency.p95)} | ` +
        `${ms(row.bareLatency.p50)} | ${ms(row.bareLatency.p95)} | ${row.apiRps.toFixed(0)} | ${row.uncachedRps.toFixed(0)} | ${row.bareRps.toFixed(0)} | ` +
        `${(row.apiRps / row.bareRps).toFixed(2)} | ${(row.uncachedRps / row.bareRps).toFixed(2)} |`,
    );
  }
}
if (conditionalRows.length > 0) {
  console.log('\nConditional requests: every request carries the current ETag in If-None-Match and is answered 304 without a body (the bare server has no ETags; its column is its plain 200s from the table above).\n');
  console.log('| case | API req/s (304) | uncached req/s (304) | bare req/s (200) |');
  console.log('|---|---:|---:|---:|');
  for (const row of conditionalRows) console.log(`| ${row.name} | ${row.apiRps.toFixed(0)} | ${row.uncachedRps.toFixed(0)} | ${row.bareRps.toFixed(0)} |`);
}
console.log(`\nAdversarial searches, API without the cache, ${total} published papers; ${adversarialRequests} sequential requests each.\n`);
console.log('| query | q | characters | papers on the first page | p50 | p95 | p99 | max |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
const shown = (q) => (q.length > 40 ? `${q.slice(0, 37)}...` : q).replace(/[|`]/g, (character) => `\\${character}`);
for (const row of adversarialRows) {
  console.log(`| ${row.name} | \`${shown(row.q)}\` | ${row.q.length} | ${row.items} | ${row.p50.toFixed(2)} ms | ${row.p95.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${row.max.toFixed(2)} ms |`);
}
if (pageRows.length > 0) {
  console.log('\nLater pages of the searches with a full first page (p50 / p95; "-": the search has fewer pages).\n');
  console.log('| query | page 1 | page 2 | page 50 |');
  console.log('|---|---:|---:|---:|');
  const cell = (result) => (result ? `${result.p50.toFixed(2)} / ${result.p95.toFixed(2)} ms` : '-');
  for (const row of pageRows) console.log(`| ${row.name} | ${cell(row.pages[1])} | ${cell(row.pages[2])} | ${cell(row.pages[50])} |`);
}
// Issue 28: the worst median within 5 times the one-word query's, measured in the same run.
const oneWord = adversarialRows.find((row) => row.name === 'one common word');
const worstMedian = adversarialRows.reduce((a, b) => (b.p50 > a.p50 ? b : a));
if (oneWord) console.log(`\nWorst median: "${worstMedian.name}", ${worstMedian.p50.toFixed(2)} ms, ${(worstMedian.p50 / oneWord.p50).toFixed(1)} times the one-word query's ${oneWord.p50.toFixed(2)} ms.`);
const worst = adversarialRows.reduce((a, b) => (b.max > a.max ? b : a));
console.log(`\nWorst: "${worst.name}", max ${worst.max.toFixed(2)} ms (p99 ${worst.p99.toFixed(2)} ms).`);
stop();
process.exit(0);
