// Benchmark of the e-mail pipeline (issue 16's goal: 10,000 notification e-mails through two
// workers at 1,000 or more per second, none lost, none twice).
//   node bench/mail-bench.mjs [--emails 10000] [--workers 2] [--batch 100] [--log-level warn]
// It makes a fresh database `journal_bench_mail` (migrations) and uses the Redis prefix
// `bench-mail` (emptied first), starts a counting SMTP sink (a thread of this process) and
// `--workers` worker processes (backend/dist/worker.js) pointed at it, then queues the e-mails
// the way the product does: `NotificationsService.inTransaction` from backend/dist, `--batch`
// e-mails per transaction (several transactions at once). The clock runs from the first
// enqueue to the sink's last accepted message. The sink counts messages by Message-ID: a
// Message-ID never seen is lost, one seen twice is a duplicate. Exits 1 on either, or if an
// outbox row is not `sent` at the end. Extra worker settings pass through the environment
// (MAIL_WORKER_CONCURRENCY, SMTP_POOL_MAX_CONNECTIONS, MAIL_BATCH_SIZE: e-mails per BullMQ job, 1
// for a job per e-mail, ...). Run `npm run build -w backend` first.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();

if (!isMainThread) await runSink();
else await main();

/**
 * The counting sink, on a thread of its own so that queueing in the main thread does not slow
 * its answers. It reads only the header block of each message (a full parse would make the
 * sink, not the journal, the bottleneck) and answers DATA once the Message-ID is counted.
 */
async function runSink() {
  const { SMTPServer } = await import('smtp-server');
  const seen = new Map();
  let accepted = 0;
  let lastAcceptedAt = 0;
  let firstAcceptedAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many pooled connections from each worker: well above smtp-server's defaults.
    maxClients: 10_000,
    onData(stream, _session, callback) {
      let head = '';
      let messageId = null;
      stream.on('data', (chunk) => {
        if (messageId !== null || head.length > 64 * 1024) return;
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        const match = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(end >= 0 ? head.slice(0, end) : head);
        if (match) messageId = match[1];
        else if (end >= 0) messageId = '';
      });
      stream.on('end', () => {
        if (!messageId) {
          callback(Object.assign(new Error('No Message-ID'), { responseCode: 554 }));
          return;
        }
        seen.set(messageId, (seen.get(messageId) ?? 0) + 1);
        accepted += 1;
        lastAcceptedAt = now();
        firstAcceptedAt ||= lastAcceptedAt;
        callback();
      });
    },
  });
  server.on('error', (error) => console.error(`sink: ${error.message}`));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  parentPort.postMessage({ type: 'listening', port: server.server.address().port });
  parentPort.on('message', (message) => {
    if (message.type === 'count') {
      parentPort.postMessage({ type: 'count', accepted, unique: seen.size, firstAcceptedAt, lastAcceptedAt });
    } else if (message.type === 'report') {
      const duplicates = [...seen].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count }));
      parentPort.postMessage({ type: 'report', accepted, ids: [...seen.keys()], duplicates, firstAcceptedAt, lastAcceptedAt });
    } else if (message.type === 'close') {
      server.close(() => process.exit(0));
    }
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      emails: { type: 'string', default: '10000' },
      workers: { type: 'string', default: '2' },
      batch: { type: 'string', default: '100' },
      'log-level': { type: 'string', default: 'warn' },
      timeout: { type: 'string', default: '300' },
      // A V8 tick profile of each worker (worker-<n>.log in this directory), for `node --prof-process`.
      prof: { type: 'string' },
    },
  });
  const emailCount = Number(values.emails);
  const workerCount = Number(values.workers);
  const batchSize = Number(values.batch);
  const timeoutMs = Number(values.timeout) * 1000;
  for (const [name, value] of [['emails', emailCount], ['workers', workerCount], ['batch', batchSize]]) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number of at least 1`);
  }

  const { clearRedisPrefix, prepareDatabase, root, runBackendCli } = await import('../scripts/lib/stack.mjs');
  const backendDir = join(root, 'backend');
  const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = '/journal_bench_mail';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = 'bench-mail';

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
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    PUBLIC_URL: 'http://localhost',
    PAYMENTS_PROVIDER: 'test',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    MAIL_FROM: 'Young Scientists Journal <editor@bench.example>',
  };

  await prepareDatabase(databaseUrl.toString(), { fresh: true });
  runBackendCli('migrate', [], env);
  await clearRedisPrefix(redisUrl, redisPrefix);

  // The producer side exactly as the API has it: configuration, database, the mail queue.
  Object.assign(process.env, env);
  const dist = (path) => import(join(backendDir, 'dist', path));
  const { NestFactory } = await import('@nestjs/core');
  const { Module } = await import('@nestjs/common');
  const { getQueueToken } = await import('@nestjs/bullmq');
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { ConfigModule } = await dist('config/config.module.js');
  const { DatabaseModule } = await dist('database/database.module.js');
  const { NotificationsModule } = await dist('modules/notifications/notifications.module.js');
  const { NotificationsService } = await dist('modules/notifications/notifications.service.js');
  const { MailTemplate } = await dist('modules/notifications/mail/mail-template.js');
  const { MAIL_QUEUE } = await dist('modules/notifications/mail/mail-job.js');
  const { APP_CONFIG } = await dist('config/app-config.js');
  const { messageIdDomain, outboxMessageId } = await dist('modules/notifications/mail/message-id.js');
  class BenchProducerModule {}
  Module({ imports: [ConfigModule, DatabaseModule, NotificationsModule] })(BenchProducerModule);
  const producer = await NestFactory.createApplicationContext(BenchProducerModule, { logger: ['error', 'warn'] });
  const notifications = producer.get(NotificationsService);
  const orm = producer.get(MikroORM);

  const workers = [];
  let stopping = false;
  const stopWorkers = () => {
    stopping = true;
    workers.forEach((child) => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'));
  };
  process.on('exit', stopWorkers);
  for (let index = 0; index < workerCount; index += 1) {
    const profile = values.prof ? ['--prof', '--no-logfile-per-isolate', `--logfile=${join(values.prof, `worker-${index + 1}.log`)}`] : [];
    const child = spawn(process.execPath, [...profile, 'dist/worker.js'], { cwd: backendDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    workers.push(child);
    child.on('exit', (code, signal) => stopping || console.error(`worker ${index + 1} exited (${signal ?? code})`));
    // Warnings and errors are worth seeing; anything else is drained so no pipe fills up.
    const relay = (chunk) => {
      for (const line of String(chunk).split('\n')) if (/"level":(40|50|60)|Error/.test(line)) console.error(`[worker ${index + 1}] ${line}`);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
  }
  // Ready when every worker's BullMQ connection has registered with Redis.
  const queue = producer.get(getQueueToken(MAIL_QUEUE));
  for (const waitUntil = now() + 30_000; (await queue.getWorkersCount()) < workerCount; ) {
    if (now() > waitUntil) throw new Error('The workers did not start within 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const run = randomUUID().slice(0, 8);
  const batches = [];
  for (let start = 0; start < emailCount; start += batchSize) batches.push([start, Math.min(emailCount, start + batchSize)]);
  const queueBatch = ([from, to]) =>
    notifications.inTransaction(
      (_tx, mail) => {
        for (let index = from; index < to; index += 1) {
          mail.queue({
            template: MailTemplate.PaperPublished,
            to: `reader-${index}@bench.example`,
            data: { title: `Paper ${index}: a study of bench marks`, paperUrl: `http://localhost/papers/${index}` },
            dedupeKey: `bench-mail:${run}:${index}`,
          });
        }
      },
      { em: orm.em.fork() },
    );

  console.log(`Queueing ${emailCount} e-mails (${batches.length} transactions of up to ${batchSize}) for ${workerCount} worker(s) ...`);
  const startedAt = now();
  // A few transactions at once, as concurrent requests would; more only contend for the pool.
  const lanes = Array.from({ length: Math.min(4, batches.length) }, async () => {
    for (let next = batches.shift(); next; next = batches.shift()) await queueBatch(next);
  });
  await Promise.all(lanes);
  const queuedAt = now();

  const deadline = startedAt + timeoutMs;
  for (let lastPrint = startedAt; ; ) {
    sink.postMessage({ type: 'count' });
    const { unique } = await fromSink('count');
    if (unique >= emailCount || now() > deadline) break;
    if (now() - lastPrint > 2000) {
      lastPrint = now();
      console.log(`  ${unique} accepted after ${((now() - startedAt) / 1000).toFixed(1)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Late copies (a retry of an e-mail already accepted) would arrive just after; give them time.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  sink.postMessage({ type: 'report' });
  const report = await fromSink('report');

  const rows = await orm.em.getConnection().execute('select id, status from outbox_mails where dedupe_key like ?', [`bench-mail:${run}:%`]);
  const domain = messageIdDomain(env.MAIL_FROM, env.PUBLIC_URL);
  const received = new Set(report.ids);
  const lost = rows.filter((row) => !received.has(outboxMessageId(row.id, domain))).length + Math.max(0, emailCount - rows.length);
  const unsent = rows.filter((row) => row.status !== 'sent').length;
  const seconds = (report.lastAcceptedAt - startedAt) / 1000;

  const jobSize = producer.get(APP_CONFIG).mail.batchSize;
  console.log(`\nE-mails: ${emailCount}; workers: ${workerCount}; batch: ${batchSize} per transaction, in BullMQ jobs of up to ${jobSize} (MAIL_BATCH_SIZE).`);
  console.log(`Queued in ${((queuedAt - startedAt) / 1000).toFixed(2)} s; first accepted after ${((report.firstAcceptedAt - startedAt) / 1000).toFixed(2)} s; last after ${seconds.toFixed(2)} s.`);
  console.log(`Throughput: ${(received.size / seconds).toFixed(0)} e-mails per second (first enqueue to last accepted).`);
  console.log(`Accepted by the sink: ${report.accepted}; lost: ${lost}; duplicates: ${report.duplicates.length}; outbox rows not marked sent: ${unsent}.`);
  for (const duplicate of report.duplicates.slice(0, 10)) console.log(`  duplicate ${duplicate.id} x${duplicate.count}`);

  // Where the time went: CPU seconds of each worker (Linux /proc) and of this process (queueing and the sink).
  const cpuSeconds = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
  const backends = await orm.em.getConnection().execute('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const databaseCpu = backends.reduce((sum, { pid }) => sum + (cpuSeconds(pid) || 0), 0);
  const own = process.cpuUsage();
  console.log(`CPU: workers ${workers.map((child) => `${cpuSeconds(child.pid).toFixed(1)} s`).join(', ')}; queueing and sink ${((own.user + own.system) / 1e6).toFixed(1)} s; PostgreSQL (the workers' ${backends.length} connections) ${databaseCpu.toFixed(1)} s; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} on ${cpus().length} CPUs.`);

  await producer.close();
  stopWorkers();
  await Promise.all(workers.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  sink.postMessage({ type: 'close' });
  const ok = lost === 0 && report.duplicates.length === 0 && unsent === 0;
  if (!ok) console.error('FAILED: e-mails were lost, duplicated or left unmarked.');
  process.exit(ok ? 0 : 1);
}
