import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { CHORES_QUEUE, type ChoresQueue } from '../../src/chores/chore-job.js';
import { ORPHAN_SWEEP_INTERVAL_MS, StorageOrphanSweep } from '../../src/modules/storage/storage-orphan-sweep.chore.js';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { drillEnvironment, freePort } from '../support/fault-drills.js';
import { stopProcess } from '../support/mail-drills.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

// An API killed with SIGKILL in the middle of an author's upload leaves the upload's partial file
// in storage and no row: the fee is not used. The worker's orphan sweep removes the file once it
// is older than the grace period, and the author's retry on a new API succeeds with that fee.

const backendDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiEntry = join(backendDir, 'dist', 'main.js');
const UPLOAD_BYTES = 8 * 1024 * 1024;
const SENT_BEFORE_KILL = 1024 * 1024;

interface ApiProcess {
  child: ChildProcess;
  url: string;
}

/** The built API as its own process, on a free port; resolves once it answers its liveness probe. */
async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  if (!existsSync(apiEntry)) throw new Error(`${apiEntry} is missing: run \`npm run build -w backend\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [apiEntry], {
    cwd: backendDir,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
    return fetch(`${url}/api/health/live`).then((response) => response.ok, () => false);
  }, 60_000, 'the API process to answer');
  return { child, url };
}

/** Every file under the directory, as paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name))).sort();
}

/**
 * Starts a multipart submission whose PDF is `UPLOAD_BYTES` long and sends only its first
 * `SENT_BEFORE_KILL` bytes: the API has a partial file on disk and waits for the rest.
 */
function beginUpload(url: string, token: string): void {
  const boundary = `drill${randomUUID().replaceAll('-', '')}`;
  const fields = Object.entries(submissionFields())
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(`${fields}--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const upload = httpRequest(`${url}/api/papers`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': head.length + UPLOAD_BYTES + tail.length,
    },
  });
  // The API dies under it: the connection is reset, which is the point.
  upload.on('error', () => undefined);
  upload.write(head);
  upload.write(pdfBytes(SENT_BEFORE_KILL, 'k'));
}

describe('storage orphans when the API is killed mid-upload', () => {
  const run = randomUUID().slice(0, 8);
  let testApp: TestApp;
  let storageDir: string;
  let env: Record<string, string>;
  let api: ApiProcess | undefined;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    testApp = await startTestApp();
    storageDir = await mkdtemp(join(tmpdir(), 'orphans-drill-'));
    // Its own files and queues: the sweep must find only what the killed API left.
    env = { STORAGE_DIR: storageDir, REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'test'}-orphans-${run}`, PAYMENTS_PROVIDER: 'test', STORAGE_ORPHAN_GRACE_HOURS: '24' };
  });

  afterAll(async () => {
    await stopProcess(api?.child);
    await worker?.close();
    await testApp?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  }, 30_000);

  it('leaves a partial file and an unused fee, which the sweep cleans and the retry uses', async () => {
    const author = await createAccount(testApp);
    const { accessToken } = await signIn(testApp, author.email, author.password);
    await givePaidFee(testApp, author.id);

    api = await startApiProcess(env);
    beginUpload(api.url, accessToken);
    let partial: string | undefined;
    await waitFor(async () => {
      const files = await readdir(join(storageDir, author.id)).catch(() => []);
      partial = files.find((name) => name.endsWith('.partial'));
      // Wait until bytes reached the disk: the upload is in the middle of being written.
      return partial !== undefined && (await stat(join(storageDir, author.id, partial))).size > 0;
    }, 60_000, 'the upload’s partial file');
    await stopProcess(api.child);
    api = undefined;

    expect(await filesUnder(storageDir)).toEqual([`${author.id}/${partial}`]);
    expect(await sql(testApp.app, 'select id from research_papers where user_id = ?', [author.id])).toEqual([]);
    expect(await sql(testApp.app, 'select used_at from payments where user_id = ?', [author.id])).toEqual([{ used_at: null }]);

    // The worker that runs the sweep, on the same files; its schedule is hourly.
    const environment = drillEnvironment(env);
    try {
      worker = await startTestWorker();
    } finally {
      environment.restore();
    }
    const schedulers = await worker.get<ChoresQueue>(getQueueToken(CHORES_QUEUE)).getJobSchedulers();
    expect(schedulers).toContainEqual(expect.objectContaining({ key: 'sweep-storage-orphans', every: ORPHAN_SWEEP_INTERVAL_MS }));
    const sweep = worker.get(StorageOrphanSweep);
    // Right after the crash the file is within the grace period: an upload in flight looks the same.
    expect(await sweep.sweep(new Date())).toEqual({ orphans: 0, partials: 0, bytes: 0 });
    expect(await filesUnder(storageDir)).toHaveLength(1);
    const removed = await sweep.sweep(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(removed).toMatchObject({ orphans: 0, partials: 1 });
    expect(removed.bytes).toBeGreaterThan(0);
    expect(await filesUnder(storageDir)).toEqual([]);

    api = await startApiProcess(env);
    const body = pdfBytes(200_000, 'r');
    const fields = submissionFields();
    let retry = request(api.url).post('/api/papers').set('Authorization', `Bearer ${accessToken}`);
    for (const [name, value] of Object.entries(fields)) retry = retry.field(name, value);
    const response = await retry.attach('pdf', body, { filename: 'paper.pdf', contentType: 'application/pdf' });
    expect(response.status).toBe(201);
    const paperId = (response.body as { id: string }).id;
    const [paper] = await sql<{ pdf_storage_key: string }>(testApp.app, 'select pdf_storage_key from research_papers where id = ?', [paperId]);
    expect(await filesUnder(storageDir)).toEqual([paper.pdf_storage_key]);
    expect(await sql(testApp.app, 'select paper_id from payments where user_id = ?', [author.id])).toEqual([{ paper_id: paperId }]);
    // The paper's file is referenced: a sweep long after leaves it.
    expect(await sweep.sweep(new Date(Date.now() + 365 * 24 * 60 * 60 * 1000))).toEqual({ orphans: 0, partials: 0, bytes: 0 });
    expect(await filesUnder(storageDir)).toEqual([paper.pdf_storage_key]);
  }, 180_000);
});
