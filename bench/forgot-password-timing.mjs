// Does forgot-password answer a registered address as fast as an unknown one? (issue: 8-19 ms
// against 3-6 ms told strangers who has an account.) Against a running journal:
//   RATE_LIMIT_AUTH_PER_MINUTE=100000 npm start     (the per-address limit would stop the run)
//   node bench/forgot-password-timing.mjs [--url http://localhost:3000] [--known author@example.org] [--requests 200]
// Requests go to the known address and to fresh unknown ones, one at a time after a warm-up; p50 and p95 in ms are printed for each, with the ratio of the medians. The known
// address's inbox quota runs out after a few requests, which changes nothing in the answer.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    known: { type: 'string', default: 'author@example.org' },
    requests: { type: 'string', default: '200' },
  },
});
const requests = Number(values.requests);

async function timeOne(email) {
  const started = performance.now();
  const response = await fetch(`${values.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  if (response.status !== 202) throw new Error(`forgot-password answered ${response.status}`);
  return performance.now() - started;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

for (let i = 0; i < 20; i += 1) await timeOne(i % 2 ? values.known : `warm-up-${i}@example.org`);
const known = [];
const unknown = [];
// The work each request leaves behind runs just after its answer; a short pause keeps it out
// of the next measurement, and a random order keeps either kind from always going first.
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
for (let i = 0; i < requests; i += 1) {
  const pair = [
    async () => known.push(await timeOne(values.known)),
    async () => unknown.push(await timeOne(`nobody-${Date.now()}-${i}@example.org`)),
  ];
  if (Math.random() < 0.5) pair.reverse();
  for (const run of pair) {
    await run();
    await pause();
  }
}
known.sort((a, b) => a - b);
unknown.sort((a, b) => a - b);
console.log('| address | p50 ms | p95 ms |\n|---|---|---|');
console.log(`| registered | ${percentile(known, 50).toFixed(2)} | ${percentile(known, 95).toFixed(2)} |`);
console.log(`| unknown | ${percentile(unknown, 50).toFixed(2)} | ${percentile(unknown, 95).toFixed(2)} |`);
console.log(`\nmedian ratio registered/unknown: ${(percentile(known, 50) / percentile(unknown, 50)).toFixed(2)}`);
