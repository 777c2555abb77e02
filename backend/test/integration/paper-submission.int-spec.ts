import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config/app-config.js';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MAX_PDF_BYTES = loadConfig().uploads.maxPdfBytes;

interface Author {
  id: string;
  email: string;
  token: string;
}

async function storedFiles(userId: string, root = process.env.STORAGE_DIR!): Promise<string[]> {
  return readdir(join(root, userId)).catch(() => []);
}

function submit(testApp: TestApp, token: string | null, fields: Record<string, string>, file: { body: Buffer; name?: string; type?: string } | null) {
  let req = request(testApp.server).post('/api/papers');
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (file) req = req.attach('pdf', file.body, { filename: file.name ?? 'paper.pdf', contentType: file.type ?? 'application/pdf' });
  return req;
}

async function author(testApp: TestApp, options: { paid?: boolean } = {}): Promise<Author> {
  const account = await createAccount(testApp);
  const { accessToken } = await signIn(testApp, account.email, account.password);
  if (options.paid ?? true) await givePaidFee(testApp, account.id);
  return { id: account.id, email: account.email, token: accessToken };
}

describe('papers: submission (POST /api/papers)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('stores a paid submission as submitted, with its PDF as version 1, the fee used and a confirmation e-mail queued', async () => {
    const me = await author(testApp);
    const body = pdfBytes(50_000, 'a');
    const fields = submissionFields();
    const response = await submit(testApp, me.token, fields, { body, name: 'My Paper.pdf' }).expect(201);
    const paper = response.body as { id: string; status: string; title: string; pdfUrl: string; access: Record<string, boolean>; authorEmails: string[]; publishedAt: null };
    expect(paper).toMatchObject({ status: 'submitted', title: fields.title, publishedAt: null, authorEmails: ['ada@example.org'] });
    expect(paper.access).toEqual({ owner: true, discuss: true, uploadVersion: true, changeStatus: false });

    const [row] = await sql<{ user_id: string; status: string; pdf_storage_key: string; pdf_file_name: string; category: string }>(
      testApp.app,
      'select user_id, status, pdf_storage_key, pdf_file_name, category from research_papers where id = ?',
      [paper.id],
    );
    expect(row).toMatchObject({ user_id: me.id, status: 'submitted', pdf_file_name: 'My Paper.pdf', category: 'Biology' });
    expect(row.pdf_storage_key).toMatch(new RegExp(`^${me.id}/\\d+\\.pdf$`));

    const pdf = await request(testApp.server).get(paper.pdfUrl).set('Authorization', `Bearer ${me.token}`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.body as Buffer, body)).toBe(0);

    const versions = await sql<{ version: number; size_bytes: string; storage_key: string }>(testApp.app, 'select version, size_bytes, storage_key from paper_files where paper_id = ?', [paper.id]);
    expect(versions).toEqual([{ version: 1, size_bytes: '50000', storage_key: row.pdf_storage_key }]);
    const [fee] = await sql<{ paper_id: string; used_at: Date | null }>(testApp.app, 'select paper_id, used_at from payments where user_id = ?', [me.id]);
    expect(fee?.paper_id).toBe(paper.id);
    expect(fee?.used_at).not.toBeNull();
    const mails = await sql<{ recipient: string; data: { title: string; paperUrl: string } }>(
      testApp.app,
      "select recipient, data from outbox_mails where template = 'paper-submitted' and dedupe_key = ?",
      [`paper-submitted:${paper.id}`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(me.email.toLowerCase());
    expect(mails[0].data.title).toBe(fields.title);
    expect(mails[0].data.paperUrl).toMatch(new RegExp(`/papers/${paper.id}$`));

    // A visitor cannot see it: it is not published.
    await request(testApp.server).get(`/api/papers/${paper.id}`).expect(404);
  });

  it('refuses a submission without a paid fee (402), and a second one with the fee already used, storing nothing', async () => {
    const unpaid = await author(testApp, { paid: false });
    const response = await submit(testApp, unpaid.token, submissionFields(), { body: pdfBytes() }).expect(402);
    expect(response.body).toEqual({ statusCode: 402, code: 'PAYMENT_REQUIRED', message: 'Please complete the $100 submission fee before submitting your paper.' });
    expect(await storedFiles(unpaid.id)).toEqual([]);

    const paidOnce = await author(testApp);
    await submit(testApp, paidOnce.token, submissionFields(), { body: pdfBytes() }).expect(201);
    const again = await submit(testApp, paidOnce.token, submissionFields(), { body: pdfBytes() }).expect(402);
    expect(again.body.code).toBe('PAYMENT_REQUIRED');
    expect(await storedFiles(paidOnce.id)).toHaveLength(1);
  });

  it('refuses a renamed HTML file (415), judged by content, not by name or type', async () => {
    const me = await author(testApp);
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const response = await submit(testApp, me.token, submissionFields(), { body: html, name: 'x.pdf', type: 'application/pdf' }).expect(415);
    expect(response.body).toEqual({ statusCode: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload a PDF file only.' });
    expect(await storedFiles(me.id)).toEqual([]);
    // The fee is still unused: the next, valid, submission goes through.
    await submit(testApp, me.token, submissionFields(), { body: pdfBytes() }).expect(201);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte (413), leaving no file behind', async () => {
    const me = await author(testApp);
    await submit(testApp, me.token, submissionFields(), { body: pdfBytes(MAX_PDF_BYTES) }).expect(201);
    const other = await author(testApp);
    const response = await submit(testApp, other.token, submissionFields(), { body: pdfBytes(MAX_PDF_BYTES + 1) }).expect(413);
    expect(response.body).toEqual({ statusCode: 413, code: 'FILE_TOO_LARGE', message: 'Please upload a file smaller than 10MB.' });
    expect(await storedFiles(other.id)).toEqual([]);
    const [count] = await sql<{ n: number }>(testApp.app, 'select count(*)::int as n from research_papers where user_id = ?', [other.id]);
    expect(count?.n).toBe(0);
  });

  it.each([
    ['a missing title', { title: undefined }, 'title'],
    ['a blank abstract', { abstract: '   ' }, 'abstract'],
    ['authors that are not JSON', { authors: 'Ada Student' }, 'authors must be a JSON array'],
    ['no author', { authors: '[]' }, 'authors must contain at least 1 elements'],
    ['a bad author e-mail', { authors: JSON.stringify([{ name: 'Ada', email: 'not-an-email', school: 'Central High' }]) }, 'each author needs a valid email'],
    ['an author without a school', { authors: JSON.stringify([{ name: 'Ada', email: 'ada@example.org' }]) }, 'school'],
    ['an unknown author field', { authors: JSON.stringify([{ name: 'Ada', email: 'ada@example.org', school: 'C', role: 'admin' }]) }, 'property role should not exist'],
    ['a category that is not offered', { category: 'Astrology' }, 'category must be one of'],
    ['a status chosen by the client', { status: 'published' }, 'property status should not exist'],
    ['an owner chosen by the client (user_id)', { user_id: '00000000-0000-4000-8000-000000000000' }, 'property user_id should not exist'],
    ['an owner chosen by the client (userId)', { userId: '00000000-0000-4000-8000-000000000000' }, 'property userId should not exist'],
  ])('refuses %s (400) and keeps nothing', async (_label, overrides, message) => {
    const me = await author(testApp);
    const response = await submit(testApp, me.token, submissionFields(overrides), { body: pdfBytes() }).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toContain(message);
    expect(await storedFiles(me.id)).toEqual([]);
    const [fee] = await sql<{ paper_id: string | null }>(testApp.app, 'select paper_id from payments where user_id = ?', [me.id]);
    expect(fee?.paper_id).toBeNull();
  });

  it('refuses a form without the PDF (400) and a request that is not multipart (415)', async () => {
    const me = await author(testApp);
    const noFile = await submit(testApp, me.token, submissionFields(), null).expect(400);
    expect(noFile.body.message).toContain('pdf');
    const json = await request(testApp.server).post('/api/papers').set('Authorization', `Bearer ${me.token}`).send(submissionFields()).expect(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a visitor (401)', async () => {
    const response = await submit(testApp, null, submissionFields(), { body: pdfBytes() }).expect(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('accepts every submission category', async () => {
    for (const category of ['Engineering', 'Computational Neuroscience', 'Other']) {
      const me = await author(testApp);
      const response = await submit(testApp, me.token, submissionFields({ category }), { body: pdfBytes() }).expect(201);
      expect(response.body.category).toBe(category);
    }
  });
});

describe('papers: submission when storage is missing', () => {
  let testApp: TestApp;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'missing-storage-'));
    testApp = await startTestApp({ env: { STORAGE_DIR: join(root, 'not-created') } });
  });

  afterAll(async () => {
    await testApp.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 503 STORAGE_UNAVAILABLE and keeps nothing (the fee stays unused)', async () => {
    const me = await author(testApp);
    const response = await submit(testApp, me.token, submissionFields(), { body: pdfBytes() }).expect(503);
    expect(response.body).toEqual({ statusCode: 503, code: 'STORAGE_UNAVAILABLE', message: 'Storage directory not found. Please contact administrator.' });
    expect(await readdir(root)).toEqual([]);
    const [fee] = await sql<{ paper_id: string | null }>(testApp.app, 'select paper_id from payments where user_id = ?', [me.id]);
    expect(fee?.paper_id).toBeNull();
  });
});

describe('papers: submission with the S3 driver', () => {
  let s3: S3TestServer;
  let testApp: TestApp;
  let missingBucketApp: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server(['journal-papers']);
    testApp = await startTestApp({ env: s3.env('journal-papers') });
    missingBucketApp = await startTestApp({ env: s3.env('no-such-bucket') });
  });

  afterAll(async () => {
    await testApp.close();
    await missingBucketApp.close();
    await s3.close();
  });

  it('stores the PDF in the bucket and serves it back byte for byte', async () => {
    const me = await author(testApp);
    const body = pdfBytes(300_000, 'b');
    const response = await submit(testApp, me.token, submissionFields(), { body }).expect(201);
    const pdf = await request(testApp.server).get(response.body.pdfUrl).set('Authorization', `Bearer ${me.token}`).buffer(true).expect(200);
    expect(Buffer.compare(pdf.body as Buffer, body)).toBe(0);
    expect(await storedFiles(me.id)).toEqual([]);
  });

  it('refuses a file that is not a PDF and leaves nothing in the bucket', async () => {
    const me = await author(testApp);
    await submit(testApp, me.token, submissionFields(), { body: Buffer.from('<html></html>'), name: 'x.pdf' }).expect(415);
    await submit(testApp, me.token, submissionFields(), { body: pdfBytes() }).expect(201);
  });

  it('answers 503 STORAGE_UNAVAILABLE when the bucket is missing', async () => {
    const me = await author(missingBucketApp);
    const response = await submit(missingBucketApp, me.token, submissionFields(), { body: pdfBytes() }).expect(503);
    expect(response.body.code).toBe('STORAGE_UNAVAILABLE');
  });
});

describe('papers: the upload limit comes from the configuration (UPLOAD_MAX_PDF_BYTES)', () => {
  const limit = 64 * 1024;
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { UPLOAD_MAX_PDF_BYTES: String(limit) } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('accepts a submission of exactly the limit and refuses one byte more (413), saying the configured size', async () => {
    const me = await author(testApp);
    await submit(testApp, me.token, submissionFields(), { body: pdfBytes(limit) }).expect(201);
    const other = await author(testApp);
    const response = await submit(testApp, other.token, submissionFields(), { body: pdfBytes(limit + 1) }).expect(413);
    expect(response.body).toEqual({ statusCode: 413, code: 'FILE_TOO_LARGE', message: 'Please upload a file smaller than 64KB.' });
    expect(await storedFiles(other.id)).toEqual([]);
  });

  it('holds a new version to the same limit, and serves an accepted one with its type, length, name and nosniff', async () => {
    const me = await author(testApp);
    const paper = (await submit(testApp, me.token, submissionFields({ title: 'Bees, “again” & more' }), { body: pdfBytes(1000) }).expect(201)).body as { id: string };
    const upload = (body: Buffer) =>
      request(testApp.server).post(`/api/papers/${paper.id}/versions`).set('Authorization', `Bearer ${me.token}`).attach('pdf', body, { filename: 'v2.pdf', contentType: 'application/pdf' });
    expect((await upload(pdfBytes(limit + 1)).expect(413)).body.message).toBe('Please upload a file smaller than 64KB.');
    const body = pdfBytes(limit, 'v');
    await upload(body).expect(201);
    const version = await request(testApp.server).get(`/api/papers/${paper.id}/versions/2/pdf`).set('Authorization', `Bearer ${me.token}`).buffer(true).expect(200);
    expect(version.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(limit),
      'content-disposition': 'inline; filename="Bees again more v2.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    });
    expect(Buffer.compare(version.body as Buffer, body)).toBe(0);
  });
});
