import { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { PaperFile } from '../../src/modules/manuscripts/entities/paper-file.entity.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { createAccount, signIn } from '../support/accounts.js';
import { createPaper } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Collects a binary body whatever its status (supertest leaves application/pdf unparsed). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('papers: range requests on a published PDF, its ETag and caching', () => {
  let testApp: TestApp;
  let ownerToken: string;
  let published: string;
  let hidden: string;
  let whole: Buffer;
  let etag: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    const owner = await createAccount(testApp);
    ownerToken = (await signIn(testApp, owner.email, owner.password)).accessToken;
    const paper = await createPaper(testApp, { userId: owner.id, withPdf: true });
    published = paper.id;
    hidden = (await createPaper(testApp, { userId: owner.id, withPdf: true, status: PaperStatus.Submitted })).id;
    // The published file as its version 1, as a submission leaves it.
    const em = testApp.app.get(EntityManager).fork();
    em.create(PaperFile, { paperId: paper.id, version: 1, storageKey: paper.pdfStorageKey!, fileName: 'upload.pdf', sizeBytes: 0, uploadedBy: owner.id });
    await em.flush();

    const response = await get(`/api/papers/${published}/pdf`).expect(200);
    whole = response.body as Buffer;
    etag = response.headers.etag;
  });

  afterAll(async () => {
    await testApp.close();
  });

  function get(path: string, headers: Record<string, string> = {}, token?: string) {
    let call = request(testApp.server).get(path).buffer(true).parse(binary);
    if (token) call = call.set('Cookie', `access_token=${token}`);
    for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
    return call;
  }

  it('serves the whole published PDF with Accept-Ranges, a strong ETag and public revalidated caching', async () => {
    const response = await get(`/api/papers/${published}/pdf`).expect(200);
    expect(whole.length).toBeGreaterThan(200);
    expect(whole.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.body).toEqual(whole);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(Number(response.headers['content-length'])).toBe(whole.length);
  });

  it('answers bytes=0-99 with 206 and exactly those bytes', async () => {
    const response = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=0-99' }).expect(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(Number(response.headers['content-length'])).toBe(100);
    expect(response.body).toEqual(whole.subarray(0, 100));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('answers a range in the middle and an open-ended one', async () => {
    const middle = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=100-149' }).expect(206);
    expect(middle.body).toEqual(whole.subarray(100, 150));
    const tail = await get(`/api/papers/${published}/pdf`, { Range: `bytes=${whole.length - 7}-` }).expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${whole.length - 7}-${whole.length - 1}/${whole.length}`);
    expect(tail.body).toEqual(whole.subarray(whole.length - 7));
  });

  it('answers bytes=-10 with the last ten bytes', async () => {
    const response = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=-10' }).expect(206);
    expect(response.headers['content-range']).toBe(`bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`);
    expect(response.body).toEqual(whole.subarray(whole.length - 10));
  });

  it('answers a range past the end with 416 and Content-Range: bytes */size', async () => {
    const response = await get(`/api/papers/${published}/pdf`, { Range: `bytes=${whole.length}-${whole.length + 100}` }).expect(416);
    expect(response.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect((response.body as Buffer).length).toBe(0);
  });

  it('ignores a multi-range or malformed Range: 200 with the whole file', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=50-10', 'lines=1-2']) {
      const response = await get(`/api/papers/${published}/pdf`, { Range: range }).expect(200);
      expect(response.body).toEqual(whole);
      expect(response.headers['content-range']).toBeUndefined();
    }
  });

  it('answers If-None-Match with the ETag with 304 and no body', async () => {
    const response = await get(`/api/papers/${published}/pdf`, { 'If-None-Match': etag }).expect(304);
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect((response.body as Buffer).length).toBe(0);
    await get(`/api/papers/${published}/pdf`, { 'If-None-Match': '"another"' }).expect(200);
  });

  it('honours If-Range: the range for the current ETag, the whole file for another', async () => {
    const current = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=0-99', 'If-Range': etag }).expect(206);
    expect(current.body).toEqual(whole.subarray(0, 100));
    const stale = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=0-99', 'If-Range': '"stale"' }).expect(200);
    expect(stale.body).toEqual(whole);
    expect(stale.headers['content-range']).toBeUndefined();
  });

  it('keeps the same ETag on every request for the same file', async () => {
    const again = await get(`/api/papers/${published}/pdf`, { Range: 'bytes=0-0' }).expect(206);
    expect(again.headers.etag).toBe(etag);
  });

  it('keeps an unpublished paper’s PDF private for its owner, ranges included', async () => {
    const response = await get(`/api/papers/${hidden}/pdf`, {}, ownerToken).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['accept-ranges']).toBe('bytes');
    const part = await get(`/api/papers/${hidden}/pdf`, { Range: 'bytes=0-4' }, ownerToken).expect(206);
    expect(part.body).toEqual((response.body as Buffer).subarray(0, 5));
    expect(part.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).not.toBe(etag);
  });

  it('answers 404 to a visitor for an unpublished paper’s PDF, with or without a range', async () => {
    await get(`/api/papers/${hidden}/pdf`).expect(404);
    const ranged = await get(`/api/papers/${hidden}/pdf`, { Range: 'bytes=0-99' }).expect(404);
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(ranged.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('serves a numbered version in ranges too, privately (owner and admins only), with the same ETag as the same file', async () => {
    const response = await get(`/api/papers/${published}/versions/1/pdf`, { Range: 'bytes=0-99' }, ownerToken).expect(206);
    expect(response.body).toEqual(whole.subarray(0, 100));
    expect(response.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers.etag).toBe(etag);
    await get(`/api/papers/${published}/versions/1/pdf`, { 'If-None-Match': etag }, ownerToken).expect(304);
  });
});
