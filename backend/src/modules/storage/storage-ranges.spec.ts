import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3Server } from '../../../test/support/s3-server.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import type { StorageService } from './storage.service.js';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CONTENT = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));

let s3: S3TestServer;
let root: string;
const drivers: Record<'local disk' | 's3', () => StorageService> = {
  'local disk': () => new LocalDiskStorage(root),
  s3: () => new S3Storage({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3_TEST_CREDENTIALS, bucket: 'ranges' }),
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-ranges-'));
  s3 = await startS3Server(['ranges']);
});

afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('StorageService.open with a range on %s', (name) => {
  let storage: StorageService;
  beforeAll(async () => {
    storage = drivers[name]();
    await storage.put('u1/ranged.pdf', CONTENT);
  });

  it.each([
    [0, 99],
    [100, 100],
    [250, 299],
    [0, 299],
  ])('reads bytes %i to %i only, and reports the whole size', async (start, end) => {
    const opened = await storage.open('u1/ranged.pdf', { start, end });
    expect(opened?.size).toBe(300);
    expect(await read(opened!.stream)).toEqual(CONTENT.subarray(start, end + 1));
  });

  it('reads the whole object without a range, and null for a missing one with a range', async () => {
    expect(await read((await storage.open('u1/ranged.pdf'))!.stream)).toEqual(CONTENT);
    expect(await storage.open('u1/missing.pdf', { start: 0, end: 1 })).toBeNull();
  });
});
