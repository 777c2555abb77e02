import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { AppException } from '../../../common/http/app.exception.js';
import { loadConfig } from '../../../config/app-config.js';
import { LocalDiskStorage } from '../local-disk.storage.js';
import { IncomingUpload } from './incoming-upload.js';
import { UploadKind, uploadPolicy } from './upload-policy.js';
import { sampleFiles } from './upload-samples.js';

const OWNER = '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01';
const uploads = loadConfig({ NODE_ENV: 'test', UPLOAD_MAX_IMAGES: '2' }).uploads;

interface Part {
  field: string;
  body: Buffer | string;
  name?: string;
  type?: string;
}

/** A real multipart body, as a browser's FormData sends it. */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.body === 'string') form.append(part.field, part.body);
    else form.append(part.field, new Blob([new Uint8Array(part.body)], { type: part.type ?? 'application/octet-stream' }), part.name ?? 'file');
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** Whole images (the pipeline decodes images to strip their metadata, so a bare head is not enough). */
const image = (format: 'png' | 'gif' | 'webp' | 'jpeg') => sharp({ create: { width: 4, height: 3, channels: 3, background: '#c33' } })[format]().toBuffer();

describe('the upload pipeline (IncomingUpload) on a real multipart request', () => {
  let root: string;
  let storage: LocalDiskStorage;
  let app: FastifyInstance;
  const images: Record<'png' | 'gif' | 'webp' | 'jpeg', Buffer> = { png: Buffer.alloc(0), gif: Buffer.alloc(0), webp: Buffer.alloc(0), jpeg: Buffer.alloc(0) };

  beforeAll(async () => {
    for (const format of ['png', 'gif', 'webp', 'jpeg'] as const) images[format] = await image(format);
    root = await mkdtemp(join(tmpdir(), 'upload-pipeline-'));
    storage = new LocalDiskStorage(root);
    app = Fastify();
    await app.register(fastifyMultipart, { limits: { fileSize: 0, files: 0 } });
    for (const kind of Object.values(UploadKind)) {
      app.post(`/${kind}`, async (request, reply) => {
        try {
          const received = await new IncomingUpload(request, uploadPolicy(kind, uploads), storage).receive(OWNER);
          if ((request.query as { require?: string }).require) received.requireFile();
          return { fields: received.fields, files: received.files };
        } catch (error) {
          if (!(error instanceof AppException)) throw error;
          return reply.status(error.getStatus()).send(error.getResponse());
        }
      });
    }
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const send = async (kind: UploadKind, parts: Part[], query = '') => {
    const response = await app.inject({ method: 'POST', url: `/${kind}${query}`, ...(await multipart(parts)) });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const storedKeys = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));

  it('stores a PDF under {userId}/{timestamp}.pdf with the sniffed type, and hands back the fields', async () => {
    const { status, body } = await send(UploadKind.PaperPdf, [
      { field: 'title', body: 'On bees' },
      { field: 'pdf', body: sampleFiles.pdf, name: 'C:\\Users\\ada\\On bees.pdf', type: 'text/plain' },
    ]);
    expect(status).toBe(200);
    const [file] = body.files as { key: string; size: number; contentType: string; originalName: string }[];
    expect(body.fields).toEqual({ title: 'On bees' });
    expect(file).toMatchObject({ size: sampleFiles.pdf.length, contentType: 'application/pdf', originalName: 'On bees.pdf' });
    expect(file?.key).toMatch(new RegExp(`^${OWNER}/\\d+\\.pdf$`));
    expect(Buffer.compare(await readFile(join(root, file.key)), sampleFiles.pdf)).toBe(0);
  });

  it('refuses a PNG named paper.pdf and sent as application/pdf (415), storing nothing', async () => {
    const before = await storedKeys();
    const { status, body } = await send(UploadKind.PaperPdf, [{ field: 'pdf', body: sampleFiles.png, name: 'paper.pdf', type: 'application/pdf' }]);
    expect({ status, body }).toEqual({ status: 415, body: { statusCode: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload a PDF file only.' } });
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a PDF renamed photo.png and sent as image/png (415)', async () => {
    const { status, body } = await send(UploadKind.MessageImage, [{ field: 'images', body: sampleFiles.pdf, name: 'photo.png', type: 'image/png' }]);
    expect(status).toBe(415);
    expect(body.code).toBe('INVALID_FILE_TYPE');
  });

  it('refuses an SVG sent as image/svg+xml (415)', async () => {
    const { status, body } = await send(UploadKind.MessageImage, [{ field: 'images', body: sampleFiles.svg, name: 'logo.svg', type: 'image/svg+xml' }]);
    expect({ status, message: body.message }).toEqual({ status: 415, message: 'Please upload images only (PNG, JPEG, GIF or WebP).' });
  });

  it('stores several images with the extension of what they are, under the message-attachments prefix', async () => {
    const { status, body } = await send(UploadKind.MessageImage, [
      { field: 'images', body: images.gif, name: 'funny cat.png', type: 'image/png' },
      { field: 'images', body: images.webp, name: 'graph.webp', type: 'image/webp' },
    ]);
    expect(status).toBe(200);
    const keys = (body.files as { key: string; contentType: string }[]).map(({ key, contentType }) => ({ key, contentType }));
    expect(keys).toEqual([
      { key: expect.stringMatching(new RegExp(`^message-attachments/${OWNER}/\\d+-funny_cat\\.gif$`)), contentType: 'image/gif' },
      { key: expect.stringMatching(new RegExp(`^message-attachments/${OWNER}/\\d+-graph\\.webp$`)), contentType: 'image/webp' },
    ]);
  });

  it('stores an image re-encoded without its EXIF (location, camera), with the stored size', async () => {
    const photo = await sharp(images.jpeg).withExif({ IFD0: { Make: 'PhoneMakerCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } }).toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { status, body } = await send(UploadKind.MessageImage, [{ field: 'images', body: photo, name: 'photo.jpg', type: 'image/jpeg' }]);
    expect(status).toBe(200);
    const [file] = body.files as { key: string; size: number; contentType: string }[];
    const stored = await readFile(join(root, file.key));
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: stored.length });
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('PhoneMakerCo')).toBe(false);
  });

  it('refuses an image whose head is right but which does not decode (415), storing nothing', async () => {
    const before = await storedKeys();
    const { status, body } = await send(UploadKind.MessageImage, [{ field: 'images', body: sampleFiles.png, name: 'broken.png', type: 'image/png' }]);
    expect({ status, code: body.code }).toEqual({ status: 415, code: 'INVALID_FILE_TYPE' });
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses more files than the policy allows (400), deleting those already stored', async () => {
    const before = await storedKeys();
    const tooMany = await send(UploadKind.MessageImage, [1, 2, 3].map(() => ({ field: 'images', body: images.png, name: 'a.png', type: 'image/png' })));
    expect(tooMany).toEqual({ status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: "Send at most 2 files, in the part 'images'." } });
    const twoPdfs = await send(UploadKind.PaperPdf, [1, 2].map(() => ({ field: 'pdf', body: sampleFiles.pdf, name: 'a.pdf' })));
    expect(twoPdfs.body.message).toBe("Send one file only, in the part 'pdf'.");
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a file in another part (400), naming the right one', async () => {
    const { status, body } = await send(UploadKind.PaperPdf, [{ field: 'file', body: sampleFiles.pdf, name: 'a.pdf' }]);
    expect({ status, message: body.message }).toEqual({ status: 400, message: "Unexpected file part 'file': the PDF goes in the part 'pdf'." });
  });

  it('refuses a request that is not multipart (415)', async () => {
    const response = await app.inject({ method: 'POST', url: `/${UploadKind.PaperPdf}`, payload: { title: 'x' } });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe("Send the form as multipart/form-data, with the PDF in the file part 'pdf'.");
  });

  it('lets the service require the file: a form without it is refused with the policy’s message (400)', async () => {
    const { status, body } = await send(UploadKind.PaperPdf, [{ field: 'title', body: 'x' }], '?require=1');
    expect({ status, body }).toEqual({ status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'pdf: a PDF file is required' } });
    expect((await send(UploadKind.MessageImage, [{ field: 'subject', body: 'x' }])).status).toBe(200);
  });
});
