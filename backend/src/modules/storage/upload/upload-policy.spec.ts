import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { loadConfig } from '../../../config/app-config.js';
import { sniffContentType } from './content-sniffer.js';
import { UploadContentCheck } from './upload-content-check.js';
import { FileTooLargeException } from './upload.exception.js';
import { formatByteLimit, UploadKind, uploadPolicy } from './upload-policy.js';
import { sampleFiles } from './upload-samples.js';

const defaults = loadConfig({ NODE_ENV: 'test' }).uploads;
const pdfPolicy = uploadPolicy(UploadKind.PaperPdf, defaults);
const imagePolicy = uploadPolicy(UploadKind.MessageImage, defaults);

/** Runs bytes through the pipeline's check, in chunks, as a multipart part arrives. */
async function check(bytes: Buffer, policy = pdfPolicy, chunkSize = 1000) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const stream = new UploadContentCheck(policy);
  Readable.from(chunks).pipe(stream);
  return { type: await stream.detected, body: await buffer(stream) };
}

describe('upload policies: the type is decided by the content', () => {
  it('accepts a PDF by its %PDF- header, whatever it is called', async () => {
    expect(await sniffContentType(sampleFiles.pdf, pdfPolicy)).toEqual({ mime: 'application/pdf', extension: 'pdf' });
  });

  it.each([
    ['a PNG (named paper.pdf by its sender)', sampleFiles.png],
    ['an HTML page', sampleFiles.html],
    ['a header without the dash (%PDF1.7)', sampleFiles.pdfWithoutDash],
    ['nothing at all', Buffer.alloc(0)],
  ])('refuses %s as a PDF', async (_label, bytes) => {
    expect(await sniffContentType(bytes, pdfPolicy)).toBeNull();
  });

  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('accepts a %s image as %s, stored as .%s', async (sample, mime, extension) => {
    expect(await sniffContentType(sampleFiles[sample], imagePolicy)).toEqual({ mime, extension });
  });

  it.each([
    ['a PDF (renamed photo.png by its sender)', sampleFiles.pdf],
    ['an SVG', sampleFiles.svg],
    ['an SVG with an XML declaration', sampleFiles.xmlSvg],
    ['an HTML page', sampleFiles.html],
  ])('refuses %s as an image', async (_label, bytes) => {
    expect(await sniffContentType(bytes, imagePolicy)).toBeNull();
  });

  it('holds the bytes back until the type is known, then passes every byte through', async () => {
    const file = Buffer.concat([sampleFiles.pdf, Buffer.alloc(20_000, 'x')]);
    const { type, body } = await check(file, pdfPolicy, 333);
    expect(type.mime).toBe('application/pdf');
    expect(Buffer.compare(body, file)).toBe(0);
  });

  it('fails the stream with the policy’s message on content of the wrong type', async () => {
    await expect(check(sampleFiles.png, pdfPolicy)).rejects.toMatchObject({ status: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload a PDF file only.' });
    await expect(check(sampleFiles.svg, imagePolicy)).rejects.toMatchObject({ status: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload images only (PNG, JPEG, GIF or WebP).' });
  });
});

describe('upload policies: limits come from the configuration', () => {
  it('defaults to the spec’s 10 MB for PDFs, and says so as the spec does', () => {
    expect(pdfPolicy.maxBytes).toBe(10 * 1024 * 1024);
    expect(new FileTooLargeException(pdfPolicy).message).toBe('Please upload a file smaller than 10MB.');
    expect(pdfPolicy).toMatchObject({ field: 'pdf', minFiles: 1, maxFiles: 1 });
  });

  it('takes each kind’s size and the number of images from the environment', () => {
    const uploads = loadConfig({ NODE_ENV: 'test', UPLOAD_MAX_PDF_BYTES: '2048', UPLOAD_MAX_IMAGE_BYTES: '3145728', UPLOAD_MAX_IMAGES: '4' }).uploads;
    expect(uploadPolicy(UploadKind.PaperPdf, uploads).maxBytes).toBe(2048);
    expect(new FileTooLargeException(uploadPolicy(UploadKind.PaperPdf, uploads)).message).toBe('Please upload a file smaller than 2KB.');
    expect(uploadPolicy(UploadKind.MessageImage, uploads)).toMatchObject({ maxBytes: 3 * 1024 * 1024, maxFiles: 4, minFiles: 0 });
  });

  it('refuses a limit the storage drivers cannot hold, at boot', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', UPLOAD_MAX_PDF_BYTES: String(101 * 1024 * 1024) })).toThrow(/UPLOAD_MAX_PDF_BYTES/);
    expect(() => loadConfig({ NODE_ENV: 'test', UPLOAD_MAX_IMAGES: '0' })).toThrow(/UPLOAD_MAX_IMAGES/);
  });

  it('passes a file of exactly the limit and fails one byte more with 413', async () => {
    const policy = uploadPolicy(UploadKind.PaperPdf, { ...defaults, maxPdfBytes: 8192 });
    const exact = Buffer.concat([sampleFiles.pdf, Buffer.alloc(8192 - sampleFiles.pdf.length, 'x')]);
    expect((await check(exact, policy)).body).toHaveLength(8192);
    await expect(check(Buffer.concat([exact, Buffer.from('x')]), policy)).rejects.toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'Please upload a file smaller than 8KB.' });
  });

  it.each([
    [10 * 1024 * 1024, '10MB'],
    [2048, '2KB'],
    [1500, '1500 bytes'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(formatByteLimit(bytes)).toBe(text);
  });
});
