// Memory of the API while paper PDFs upload (issue 16's goal: ten 10 MB PDF uploads at once, the
// API's memory grows by at most 20 MB: streamed to storage, never buffered whole).
//   node bench/upload-bench.mjs [--uploads 10] [--size 10484736] [--interval 50] [--log-level warn]
//                                [--api-output] [--api-flags=--trace-gc]
// It makes a fresh database `journal_bench_upload` (migrations) and empties the Redis prefix
// `bench-upload`, makes a storage directory of its own under the system's temp directory, and
// starts the API alone (`node <API_NODE_FLAGS> backend/dist/main.js`, NODE_ENV=production, the test payment
// provider) on a free port. No worker: e-mails stay in the outbox, and the confirmation link of
// each new account is read from its outbox row (the e-mail the worker would send). Then
// `--uploads` + 1 authors go through the API as the e2e suite's do (e2e/support/api.ts): sign up,
// confirm, sign in, checkout with the test provider, complete, verify. The PDF is built in memory:
// a valid one-page PDF (`%PDF-1.7` header, xref, trailer) padded with a stream of random bytes to
// `--size` bytes (default 10 MiB - 1 KiB, just under UPLOAD_MAX_PDF_BYTES' 10 MiB).
// Warm-up: one author submits a small PDF; after a second's rest the baseline RSS is read. Then a
// thread samples the API's VmRSS (/proc/<pid>/status) every `--interval` ms while the other
// authors all submit the big PDF at once (`POST /api/papers`, multipart). The kernel's own peak
// (VmHWM, reset through /proc/<pid>/clear_refs after the baseline) is printed as well; it sees
// peaks shorter than the interval. Prints baseline, peak, growth, each upload's status and time,
// the stored files' sizes, and PASS/MISS against 20 MB. Exits 1 only if an upload failed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

if (!isMainThread) runSampler();
else await main();

/** The sampler, on a thread of its own so that the uploads in the main thread never delay a sample. */
function runSampler() {
  const { pid, interval } = workerData;
  const samples = [];
  let running = true;
  parentPort.on('message', (message) => {
    if (message === 'stop') running = false;
  });
  const sample = () => {
    samples.push({ at: performance.timeOrigin + performance.now(), rssKb: readStatusKb(pid, 'VmRSS') });
    if (running) setTimeout(sample, interval);
    else parentPort.postMessage(samples);
  };
  sample();
}

/** One `kB` field of /proc/<pid>/status (VmRSS, VmHWM), or NaN. */
function readStatusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * A valid one-page PDF of exactly `size` bytes: header, catalog, page tree, a page with a line
 * of text, and one more stream object of random bytes that makes up the size; xref and trailer.
 */
function buildPdf(size, label) {
  const text = `BT /F1 14 Tf 56 780 Td (${label}) Tj ET`;
  const build = (paddingLength, padding) => {
    const parts = [];
    const offsets = [];
    let length = 0;
    const add = (chunk) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      parts.push(buffer);
      length += buffer.length;
    };
    const object = (number, body) => {
      offsets[number] = length;
      add(`${number} 0 obj\n${body}\nendobj\n`);
    };
    // The binary comment line tells tools the file holds binary data (PDF 32000-1, 7.5.2).
    add('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
    object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>');
    object(4, `<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
    offsets[6] = length;
    add(`6 0 obj\n<< /Length ${paddingLength} >>\nstream\n`);
    add(padding ?? Buffer.alloc(paddingLength));
    add('\nendstream\nendobj\n');
    const xref = length;
    add(`xref\n0 7\n0000000000 65535 f \n${offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`);
    add(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return Buffer.concat(parts);
  };
  // The overhead depends on the digits of the padding's /Length and of the xref's offset: measured
  // twice (zeros as padding), the second time with the length found the first time.
  const overhead = (length) => build(length).length - length;
  const paddingLength = size - overhead(size - overhead(size));
  if (paddingLength < 0) throw new Error(`--size ${size} is too small for a PDF`);
  const pdf = build(paddingLength, randomBytes(paddingLength));
  if (pdf.length !== size) throw new Error(`The PDF came out at ${pdf.length} bytes, not ${size}`);
  return pdf;
}

async function main() {
  const { values } = parseArgs({
    options: {
      uploads: { type: 'string', default: '10' },
      size: { type: 'string', default: String(10 * 1024 * 1024 - 1024) },
      interval: { type: 'string', default: '50' },
      'log-level': { type: 'string', default: 'warn' },
      // Every line the API writes, not only warnings and errors.
      'api-output': { type: 'boolean', default: false },
      // Node flags for the API process, space-separated, in place of API_NODE_FLAGS (scripts/lib/stack.mjs):
      // `--api-flags=` for Node's defaults, `--api-flags="--max-semi-space-size=1 --trace-gc" --api-output` shows its GCs.
      'api-flags': { type: 'string' },
    },
  });
  const uploadCount = Number(values.uploads);
  const pdfSize = Number(values.size);
  const interval = Number(values.interval);
  for (const [name, value] of [['uploads', uploadCount], ['size', pdfSize], ['interval', interval]]) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number of at least 1`);
  }
  const LIMIT_MB = 20;

  const { API_NODE_FLAGS, clearRedisPrefix, portIsFree, prepareDatabase, root, runBackendCli, waitForHttp } = await import('../scripts/lib/stack.mjs');
  const { default: pg } = await import('pg');
  const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = '/journal_bench_upload';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = 'bench-upload';
  let port = 40000 + Math.floor(Math.random() * 20000);
  while (!(await portIsFree(port))) port += 1;
  const baseUrl = `http://127.0.0.1:${port}`;
  const storageDir = mkdtempSync(join(tmpdir(), 'journal-bench-upload-'));

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: values['log-level'],
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    PAYMENTS_PROVIDER: 'test',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: storageDir,
    // No worker runs, so nothing is ever sent; an address nobody listens on.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Every author signs in from this one address.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  };

  await prepareDatabase(databaseUrl.toString(), { fresh: true });
  runBackendCli('migrate', [], env);
  await clearRedisPrefix(redisUrl, redisPrefix);

  const api = spawn(process.execPath, [...(values['api-flags'] ?? API_NODE_FLAGS.join(' ')).split(' ').filter(Boolean), 'dist/main.js'], { cwd: join(root, 'backend'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stopping = false;
  const apiExited = new Promise((resolve) => api.once('exit', resolve));
  api.on('exit', (code, signal) => stopping || console.error(`The API exited (${signal ?? code}).`));
  // Warnings and errors are worth seeing; anything else is drained so no pipe fills up.
  const relay = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line && (values['api-output'] || /"level":(40|50|60)|Error/.test(line))) console.error(`[api] ${line}`);
  };
  api.stdout.on('data', relay);
  api.stderr.on('data', relay);
  const database = new pg.Client({ connectionString: databaseUrl.toString() });
  const cleanUp = async () => {
    stopping = true;
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
    await apiExited;
    await database.end().catch(() => undefined);
    rmSync(storageDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  let failed;
  try {
    console.log(`Starting the API on ${baseUrl} (database journal_bench_upload, storage ${storageDir}) ...`);
    const ready = await Promise.race([waitForHttp(`${baseUrl}/api/health/live`, { timeoutMs: 60_000 }), apiExited.then(() => false)]);
    if (!ready) throw new Error('The API did not become ready.');
    await database.connect();

    const call = async (method, path, { cookie, json, body, expect, redirect = 'follow' } = {}) => {
      const headers = { origin: baseUrl };
      if (cookie) headers.cookie = cookie;
      if (json !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body: json !== undefined ? JSON.stringify(json) : body, redirect });
      if (expect !== undefined && response.status !== expect) {
        throw new Error(`${method} ${path}: ${response.status} (expected ${expect}) ${(await response.text()).slice(0, 300)}`);
      }
      return response;
    };

    /** Signs up, confirms (the link from the outbox row), signs in and pays the fee; returns the session's cookie. */
    const paidAuthor = async (index) => {
      const author = {
        firstName: 'Bench',
        lastName: `Author${index}`,
        schoolName: 'Upload Bench High School',
        gradeLevel: 11,
        email: `upload-bench-${index}@bench.example`,
        password: `Bench-upload-${index}-${randomBytes(6).toString('hex')}!`,
      };
      await call('POST', '/api/auth/sign-up', { json: author, expect: 201 });
      let confirmUrl;
      for (const deadline = Date.now() + 15_000; !confirmUrl; ) {
        const { rows } = await database.query("select data from outbox_mails where template = 'confirm-email' and recipient = $1", [author.email]);
        confirmUrl = rows[0]?.data?.confirmUrl;
        if (confirmUrl) break;
        if (Date.now() > deadline) throw new Error(`No confirmation e-mail for ${author.email} in the outbox`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const confirmed = await call('GET', new URL(confirmUrl).pathname + new URL(confirmUrl).search, { redirect: 'manual', expect: 302 });
      if (!confirmed.headers.get('location')?.includes('success=email_confirmed')) throw new Error(`Confirming ${author.email} led to ${confirmed.headers.get('location')}`);
      const signedIn = await call('POST', '/api/auth/sign-in', { json: { email: author.email, password: author.password }, expect: 200 });
      const accessToken = signedIn.headers.getSetCookie().map((cookie) => /^access_token=([^;]*)/.exec(cookie)?.[1]).find(Boolean);
      if (!accessToken) throw new Error(`No access_token cookie for ${author.email}`);
      const cookie = `access_token=${accessToken}`;
      const { sessionId } = await (await call('POST', '/api/payments/checkout', { cookie, expect: 201 })).json();
      await call('POST', `/api/payments/test-checkout/${sessionId}/complete`, { cookie, expect: 200 });
      const verified = await (await call('POST', '/api/payments/verify', { cookie, json: { sessionId }, expect: 200 })).json();
      if (verified.verified !== true) throw new Error(`The fee of ${author.email} was not verified`);
      return { ...author, cookie };
    };

    const submit = async (author, pdf, title) => {
      const form = new FormData();
      form.set('title', title);
      form.set('authors', JSON.stringify([{ name: `${author.firstName} ${author.lastName}`, email: author.email, school: author.schoolName }]));
      form.set('category', 'Physics');
      form.set('abstract', 'A paper submitted by the upload benchmark.');
      form.set('pdf', new Blob([pdf], { type: 'application/pdf' }), 'paper.pdf');
      const started = performance.now();
      try {
        const response = await call('POST', '/api/papers', { cookie: author.cookie, body: form });
        const text = await response.text();
        return { status: response.status, ms: performance.now() - started, error: response.status === 201 ? null : text.slice(0, 200) };
      } catch (error) {
        return { status: 0, ms: performance.now() - started, error: String(error) };
      }
    };

    console.log(`Preparing ${uploadCount + 1} authors who have paid the fee ...`);
    const authors = [];
    for (let index = 0; index <= uploadCount; index += 1) authors.push(await paidAuthor(index));
    const bigPdf = buildPdf(pdfSize, 'Upload benchmark');
    const smallPdf = buildPdf(64 * 1024, 'Upload benchmark warm-up');

    const warmUp = await submit(authors[0], smallPdf, 'Warm-up paper');
    if (warmUp.status !== 201) throw new Error(`The warm-up upload failed: ${warmUp.status} ${warmUp.error}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baselineKb = readStatusKb(api.pid, 'VmRSS');
    // Resets the kernel's peak RSS (VmHWM) of the API to its current RSS (Linux 4.0+, our own child).
    let hwmReset = false;
    try {
      writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
      hwmReset = true;
    } catch {
      // not Linux, or not allowed: VmHWM is then not printed
    }

    const sampler = new Worker(new URL(import.meta.url), { workerData: { pid: api.pid, interval } });
    await new Promise((resolve) => setTimeout(resolve, 2 * interval));
    console.log(`Uploading ${uploadCount} PDFs of ${pdfSize} bytes (${(pdfSize / 1024 / 1024).toFixed(2)} MiB) at once ...`);
    const startedAt = performance.now();
    const results = await Promise.all(authors.slice(1).map((author, index) => submit(author, bigPdf, `Upload benchmark paper ${index + 1}`)));
    const wallMs = performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 2 * interval));
    const samples = await new Promise((resolve) => {
      sampler.once('message', resolve);
      sampler.postMessage('stop');
    });
    await sampler.terminate();
    const hwmKb = hwmReset ? readStatusKb(api.pid, 'VmHWM') : Number.NaN;
    const afterKb = readStatusKb(api.pid, 'VmRSS');

    const valid = samples.filter((sample) => Number.isFinite(sample.rssKb));
    const peak = valid.reduce((best, sample) => (sample.rssKb > best.rssKb ? sample : best), valid[0]);
    const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
    const growthKb = peak.rssKb - baselineKb;

    const storedSizes = [];
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else storedSizes.push(statSync(path).size);
      }
    };
    if (existsSync(storageDir)) walk(storageDir);
    const storedBig = storedSizes.filter((size) => size === pdfSize).length;

    console.log('\n| upload | status | time |');
    console.log('|---:|---:|---:|');
    results.forEach((result, index) => console.log(`| ${index + 1} | ${result.status} | ${(result.ms / 1000).toFixed(2)} s |`));
    for (const [index, result] of results.entries()) if (result.error) console.log(`  upload ${index + 1}: ${result.error}`);
    console.log(`\nAll ${uploadCount} done in ${(wallMs / 1000).toFixed(2)} s (${((uploadCount * pdfSize) / 1024 / 1024 / (wallMs / 1000)).toFixed(0)} MiB/s into the API).`);
    console.log(`Stored: ${storedBig} file(s) of ${pdfSize} bytes (and ${storedSizes.length - storedBig} other) in ${storageDir}.`);
    console.log(`API RSS: baseline ${mb(baselineKb)} (after a ${smallPdf.length}-byte warm-up upload and 1 s of rest); peak ${mb(peak.rssKb)} ` +
      `${((peak.at - (performance.timeOrigin + startedAt)) / 1000).toFixed(2)} s after the start (${valid.length} samples every ${interval} ms); ` +
      `growth ${mb(growthKb)}; after the uploads ${mb(afterKb)}.`);
    if (hwmReset) console.log(`Kernel's peak RSS since the baseline (VmHWM): ${mb(hwmKb)}, growth ${mb(hwmKb - baselineKb)}.`);
    console.log(`${growthKb <= LIMIT_MB * 1024 ? 'PASS' : 'MISS'}  API memory growth ${mb(growthKb)} while ${uploadCount} PDFs of ${(pdfSize / 1024 / 1024).toFixed(1)} MiB uploaded at once (target at most ${LIMIT_MB} MB)`);
    failed = results.some((result) => result.status !== 201) || storedBig < uploadCount;
    if (failed) console.error('FAILED: an upload was not accepted, or its file is not in storage whole.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    failed = true;
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}
