import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import {
  closedPort,
  filesUnder,
  makeImmutable,
  mountTmpfs,
  refusingS3Server,
  remountReadOnly,
  silentServer,
  streamSubmission,
  unmount,
  until,
} from '../support/storage-faults.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every way storage fails (issue: fail safe) gets the same answer: 503 STORAGE_UNAVAILABLE in
 * the driver's words, the request answered (never left hanging), nothing kept (no paper row, no
 * file, the fee unused), and the author's retry working once the fault is gone.
 */

const UNAVAILABLE = { statusCode: 503, code: 'STORAGE_UNAVAILABLE' } as const;

function submit(testApp: TestApp, author: Person, pdf = pdfBytes(200_000, 's')) {
  let req = request(testApp.server).post('/api/papers').set('Authorization', `Bearer ${author.token}`);
  for (const [name, value] of Object.entries(submissionFields())) req = req.field(name, value);
  return req.attach('pdf', pdf, { filename: 'paper.pdf', contentType: 'application/pdf' });
}

async function paidAuthor(testApp: TestApp): Promise<Person> {
  const author = await createPerson(testApp);
  await givePaidFee(testApp, author.id);
  return author;
}

/** No paper, the fee unused, no file of the author's in storage (local disk). */
async function expectNothingKept(testApp: TestApp, author: Person, storageDir?: string): Promise<void> {
  expect(await sql(testApp.app, 'select id from research_papers where user_id = ?', [author.id])).toEqual([]);
  expect(await sql(testApp.app, 'select paper_id, used_at from payments where user_id = ?', [author.id])).toEqual([{ paper_id: null, used_at: null }]);
  if (storageDir) expect((await filesUnder(storageDir)).filter((file) => file.startsWith(author.id))).toEqual([]);
}

describe('storage faults: local disk', () => {
  let root: string;
  let storageDir: string;
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-faults-'));
    storageDir = join(root, 'storage');
    await mkdir(storageDir);
    testApp = await startTestApp({ env: { STORAGE_DIR: storageDir } });
    await testApp.app.listen(0, '127.0.0.1');
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  });

  afterEach(() => {
    unmount(storageDir);
    makeImmutable(storageDir, false);
  });

  afterAll(async () => {
    // Closing is the SIGTERM path: it must not wait on anything a fault left behind.
    await testApp.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a read-only directory (the first upload, no folder of the author yet): 503 in the disk\'s words, nothing kept, the retry works', async () => {
    mountTmpfs(storageDir, 4096);
    remountReadOnly(storageDir);
    const author = await paidAuthor(testApp);
    const response = await submit(testApp, author).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage directory is read-only. Please contact administrator.' });
    await expectNothingKept(testApp, author, storageDir);

    unmount(storageDir);
    await submit(testApp, author).expect(201);
  });

  it('a read-only directory where the author\'s folder exists (EROFS on the file): the same', async () => {
    const author = await paidAuthor(testApp);
    mountTmpfs(storageDir, 4096);
    await mkdir(join(storageDir, author.id));
    remountReadOnly(storageDir);
    const response = await submit(testApp, author).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage directory is read-only. Please contact administrator.' });
    await expectNothingKept(testApp, author, storageDir);
  });

  it('a directory the API may not write to (another owner, or immutable even to root): 503 permission denied', async () => {
    makeImmutable(storageDir, true);
    const author = await paidAuthor(testApp);
    const response = await submit(testApp, author).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage directory cannot be written (permission denied). Please contact administrator.' });
    await expectNothingKept(testApp, author, storageDir);

    makeImmutable(storageDir, false);
    await submit(testApp, author).expect(201);
  });

  it('a disk that fills up while the file is written (ENOSPC mid-stream): 503 full, the partial file removed, the rest of the request read', async () => {
    mountTmpfs(storageDir, 512);
    const author = await paidAuthor(testApp);
    const response = await submit(testApp, author, pdfBytes(2 * 1024 * 1024, 'f')).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage is full. Please contact administrator.' });
    await expectNothingKept(testApp, author, storageDir);
    expect(await filesUnder(storageDir)).toEqual([]);

    unmount(storageDir);
    await submit(testApp, author).expect(201);
  });

  it('a disk already full: 503 full before the file is read', async () => {
    mountTmpfs(storageDir, 256);
    await writeFile(join(storageDir, 'filler'), Buffer.alloc(1024 * 1024)).catch(() => undefined);
    const author = await paidAuthor(testApp);
    const response = await submit(testApp, author).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage is full. Please contact administrator.' });
    await expectNothingKept(testApp, author, storageDir);
  });

  it('the author\'s folder removed mid-upload (ENOENT when the file is moved into place): 503, and the retry works', async () => {
    const author = await paidAuthor(testApp);
    const pdf = pdfBytes(1024 * 1024, 'r');
    const upload = streamSubmission(port, author.token, pdf, 512 * 1024);
    await until(async () => (await filesUnder(storageDir)).some((file) => file.startsWith(`${author.id}/`) && file.endsWith('.partial')));
    await rm(join(storageDir, author.id), { recursive: true, force: true });
    upload.finish();
    expect(await upload.response).toEqual({ status: 503, body: { ...UNAVAILABLE, message: 'Storage failed while saving the file. Please try again.' } });
    await expectNothingKept(testApp, author, storageDir);

    await submit(testApp, author).expect(201);
  });

  it('a failure before the file is read (a file where the author\'s folder goes): 503, and the request is still read to its end', async () => {
    const author = await paidAuthor(testApp);
    await writeFile(join(storageDir, author.id), 'not a folder');
    // Larger than the socket's buffers: unless the API reads the rest, the answer never comes.
    const response = await submit(testApp, author, pdfBytes(4 * 1024 * 1024, 'b')).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message: 'Storage failed. Please try again later.' });
    await rm(join(storageDir, author.id));
    await expectNothingKept(testApp, author, storageDir);
    await submit(testApp, author).expect(201);
  });

  it('a paper whose stored file is gone: 503 (an outage), never 404 (a missing paper); readiness still reports the directory', async () => {
    const author = await paidAuthor(testApp);
    const paper = (await submit(testApp, author).expect(201)).body as { id: string; pdfUrl: string };
    const [row] = await sql<{ pdf_storage_key: string }>(testApp.app, 'select pdf_storage_key from research_papers where id = ?', [paper.id]);
    await rm(join(storageDir, row.pdf_storage_key));

    for (const url of [paper.pdfUrl, `/api/papers/${paper.id}/versions/1/pdf`]) {
      const response = await request(testApp.server).get(url).set('Authorization', `Bearer ${author.token}`).expect(503);
      expect(response.body).toEqual({ ...UNAVAILABLE, message: 'The file is missing from storage. Please contact administrator.' });
    }
    await request(testApp.server).get('/api/health').expect(200);
  });

  it('readiness reports a read-only or full directory as storage down', async () => {
    mountTmpfs(storageDir, 4096);
    remountReadOnly(storageDir);
    const response = await request(testApp.server).get('/api/health').expect(503);
    expect(response.body).toMatchObject({ status: 'error', checks: { database: 'up', storage: 'down' } });
  });
});

describe('storage faults: an API stopping while an upload stalls', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-stop-'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stops after SHUTDOWN_GRACE_SECONDS even though a client stopped sending mid-file', async () => {
    const testApp = await startTestApp({ env: { STORAGE_DIR: root, SHUTDOWN_GRACE_SECONDS: '1' } });
    await testApp.app.listen(0, '127.0.0.1');
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    const author = await paidAuthor(testApp);
    const upload = streamSubmission(port, author.token, pdfBytes(1024 * 1024, 'h'), 256 * 1024);
    await until(async () => (await filesUnder(root)).some((file) => file.endsWith('.partial')));

    // Resolves only if the stalled connection is cut: the suite's timeout is the hang guard.
    await testApp.close();
    // The client sees its connection cut (an error from another realm than the test's, so matched by its code).
    expect(await upload.response).toMatchObject({ error: { code: expect.stringMatching(/^(ECONNRESET|EPIPE)$/) } });
  });
});

describe('storage faults: S3', () => {
  let s3: S3TestServer;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let refusing: Awaited<ReturnType<typeof refusingS3Server>>;
  const apps: TestApp[] = [];

  async function appWith(env: Record<string, string>): Promise<TestApp> {
    const testApp = await startTestApp({ env });
    apps.push(testApp);
    return testApp;
  }

  beforeAll(async () => {
    s3 = await startS3Server(['journal-papers']);
    silent = await silentServer();
    refusing = await refusingS3Server();
  });

  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    await silent.close();
    await refusing.close();
    await s3.close();
  });

  it.each([
    ['the bucket is missing', () => s3.env('no-such-bucket'), 'Storage bucket not found. Please contact administrator.'],
    ['the credentials are refused', () => ({ ...s3.env('journal-papers'), S3_ENDPOINT: refusing.endpoint }), 'Storage bucket refused access. Please contact administrator.'],
    ['the endpoint is down', async () => ({ ...s3.env('journal-papers'), S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }), 'Storage server cannot be reached. Please try again later.'],
    [
      'the endpoint accepts and never answers',
      () => ({ ...s3.env('journal-papers'), S3_ENDPOINT: silent.endpoint, STORAGE_TIMEOUT_SECONDS: '1' }),
      'Storage server did not answer in time. Please try again later.',
    ],
  ])('%s: 503 in the store\'s words, nothing kept, readiness down', async (_fault, env, message) => {
    const testApp = await appWith(await env());
    const author = await paidAuthor(testApp);
    const response = await submit(testApp, author).expect(503);
    expect(response.body).toEqual({ ...UNAVAILABLE, message });
    await expectNothingKept(testApp, author);
    const health = await request(testApp.server).get('/api/health').expect(503);
    expect(health.body).toMatchObject({ checks: { storage: 'down' } });
  });
});
