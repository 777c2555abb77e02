import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3Server } from '../../../test/support/s3-server.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import { InvalidStorageKeyError } from './storage-key.js';
import { type StorageService, StorageUnavailableError } from './storage.service.js';

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

interface Driver {
  /** A storage that works, and one whose bucket or directory is missing. */
  ready: StorageService;
  missing: StorageService;
}

let s3: S3TestServer;
let root: string;
const drivers: Record<'local disk' | 's3', () => Driver> = {
  'local disk': () => ({ ready: new LocalDiskStorage(root), missing: new LocalDiskStorage(join(root, 'does-not-exist')) }),
  s3: () => {
    const options = { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3_TEST_CREDENTIALS };
    return { ready: new S3Storage({ ...options, bucket: 'papers' }), missing: new S3Storage({ ...options, bucket: 'no-such-bucket' }) };
  },
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-drivers-'));
  s3 = await startS3Server(['papers']);
});

afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('StorageService on %s', (name) => {
  let driver: Driver;
  beforeAll(() => {
    driver = drivers[name]();
  });

  it('is ready when its bucket or directory exists', async () => {
    await expect(driver.ready.assertReady()).resolves.toBeUndefined();
  });

  it('stores buffers and streams, reports existence and size, opens and deletes', async () => {
    const storage = driver.ready;
    await storage.put('u1/1.pdf', Buffer.from('%PDF-1.7 buffer'), { contentType: 'application/pdf' });
    await storage.put('u1/2.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('stream')]));
    expect(await storage.exists('u1/1.pdf')).toBe(true);
    const opened = await storage.open('u1/2.pdf');
    expect(opened?.size).toBe(11);
    expect(await read(opened!.stream)).toBe('%PDF-stream');
    expect(await read((await storage.open('u1/1.pdf'))!.stream)).toBe('%PDF-1.7 buffer');
    await storage.delete('u1/1.pdf');
    expect(await storage.exists('u1/1.pdf')).toBe(false);
    expect(await storage.open('u1/1.pdf')).toBeNull();
    await expect(storage.delete('u1/1.pdf')).resolves.toBeUndefined();
  });

  it('replaces an object stored again under the same key', async () => {
    await driver.ready.put('u2/1.pdf', Buffer.from('first'));
    await driver.ready.put('u2/1.pdf', Buffer.from('second'));
    expect(await read((await driver.ready.open('u2/1.pdf'))!.stream)).toBe('second');
  });

  it('answers null and false for keys that were never stored', async () => {
    expect(await driver.ready.open('nobody/0.pdf')).toBeNull();
    expect(await driver.ready.exists('nobody/0.pdf')).toBe(false);
  });

  it('refuses unsafe keys in every method', async () => {
    await expect(driver.ready.put('../x.pdf', Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(driver.ready.open('/etc/passwd')).rejects.toThrow(InvalidStorageKeyError);
    await expect(driver.ready.exists('a/../../x')).rejects.toThrow(InvalidStorageKeyError);
    await expect(driver.ready.delete('..')).rejects.toThrow(InvalidStorageKeyError);
  });

  it('is unavailable, and stores nothing, when its bucket or directory is missing', async () => {
    await expect(driver.missing.assertReady()).rejects.toThrow(StorageUnavailableError);
    await expect(driver.missing.put('u1/3.pdf', Buffer.from('%PDF-'))).rejects.toThrow(StorageUnavailableError);
  });
});
