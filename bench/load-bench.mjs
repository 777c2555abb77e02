// Load test of the production build (issue 16): a mixed journey of `--users` virtual users for
// `--duration` seconds, 70% visitors, 20% authors, 10% editors and reviewers.
//   node bench/load-bench.mjs [--users 200] [--duration 300] [--warmup 10] [--rate 1] [--papers 10000]
//                             [--pdf-kb 500] [--sample-ms 100] [--cpu-prof DIR] [--log-level warn]
// (`npm run bench -- load --users 40 --duration 20` for a short trial.) Run `npm run build` first.
// It makes a fresh database `journal_bench_load` (migrations, `seed --force --papers N`: the demo
// accounts and papers and N generated published papers), empties the Redis prefix `bench-load`, and
// starts on free ports a counting SMTP sink (a thread of this process), the API
// (backend/dist/main.js, NODE_ENV=production, a copy of the built web app, PAYMENTS_PROVIDER=test)
// and one worker (backend/dist/worker.js, after the setup). Setup, through the API: one account per
// author, editor and reviewer (sign up, confirm from the outbox's link; editors made admins with the
// admin-create CLI; reviewers invited by an editor and accepted); each author pays and submits two
// PDFs, an editor publishes the first and assigns the second to a reviewer.
// Then every virtual user is an autocannon instance with one connection that loops over its
// journey (`requests`: setupRequest/onResponse carry its cookie and the ids it read), at most
// `--rate` requests a second (autocannon's connectionRate: a person reading, not a script; 0 = as
// fast as answers come). Users start spread over the first second, and only answers after
// `--warmup` seconds count. Journeys:
//   visitor: landing page and its script, list, next page (or a category), search (varied terms),
//            a paper's page, a PDF;
//   author:  sign in, session, dashboard, fee, checkout, pay (test provider), verify, submit a PDF,
//            the paper, comment, comments;
//   editor:  sign in, status counts, admin list, admin search, assignable papers and reviewers,
//            assign, under review, the under-review list, a decision (publish or reject), comment,
//            messages, open one, reply (or write to a reviewer), the assignments;
//   reviewer: sign in, my reviews, a review, its paper and PDF, save the draft, my messages,
//            open one, reply (or write to the editors).
// Each author, editor and reviewer has an account of its own (so per-account limits are what one
// person meets); every request comes from one address, so the per-address limits are raised
// (RATE_LIMIT_AUTH_PER_MINUTE, RATE_LIMIT_EMAIL_LINKS_PER_MINUTE, for the setup's sign-ups).
// It prints per kind of request: count, req/s, p50, p95, p99, max and errors (a status of 400 or
// more, a socket error, a timeout), throughput, the CPU of the API, the worker, PostgreSQL and
// the machine, a timeline per tenth of the run, and what the database was busy with
// (pg_stat_activity sampled every `--sample-ms`; pg_stat_statements too when the server preloads
// it). `--cpu-prof DIR` runs the API under node's --cpu-prof and prints its top functions. Other
// API settings pass through the environment (`DATABASE_POOL_MAX=20 npm run bench -- load`).
// Exits 1 if any request failed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** The SMTP server the worker sends to: accepts and counts, on a thread of its own. */
async function runSink() {
  const { SMTPServer } = await import('smtp-server');
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 10_000,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  server.on('error', (error) => console.error(`sink: ${error.message}`));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  parentPort.postMessage({ type: 'listening', port: server.server.address().port });
  parentPort.on('message', (message) => {
    if (message === 'count') parentPort.postMessage({ type: 'count', accepted });
    else if (message === 'close') server.close(() => process.exit(0));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Runs `task` over `items`, `lanes` at a time. */
async function inLanes(items, lanes, task) {
  const queue = items.map((item, index) => [item, index]);
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await task(...next);
  }));
}

/** A valid one-page PDF padded with a stream of random bytes to `size` bytes (about). */
function buildPdf(size) {
  const text = 'BT /F1 14 Tf 56 780 Td (Load benchmark) Tj ET';
  const head = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'];
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const padding = randomBytes(Math.max(0, size - 1200)).toString('latin1');
  objects.push(`<< /Length ${padding.length} >>\nstream\n${padding}\nendstream`);
  const offsets = [];
  let body = head.join('');
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A multipart/form-data body: text fields, then at most one file. */
function multipart(fields, file) {
  const boundary = `----load-bench-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** user + system CPU seconds of a process so far (Linux /proc), or NaN. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's busy and total CPU ticks (/proc/stat). */
function machineTicks() {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = values[3] + (values[4] ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** The cookie header a browser would send after these Set-Cookie headers. */
function cookieFrom(setCookies) {
  const list = Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : [];
  return list.map((cookie) => cookie.split(';')[0]).filter((pair) => !pair.endsWith('=')).join('; ');
}

const headerOf = (headers, name) => headers[Object.keys(headers).find((key) => key.toLowerCase() === name)];

const CATEGORIES = ['Environmental Science', 'Chemistry', 'Physics', 'Biology', 'Computer Science', 'Mathematics'];
/** What visitors type: topics of the generated papers and the demo papers, names, schools, a word found nowhere. */
const SEARCH_TERMS = [
  'climate', 'stormwater', 'microplastic', 'solar panel efficiency', 'basil', 'neural network', 'bee navigation', 'prime gaps',
  'enzyme kinetics', 'tardigrade', 'random walks', 'wind turbine', 'yeast fermentation', 'laser interference', 'hydroponic',
  'graph colouring', 'Okafor', 'Natarajan', 'Westfield Academy', 'school bus', 'soil erosion', 'battery electrodes',
  'coral bleaching', 'measurement error', 'fractal dimension', 'sleep and memory', 'air quality sensors', 'xylophonequartz',
  'antibiotic resistance', 'magnetic levitation', 'knot invariants', 'pendulum damping', 'bench study', 'urban heat islands',
];
/** What editors look for: authors, titles, e-mail addresses. */
const ADMIN_TERMS = ['Author1', 'Author2', 'load-author-3', 'bench study', 'Okafor', 'solar', 'Reviewer', 'climate', 'basil', 'prime gaps', 'bench.example', 'Physics'];
const TOPICS = ['pendulum damping', 'basil photosynthesis', 'river nitrate levels', 'prime gaps', 'crystal growth', 'traffic prediction', 'bee navigation', 'optical fibres'];

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      duration: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '10' },
      rate: { type: 'string', default: '1' },
      papers: { type: 'string', default: '10000' },
      'pdf-kb': { type: 'string', default: '500' },
      'sample-ms': { type: 'string', default: '100' },
      timeout: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
    },
  });
  const users = Number(values.users);
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const rate = Number(values.rate);
  const paperCount = Number(values.papers);
  const pdfBytes = Number(values['pdf-kb']) * 1024;
  const sampleMs = Number(values['sample-ms']);
  const timeout = Number(values.timeout);
  for (const [name, value, min] of [['users', users, 20], ['duration', duration, 1], ['warmup', warmup, 0], ['rate', rate, 0], ['papers', paperCount, 0], ['pdf-kb', pdfBytes, 2048], ['sample-ms', sampleMs, 10], ['timeout', timeout, 1]]) {
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number of at least ${name === 'pdf-kb' ? 2 : min}`);
  }
  const P99_GOAL_MS = 200;

  // 70% visitors, 20% authors, the rest editors and reviewers (half each, at least one of each).
  const visitorCount = Math.round(users * 0.7);
  const authorCount = Math.round(users * 0.2);
  const staff = users - visitorCount - authorCount;
  const editorCount = Math.ceil(staff / 2);
  const reviewerCount = staff - editorCount;

  const { LoadRecorder, formatLoadTable, summarizeActivity, summarizeCpuProfile } = await import('./load-report.mjs');
  const { API_NODE_FLAGS, clearRedisPrefix, portIsFree, prepareDatabase, root, runBackendCli, waitForHttp } = await import('../scripts/lib/stack.mjs');
  const { default: autocannon } = await import('autocannon');
  const { default: pg } = await import('pg');

  const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = '/journal_bench_load';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = 'bench-load';
  let port = 40000 + Math.floor(Math.random() * 20000);
  while (!(await portIsFree(port))) port += 1;
  const baseUrl = `http://127.0.0.1:${port}`;
  const storageDir = mkdtempSync(join(tmpdir(), 'journal-bench-load-'));
  // A copy of the built web app: a build during the run would otherwise replace the hashed
  // script the landing page names (the API reads index.html once, at start).
  const webDist = mkdtempSync(join(tmpdir(), 'journal-bench-load-web-'));
  cpSync(join(root, 'frontend/dist'), webDist, { recursive: true });
  const entryScript = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(webDist, 'index.html'), 'utf8'))?.[1];
  if (!entryScript) throw new Error('frontend/dist/index.html names no script: run `npm run build`.');

  // The journeys below sign each account in once per loop; the per-account limit stays the
  // product's unless the pace makes one person sign in more often than it allows.
  const shortestJourney = 9;
  const signInsPerMinute = rate === 0 ? Infinity : (60 * rate) / shortestJourney;
  const sink = new Worker(new URL(import.meta.url));
  const fromSink = (type) => new Promise((resolve) => {
    const listener = (message) => {
      if (message.type !== type) return;
      sink.off('message', listener);
      resolve(message);
    };
    sink.on('message', listener);
  });
  const { port: sinkPort } = await fromSink('listening');

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
    WEB_DIST_DIR: webDist,
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    MAIL_FROM: 'Young Scientists Journal <editor@bench.example>',
    // Every virtual user comes from 127.0.0.1: the per-address limits would see one person.
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_EMAIL_LINKS_PER_MINUTE: '100000',
    ...(signInsPerMinute > 10 ? { RATE_LIMIT_SIGN_IN_PER_MINUTE: String(Number.isFinite(signInsPerMinute) ? Math.ceil(signInsPerMinute * 2) : 100000) } : {}),
  };

  console.log(`Preparing journal_bench_load: migrations, demo data and ${paperCount} generated papers ...`);
  await prepareDatabase(databaseUrl.toString(), { fresh: true });
  runBackendCli('migrate', [], env);
  runBackendCli('seed', ['--force', '--papers', String(paperCount)], env);
  await clearRedisPrefix(redisUrl, redisPrefix);
  const database = new pg.Pool({ connectionString: databaseUrl.toString(), max: 4 });
  await database.query('analyze');

  const children = [];
  let stopping = false;
  const startChild = (name, args) => {
    const child = spawn(process.execPath, args, { cwd: join(root, 'backend'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.on('exit', (code, signal) => stopping || console.error(`The ${name} exited (${signal ?? code}).`));
    // Warnings and errors are worth seeing; anything else is drained so no pipe fills up.
    const relay = (chunk) => {
      for (const line of String(chunk).split('\n')) if (/"level":(40|50|60)|Error/.test(line)) console.error(`[${name}] ${line.slice(0, 600)}`);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    children.push({ child, exited });
    return { child, exited };
  };
  const profileDir = values['cpu-prof'] ? resolve(values['cpu-prof']) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const profileFlags = profileDir
    ? [
        '--cpu-prof', `--cpu-prof-dir=${profileDir}`,
        // Nest re-raises SIGTERM after closing, and a process killed by a signal writes no profile: exit instead.
        "--import=data:text/javascript,process.on('SIGTERM',()=>setTimeout(()=>process.exit(0),1000))",
      ]
    : [];
  const api = startChild('api', [...API_NODE_FLAGS, ...profileFlags, 'dist/main.js']);
  let worker;
  const cleanUp = async () => {
    stopping = true;
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map(({ exited }) => exited));
    sink.postMessage('close');
    await database.end().catch(() => undefined);
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  let failed;
  try {
    const ready = await Promise.race([waitForHttp(`${baseUrl}/api/health/live`, { timeoutMs: 60_000 }), api.exited.then(() => false)]);
    if (!ready) throw new Error('The API did not become ready.');

    // ---- Setup, through the API ----
    const call = async (method, path, { cookie, json, form, expect, redirect = 'follow' } = {}) => {
      const headers = { origin: baseUrl };
      if (cookie) headers.cookie = cookie;
      let body;
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form) {
        headers['content-type'] = form.contentType;
        body = form.body;
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect });
      if (expect !== undefined && response.status !== expect) {
        throw new Error(`${method} ${path}: ${response.status} (expected ${expect}) ${(await response.text()).slice(0, 300)}`);
      }
      return response;
    };
    const fromOutbox = async (template, recipient, field) => {
      for (const deadline = Date.now() + 15_000; ; await sleep(100)) {
        const { rows } = await database.query('select data from outbox_mails where template = $1 and lower(recipient) = lower($2) order by created_at desc limit 1', [template, recipient]);
        if (rows[0]?.data?.[field]) return rows[0].data[field];
        if (Date.now() > deadline) throw new Error(`No ${template} e-mail to ${recipient} in the outbox`);
      }
    };
    const signIn = async (account) => {
      const response = await call('POST', '/api/auth/sign-in', { json: { email: account.email, password: account.password }, expect: 200 });
      return cookieFrom(response.headers.getSetCookie());
    };
    const signUpConfirmed = async (account) => {
      await call('POST', '/api/auth/sign-up', { json: { firstName: account.firstName, lastName: account.lastName, schoolName: 'Load Bench High School', gradeLevel: 11, email: account.email, password: account.password }, expect: 201 });
      const link = new URL(await fromOutbox('confirm-email', account.email, 'confirmUrl'));
      const confirmed = await call('GET', link.pathname + link.search, { redirect: 'manual', expect: 302 });
      if (!confirmed.headers.get('location')?.includes('success=email_confirmed')) throw new Error(`Confirming ${account.email} led to ${confirmed.headers.get('location')}`);
    };
    const payFee = async (cookie) => {
      const { sessionId } = await (await call('POST', '/api/payments/checkout', { cookie, expect: 201 })).json();
      await call('POST', `/api/payments/test-checkout/${sessionId}/complete`, { cookie, expect: 200 });
      await call('POST', '/api/payments/verify', { cookie, json: { sessionId }, expect: 200 });
    };
    const submissionPdf = buildPdf(pdfBytes);
    let submitted = 0;
    const submissionForm = (account, authorIndex) => {
      submitted += 1;
      return multipart(
        {
          title: `A bench study of ${pick(TOPICS)} [a${authorIndex}-${submitted}]`,
          authors: JSON.stringify([{ name: `${account.firstName} ${account.lastName}`, email: account.email, school: 'Load Bench High School' }]),
          category: pick(CATEGORIES),
          abstract: `We measured ${pick(TOPICS)} with equipment found in most schools and compared the results with published values.`,
        },
        { field: 'pdf', name: 'paper.pdf', type: 'application/pdf', content: submissionPdf },
      );
    };

    const account = (role, index) => ({ email: `load-${role}-${index}@bench.example`, password: `Load-${role}-${index}-${randomBytes(4).toString('hex')}!`, firstName: 'Load', lastName: `${role[0].toUpperCase()}${role.slice(1)}${index}` });
    const authors = Array.from({ length: authorCount }, (_, index) => account('author', index));
    const editors = Array.from({ length: editorCount }, (_, index) => account('editor', index));
    const reviewers = Array.from({ length: reviewerCount }, (_, index) => account('reviewer', index));
    const setupStarted = Date.now();
    console.log(`Setting up ${authorCount} authors, ${editorCount} editors, ${reviewerCount} reviewers and their papers ...`);

    await inLanes(editors, 4, signUpConfirmed);
    await inLanes(editors, 2, (editor) => new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, ['dist/cli/admin-create.js', editor.email], { cwd: join(root, 'backend'), env, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`admin-create ${editor.email} exited with ${code}`))));
    }));
    const chief = await signIn(editors[0]);
    await inLanes(reviewers, 4, async (reviewer) => {
      await call('POST', '/api/admin/invitations', { cookie: chief, json: { email: reviewer.email }, expect: 201 });
      const token = new URL(await fromOutbox('reviewer-invitation', reviewer.email, 'invitationUrl')).searchParams.get('token');
      await call('POST', '/api/invitations/accept', { json: { token, firstName: reviewer.firstName, lastName: reviewer.lastName, password: reviewer.password }, expect: 201 });
    });
    const reviewerIds = new Map((await (await call('GET', '/api/admin/reviews/assignable-reviewers', { cookie: chief, expect: 200 })).json()).map((row) => [row.email.toLowerCase(), row.userId]));
    const reviewerUserIds = reviewers.map((reviewer) => reviewerIds.get(reviewer.email.toLowerCase()));
    if (reviewerUserIds.some((id) => !id)) throw new Error('A reviewer is not assignable after accepting the invitation.');

    const pdfPaperIds = [];
    await inLanes(authors, 4, async (author, index) => {
      await signUpConfirmed(author);
      const cookie = await signIn(author);
      const ids = [];
      for (let paper = 0; paper < 2; paper += 1) {
        await payFee(cookie);
        ids.push((await (await call('POST', '/api/papers', { cookie, form: submissionForm(author, index), expect: 201 })).json()).id);
      }
      await call('PATCH', `/api/papers/${ids[0]}/status`, { cookie: chief, json: { status: 'published' }, expect: 200 });
      pdfPaperIds.push(ids[0]);
      await call('POST', '/api/admin/reviews', { cookie: chief, json: { paperId: ids[1], reviewerId: reviewerUserIds[index % reviewerCount] }, expect: 201 });
    });
    const { rows: demoPdfs } = await database.query("select id from research_papers where status = 'published' and id::text like '6f1c2a80-%'");
    pdfPaperIds.push(...demoPdfs.map((row) => row.id));
    // The worker starts only now: it blanks an e-mail's data once sent, links included, and the
    // setup reads the confirmation and invitation links from the outbox. It sends the backlog first.
    worker = startChild('worker', ['dist/worker.js']);
    for (const deadline = Date.now() + 120_000; ; await sleep(250)) {
      const { rows: [{ unsent }] } = await database.query("select count(*)::int as unsent from outbox_mails where status <> 'sent'");
      if (unsent === 0) break;
      if (Date.now() > deadline) throw new Error(`The worker left ${unsent} e-mails of the setup unsent.`);
    }
    console.log(`Setup done in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s.`);

    // ---- The journeys ----
    const jsonHeaders = { 'content-type': 'application/json' };
    const signInStep = (people) => ({
      label: 'POST /api/auth/sign-in',
      build: (ctx) => ({ method: 'POST', path: '/api/auth/sign-in', headers: jsonHeaders, body: JSON.stringify({ email: people[ctx.vu].email, password: people[ctx.vu].password }) }),
      after: (ctx, _body, headers) => {
        ctx.cookie = cookieFrom(headerOf(headers, 'set-cookie'));
      },
    });
    const get = (path, extra = {}) => ({ method: 'GET', path, ...extra });
    const json = (method, path, value) => ({ method, path, headers: jsonHeaders, body: JSON.stringify(value) });
    const form = (method, path, fields, file) => {
      const { body, contentType } = multipart(fields, file);
      return { method, path, headers: { 'content-type': contentType }, body };
    };
    const parse = (body) => {
      try {
        return JSON.parse(body);
      } catch {
        return null;
      }
    };
    const mine = (editorIndex) => (row) => Number(/\[a(\d+)-/.exec(row.title)?.[1] ?? -1) % editorCount === editorIndex;

    const journeys = {
      visitor: [
        { label: 'GET / (landing page)', build: () => get('/', { headers: { accept: 'text/html' } }) },
        { label: 'GET landing page script (br)', build: () => get(entryScript, { headers: { 'accept-encoding': 'br, gzip' } }) },
        {
          label: 'GET /api/papers (list)',
          build: () => get('/api/papers'),
          after: (ctx, body) => {
            const page = parse(body);
            ctx.cards = page?.items ?? [];
            ctx.next = page?.nextCursor ?? null;
          },
        },
        {
          label: 'GET /api/papers?cursor (next page)',
          build: (ctx) => (ctx.next && Math.random() < 0.5 ? get(`/api/papers?cursor=${encodeURIComponent(ctx.next)}`) : { label: 'GET /api/papers?category', ...get(`/api/papers?${new URLSearchParams({ category: pick(CATEGORIES) })}`) }),
          after: (ctx, body) => ctx.cards.push(...(parse(body)?.items ?? [])),
        },
        {
          label: 'GET /api/papers?q (search)',
          build: () => get(`/api/papers?${new URLSearchParams({ q: pick(SEARCH_TERMS) })}`),
          after: (ctx, body) => {
            ctx.found = parse(body)?.items ?? [];
          },
        },
        { label: 'GET /api/papers/:id (paper page)', build: (ctx) => get(`/api/papers/${pick(ctx.found?.length && Math.random() < 0.5 ? ctx.found : ctx.cards?.length ? ctx.cards : pdfPaperIds.map((id) => ({ id }))).id}`) },
        {
          label: 'GET /api/papers/:id/pdf',
          build: (ctx) => {
            const withPdf = (ctx.cards ?? []).filter((card) => card.pdfUrl);
            return get(`/api/papers/${withPdf.length ? pick(withPdf).id : pick(pdfPaperIds)}/pdf`);
          },
        },
      ],
      author: [
        signInStep(authors),
        { label: 'GET /api/auth/session', build: () => get('/api/auth/session') },
        { label: 'GET /api/papers/mine/dashboard', build: () => get('/api/papers/mine/dashboard') },
        { label: 'GET /api/payments/submission-fee', build: () => get('/api/payments/submission-fee') },
        {
          label: 'POST /api/payments/checkout',
          build: () => ({ method: 'POST', path: '/api/payments/checkout' }),
          after: (ctx, body) => {
            ctx.sessionId = parse(body)?.sessionId;
          },
        },
        { label: 'POST /api/payments/test-checkout/:id/complete', build: (ctx) => ctx.sessionId && { method: 'POST', path: `/api/payments/test-checkout/${ctx.sessionId}/complete` } },
        { label: 'POST /api/payments/verify', build: (ctx) => json('POST', '/api/payments/verify', { sessionId: ctx.sessionId }) },
        {
          label: 'POST /api/papers (submit a PDF)',
          build: (ctx) => {
            const { body, contentType } = submissionForm(authors[ctx.vu], ctx.vu);
            return { method: 'POST', path: '/api/papers', headers: { 'content-type': contentType }, body };
          },
          after: (ctx, body) => {
            ctx.paperId = parse(body)?.id;
          },
        },
        { label: 'GET /api/papers/:id (own paper)', build: (ctx) => ctx.paperId && get(`/api/papers/${ctx.paperId}`) },
        { label: 'POST /api/papers/:id/comments', build: (ctx) => json('POST', `/api/papers/${ctx.paperId}/comments`, { comment: 'Could the editors tell me when the review will start?' }) },
        { label: 'GET /api/papers/:id/comments', build: (ctx) => get(`/api/papers/${ctx.paperId}/comments`) },
      ],
      editor: [
        signInStep(editors),
        { label: 'GET /api/admin/papers/status-counts', build: () => get('/api/admin/papers/status-counts') },
        { label: 'GET /api/admin/papers (list)', build: () => get('/api/admin/papers') },
        { label: 'GET /api/admin/papers?q (search)', build: () => get(`/api/admin/papers?${new URLSearchParams({ q: pick(ADMIN_TERMS) })}`) },
        {
          label: 'GET /api/admin/reviews/assignable-papers',
          build: () => get('/api/admin/reviews/assignable-papers'),
          after: (ctx, body) => {
            ctx.toAssign = (parse(body) ?? []).find(mine(ctx.vu))?.id;
          },
        },
        {
          label: 'GET /api/admin/reviews/assignable-reviewers',
          build: () => get('/api/admin/reviews/assignable-reviewers'),
          after: (ctx, body) => {
            ctx.reviewerId = pick(parse(body) ?? [{}]).userId;
          },
        },
        {
          label: 'POST /api/admin/reviews (assign)',
          build: (ctx) => (ctx.toAssign && ctx.reviewerId ? json('POST', '/api/admin/reviews', { paperId: ctx.toAssign, reviewerId: ctx.reviewerId }) : { label: 'GET /api/admin/reviews (assignments)', ...get('/api/admin/reviews') }),
        },
        {
          label: 'PATCH /api/papers/:id/status (under review)',
          build: (ctx) => (ctx.toAssign ? json('PATCH', `/api/papers/${ctx.toAssign}/status`, { status: 'under_review' }) : { label: 'GET /api/admin/papers?status (nothing to assign)', ...get('/api/admin/papers?status=submitted') }),
        },
        {
          label: 'GET /api/admin/papers?status (under review)',
          build: () => get('/api/admin/papers?status=under_review&limit=50'),
          after: (ctx, body) => {
            ctx.toDecide = (parse(body)?.items ?? []).filter(mine(ctx.vu)).filter((row) => row.id !== ctx.toAssign).at(-1)?.id;
          },
        },
        {
          label: 'PATCH /api/papers/:id/status (decision)',
          build: (ctx) => (ctx.toDecide ? json('PATCH', `/api/papers/${ctx.toDecide}/status`, { status: Math.random() < 0.5 ? 'published' : 'rejected' }) : { label: 'GET /api/admin/papers?status (nothing to decide)', ...get('/api/admin/papers?status=accepted') }),
        },
        {
          label: 'POST /api/papers/:id/comments (editor)',
          build: (ctx) => (ctx.toAssign ? json('POST', `/api/papers/${ctx.toAssign}/comments`, { comment: 'Your paper is now under review; we will write again soon.' }) : { label: 'GET /api/admin/reviews (assignments)', ...get('/api/admin/reviews') }),
        },
        {
          label: 'GET /api/admin/messages',
          build: () => get('/api/admin/messages'),
          after: (ctx, body) => {
            const messages = (parse(body)?.messages ?? []).filter((message) => message.canReply);
            ctx.messageId = (messages.find((message) => message.unread) ?? messages[0])?.id;
          },
        },
        { label: 'GET /api/messages/:id', build: (ctx) => (ctx.messageId ? get(`/api/messages/${ctx.messageId}`) : { label: 'GET /api/admin/reviews (assignments)', ...get('/api/admin/reviews') }) },
        {
          label: 'POST /api/messages/:id/replies',
          build: (ctx) => (ctx.messageId
            ? form('POST', `/api/messages/${ctx.messageId}/replies`, { body: 'Thank you, we will look into it.' })
            : { label: 'POST /api/admin/messages', ...form('POST', '/api/admin/messages', { recipientId: pick(reviewerUserIds), subject: 'A paper for you', body: 'Could you look at the newest assignment this week?' }) }),
        },
        { label: 'GET /api/admin/reviews (assignments)', build: () => get('/api/admin/reviews') },
      ],
      reviewer: [
        signInStep(reviewers),
        {
          label: 'GET /api/reviews/mine',
          build: () => get('/api/reviews/mine'),
          after: (ctx, body) => {
            const open = (parse(body)?.assignments ?? []).filter((assignment) => assignment.status !== 'submitted');
            ctx.review = open.length ? pick(open) : null;
          },
        },
        { label: 'GET /api/reviews/:id', build: (ctx) => (ctx.review ? get(`/api/reviews/${ctx.review.id}`) : { label: 'GET /api/messages/mine', ...get('/api/messages/mine') }) },
        { label: 'GET /api/papers/:id (assigned paper)', build: (ctx) => (ctx.review ? get(`/api/papers/${ctx.review.paperId}`) : { label: 'GET /api/reviews/mine', ...get('/api/reviews/mine') }) },
        { label: 'GET /api/papers/:id/pdf (assigned paper)', build: (ctx) => (ctx.review ? get(`/api/papers/${ctx.review.paperId}/pdf`) : { label: 'GET /api/messages/mine', ...get('/api/messages/mine') }) },
        {
          label: 'PUT /api/reviews/:id/draft',
          build: (ctx) => (ctx.review ? json('PUT', `/api/reviews/${ctx.review.id}/draft`, { text: `The method is sound; the sample is small. Draft of ${new Date().toISOString()}.`, recommendation: pick(['accept', 'minor_revisions', 'major_revisions', null]) }) : { label: 'GET /api/reviews/mine', ...get('/api/reviews/mine') }),
        },
        {
          label: 'GET /api/messages/mine',
          build: () => get('/api/messages/mine'),
          after: (ctx, body) => {
            const messages = (parse(body)?.messages ?? []).filter((message) => message.canReply);
            ctx.messageId = (messages.find((message) => message.unread) ?? messages[0])?.id;
          },
        },
        { label: 'GET /api/messages/:id', build: (ctx) => (ctx.messageId ? get(`/api/messages/${ctx.messageId}`) : { label: 'GET /api/reviews/mine', ...get('/api/reviews/mine') }) },
        {
          label: 'POST /api/messages/:id/replies',
          build: (ctx) => (ctx.messageId
            ? form('POST', `/api/messages/${ctx.messageId}/replies`, { body: 'Thanks, I will have it done by Friday.' })
            : { label: 'POST /api/messages (to the editors)', ...form('POST', '/api/messages', { subject: 'A question about my review', body: 'Should I comment on the statistics as well?' }) }),
        },
      ],
    };
    if (Math.min(...Object.values(journeys).slice(1).map((steps) => steps.length)) < shortestJourney) throw new Error('A journey got shorter than shortestJourney says.');

    // ---- The run ----
    const recorder = new LoadRecorder();
    const counts = { visitor: visitorCount, author: authorCount, editor: editorCount, reviewer: reviewerCount };
    for (const role of Object.keys(counts)) for (const step of journeys[role]) recorder.kind(`${role}: ${step.label}`);
    // Every user starts at its own moment of the first second, the roles interleaved.
    const roles = Object.entries(counts).flatMap(([role, count]) => Array.from({ length: count }, (_, vu) => [role, vu, vu / count]));
    roles.sort((a, b) => a[2] - b[2]);

    const toRequests = (role) => journeys[role].map((step, index) => ({
      // Read by setupClient below: whether anyone reads this answer's body.
      keepBody: Boolean(step.after),
      setupRequest(request, ctx) {
        // Signed out (the sign-in failed): the journey starts again, as a person would sign in again.
        if (role !== 'visitor' && index > 0 && !ctx.cookie) return null;
        const built = step.build(ctx);
        if (!built) return null;
        ctx.kind = `${role}: ${built.label ?? step.label}`;
        const method = built.method ?? 'GET';
        const headers = { 'user-agent': 'journal-load-bench', accept: 'application/json', ...built.headers };
        if (ctx.cookie) headers.cookie = ctx.cookie;
        if (method !== 'GET') headers.origin = baseUrl;
        return { ...request, method, path: built.path, headers, body: built.body ?? Buffer.alloc(0) };
      },
      onResponse(status, body, ctx, headers) {
        if (status < 400 && step.after) step.after(ctx, body, headers);
      },
    }));

    let measuring = false;
    let measuredFrom = 0;
    const now = () => (performance.now() - measuredFrom) / 1000;
    const eventLoop = monitorEventLoopDelay({ resolution: 10 });
    const runSeconds = warmup + duration;
    const instances = [];
    console.log(`Running ${users} users (${visitorCount} visitors, ${authorCount} authors, ${editorCount} editors, ${reviewerCount} reviewers) at ${rate ? `${rate} request(s) a second each` : 'full speed'}: ${warmup} s warm-up, then ${duration} s measured ...`);
    const startedAt = performance.now();
    roles.forEach(([role, vu], index) => {
      const instance = sleep((index / roles.length) * 1000).then(() => autocannon({
        url: baseUrl,
        connections: 1,
        connectionRate: rate || undefined,
        duration: runSeconds,
        timeout,
        initialContext: { vu },
        requests: toRequests(role),
        setupClient(client) {
          // autocannon keeps every answer's body as a string for onResponse; decoding the PDFs
          // and scripts took the load generator about a third of a core. Bodies no step reads are dropped.
          const answers = client.pipelinedRequests;
          const addBody = answers.addBody.bind(answers);
          answers.addBody = (chunk) => answers.peek()?.req?.keepBody && addBody(chunk);
          const kindNow = () => client.requestIterator.context.kind ?? `${role}: ?`;
          client.on('response', (status, bytes, ms) => measuring && recorder.response(kindNow(), status, ms, bytes, now()));
          client.on('timeout', () => measuring && recorder.failure(kindNow(), 'timeout', now()));
          client.on('connError', (error) => measuring && recorder.failure(kindNow(), error.code ?? error.message, now()));
        },
      }));
      instances.push(instance);
    });

    // What the database is busy with, sampled; CPU of each process at both ends of the window.
    const sampler = new pg.Client({ connectionString: databaseUrl.toString() });
    await sampler.connect();
    const { rows: [{ preload }] } = await sampler.query("select current_setting('shared_preload_libraries') as preload");
    const statements = /pg_stat_statements/.test(preload);
    if (statements) await sampler.query('create extension if not exists pg_stat_statements');
    const samples = [];
    const backendPids = async () => (await sampler.query("select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()")).rows.map((row) => row.pid);

    await sleep(Math.max(0, warmup * 1000 - (performance.now() - startedAt)));
    if (statements) await sampler.query('select pg_stat_statements_reset()');
    const before = { api: cpuSeconds(api.child.pid), worker: cpuSeconds(worker.child.pid), own: process.cpuUsage(), machine: machineTicks(), database: new Map((await backendPids()).map((pid) => [pid, cpuSeconds(pid)])) };
    measuredFrom = performance.now();
    measuring = true;
    eventLoop.enable();
    const sampling = (async () => {
      while (measuring) {
        const { rows } = await sampler.query(
          `select query, state, wait_event_type, wait_event from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
              and state in ('active', 'idle in transaction')`,
        );
        samples.push(rows.map((row) => (row.state === 'active' ? row : { ...row, wait_event_type: 'Client', wait_event: 'idle in transaction' })));
        await sleep(sampleMs);
      }
    })();
    // The CPU of the API and of the machine per part of the run, beside its latencies (timeline below).
    const bucketSeconds = Math.max(5, Math.round(duration / 10));
    const snapshots = [{ api: before.api, machine: before.machine, load: loadavg()[0] }];
    const progress = setInterval(() => {
      snapshots.push({ api: cpuSeconds(api.child.pid), machine: machineTicks(), load: loadavg()[0] });
      const { total } = recorder.summary();
      console.log(`  ${now().toFixed(0)} s: ${total.count} requests, ${total.errors} errors, p99 so far ${total.p99.toFixed(1)} ms`);
    }, bucketSeconds * 1000);
    await sleep(duration * 1000);
    measuring = false;
    const measuredSeconds = (performance.now() - measuredFrom) / 1000;
    eventLoop.disable();
    clearInterval(progress);
    const after = { api: cpuSeconds(api.child.pid), worker: cpuSeconds(worker.child.pid), own: process.cpuUsage(before.own), machine: machineTicks() };
    if (snapshots.length <= Math.floor(duration / bucketSeconds)) snapshots.push({ api: after.api, machine: after.machine, load: loadavg()[0] });
    let databaseCpu = 0;
    for (const pid of await backendPids()) databaseCpu += cpuSeconds(pid) - (before.database.get(pid) ?? 0);
    await sampling;
    const topStatements = statements
      ? (await sampler.query(
          `select query, calls, total_exec_time, mean_exec_time, max_exec_time from pg_stat_statements
            where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 15`,
        )).rows
      : null;
    await sampler.end();
    await Promise.all(instances);
    // The last requests may still be in the API when autocannon lets go of its sockets.
    await sleep(1000);
    sink.postMessage('count');
    const { accepted: mailsSent } = await fromSink('count');

    // ---- Report ----
    const summary = recorder.summary();
    // By role, each in the order of its journey (a step's alternative right after the steps seen before it).
    const roleOrder = Object.keys(counts);
    summary.rows.sort((a, b) => roleOrder.indexOf(a.name.split(':')[0]) - roleOrder.indexOf(b.name.split(':')[0]));
    const { total } = summary;
    const cores = cpus().length;
    const percentOfCore = (seconds) => `${((seconds / measuredSeconds) * 100).toFixed(0)}%`;
    console.log(`\n${users} users (${visitorCount} visitors, ${authorCount} authors, ${editorCount} editors, ${reviewerCount} reviewers), ${rate ? `at most ${rate} request(s) a second each` : 'unpaced'}; ${measuredSeconds.toFixed(0)} s measured after ${warmup} s of warm-up; ${paperCount} generated papers; PDFs of ${values['pdf-kb']} KiB.\n`);
    console.log(formatLoadTable(summary, measuredSeconds));
    console.log(`\nThroughput: ${(total.count / measuredSeconds).toFixed(1)} requests a second, ${(total.bytes / measuredSeconds / 1024 / 1024).toFixed(1)} MiB a second received; e-mails accepted by the sink during the whole run: ${mailsSent}.`);
    const apiCpu = after.api - before.api;
    const machineBusy = (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
    console.log(`CPU over the measured window (100% = one core; ${cores} cores): API ${percentOfCore(apiCpu)} (${((apiCpu / total.count) * 1e6).toFixed(0)} µs a request), worker ${percentOfCore(after.worker - before.worker)}, PostgreSQL (the journal's connections) ${percentOfCore(databaseCpu)}, load generator and sink ${percentOfCore((after.own.user + after.own.system) / 1e6)}; machine busy ${(machineBusy * 100).toFixed(0)}% of all cores; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}.`);
    console.log(`\nTimeline (every ${bucketSeconds} s; CPU as above, load average at the end of each part):\n`);
    console.log('| from | requests | p50 | p99 | max | errors | API CPU | machine busy | load average |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    recorder.timeline(bucketSeconds).forEach((row, index) => {
      const [from, to] = [snapshots[index], snapshots[index + 1]];
      const cpu = from && to ? [`${(((to.api - from.api) / bucketSeconds) * 100).toFixed(0)}%`, `${(((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * 100).toFixed(0)}%`, to.load.toFixed(1)] : ['–', '–', '–'];
      console.log(`| ${row.from} s | ${row.count} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms | ${row.max.toFixed(1)} ms | ${row.errors} | ${cpu.join(' | ')} |`);
    });
    console.log(`\nLoad generator's event-loop delay: p99 ${(eventLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(eventLoop.max / 1e6).toFixed(1)} ms (it adds to the latencies above).`);

    const activity = summarizeActivity(samples);
    console.log(`\nDatabase activity (${activity.samples} samples of pg_stat_activity, every ${sampleMs} ms): a statement running in ${(activity.busyShare * 100).toFixed(0)}% of the samples, ${activity.meanActive.toFixed(2)} at once on average.\n`);
    console.log('| share of busy samples | statement |\n|---:|---|');
    for (const row of activity.queries) console.log(`| ${(row.share * 100).toFixed(1)}% | \`${row.name.replace(/\|/g, '\\|')}\` |`);
    console.log(`\nWaiting on: ${activity.waits.map((row) => `${row.name} ${(row.share * 100).toFixed(0)}%`).join(', ')}.`);
    if (topStatements) {
      console.log('\npg_stat_statements, by total time:\n\n| total | calls | mean | max | statement |\n|---:|---:|---:|---:|---|');
      const { normalizeQuery } = await import('./load-report.mjs');
      for (const row of topStatements) console.log(`| ${Number(row.total_exec_time).toFixed(0)} ms | ${row.calls} | ${Number(row.mean_exec_time).toFixed(2)} ms | ${Number(row.max_exec_time).toFixed(1)} ms | \`${normalizeQuery(row.query)}\` |`);
    }

    const goalMet = total.errors === 0 && total.p99 <= P99_GOAL_MS;
    console.log(`\n${goalMet ? 'PASS' : 'MISS'}  ${total.errors} errors, p99 ${total.p99.toFixed(1)} ms over all requests (goal: no errors, p99 at most ${P99_GOAL_MS} ms)`);
    const over = summary.rows.filter((row) => row.p99 > P99_GOAL_MS).map((row) => `${row.name} (${row.p99.toFixed(0)} ms)`);
    if (over.length) console.log(`Kinds with p99 over ${P99_GOAL_MS} ms: ${over.join(', ')}.`);
    failed = total.errors > 0;

    if (profileDir) {
      stopping = true;
      api.child.kill('SIGTERM');
      await api.exited;
      const newest = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')).map((name) => join(profileDir, name)).sort().at(-1);
      if (newest && existsSync(newest)) {
        const profile = summarizeCpuProfile(JSON.parse(readFileSync(newest, 'utf8')), { top: 25 });
        console.log(`\nAPI CPU profile (${newest}; the whole life of the process, start-up and setup included): ${(profile.totalMs / 1000).toFixed(1)} s sampled, ${(profile.busyMs / 1000).toFixed(1)} s busy; shares are of the busy time.\n`);
        console.log('| self time | share | area |\n|---:|---:|---|');
        for (const row of profile.areas.slice(0, 15)) console.log(`| ${(row.ms / 1000).toFixed(1)} s | ${(row.share * 100).toFixed(1)}% | ${row.name} |`);
        console.log('\n| self time | share | function |\n|---:|---:|---|');
        for (const row of profile.functions) console.log(`| ${(row.ms / 1000).toFixed(2)} s | ${(row.share * 100).toFixed(1)}% | \`${row.name}\` |`);
      } else {
        console.log(`\nNo CPU profile was written in ${profileDir}.`);
      }
    }
    if (failed) console.error('FAILED: some requests got an error (see the errors column).');
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
    failed = true;
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
}

if (!isMainThread) await runSink();
else await main();
