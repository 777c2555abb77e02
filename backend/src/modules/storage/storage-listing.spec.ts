import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3Server } from '../../../test/support/s3-server.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import type { ListedObject, StorageService } from './storage.service.js';

async function listAll(storage: StorageService): Promise<ListedObject[]> {
  const listed: ListedObject[] = [];
  for await (const object of storage.list()) listed.push(object);
  return listed.sort((a, b) => a.key.localeCompare(b.key));
}

let s3: S3TestServer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-listing-'));
  s3 = await startS3Server(['listing']);
});

afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const s3Options = () => ({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3_TEST_CREDENTIALS });

describe.each([
  ['local disk', () => new LocalDiskStorage(join(root, 'listing'))],
  ['s3', () => new S3Storage({ ...s3Options(), bucket: 'listing' })],
] as const)('StorageService.list on %s', (_name, create) => {
  let storage: StorageService;

  beforeAll(async () => {
    await mkdir(join(root, 'listing'), { recursive: true });
    storage = create();
  });

  it('lists every object under every prefix with its size and time, and deletes what it listed', async () => {
    const before = Date.now() - 60_000;
    await storage.put('u1/1.pdf', Buffer.from('%PDF-one'));
    await storage.put('u2/2.pdf', Buffer.from('%PDF-second'));
    await storage.put('message-attachments/u1/3-photo.png', Buffer.from('png'));

    const listed = await listAll(storage);
    expect(listed.map(({ key, size, partial }) => ({ key, size, partial }))).toEqual([
      { key: 'message-attachments/u1/3-photo.png', size: 3, partial: false },
      { key: 'u1/1.pdf', size: 8, partial: false },
      { key: 'u2/2.pdf', size: 11, partial: false },
    ]);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);

    await storage.deleteListed(listed[1]);
    expect((await listAll(storage)).map((object) => object.key)).toEqual(['message-attachments/u1/3-photo.png', 'u2/2.pdf']);
  });
});

describe('LocalDiskStorage.list', () => {
  let dir: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(root, 'partials-'));
    storage = new LocalDiskStorage(dir);
  });

  it('lists an upload’s temporary file as partial with its own time, and deletes it', async () => {
    await mkdir(join(dir, 'u1'));
    const temporary = 'u1/5.pdf.0b6f4c1e-8a1d-4a5e-9c3b-2f1e0d9c8b7a.partial';
    await writeFile(join(dir, temporary), 'half a pdf');
    const old = new Date('2026-01-01T00:00:00Z');
    await utimes(join(dir, temporary), old, old);

    const [listed] = await listAll(storage);
    expect(listed).toEqual({ key: temporary, size: 10, modifiedAt: old, partial: true });
    await storage.deleteListed(listed);
    expect(await listAll(storage)).toEqual([]);
  });

  it('leaves out files that are not the journal’s, and refuses to delete a made-up partial outside the root', async () => {
    await mkdir(join(dir, 'u1'));
    await writeFile(join(dir, '.DS_Store'), 'x');
    await writeFile(join(dir, 'u1', 'notes..txt'), 'x');
    await writeFile(join(dir, 'u1', '1.pdf'), '%PDF-');
    expect((await listAll(storage)).map((object) => object.key)).toEqual(['u1/1.pdf']);

    const outside = { key: '../elsewhere.0b6f4c1e-8a1d-4a5e-9c3b-2f1e0d9c8b7a.partial', size: 1, modifiedAt: new Date(0), partial: true };
    await expect(storage.deleteListed(outside)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deleteListed({ ...outside, key: 'u1/1.pdf' })).rejects.toThrow(/Invalid storage key/);
    expect((await listAll(storage)).map((object) => object.key)).toEqual(['u1/1.pdf']);
  });

  it('fails when its root is missing, rather than listing nothing', async () => {
    await expect(listAll(new LocalDiskStorage(join(dir, 'missing')))).rejects.toThrow(/ENOENT/);
  });
});

/**
 * s3rver makes ListObjectsV2's continuation tokens with DES, which OpenSSL 3 offers only in its
 * legacy provider: paging is tried on an s3rver of its own, in a process that loads it.
 */
async function startPagingS3Server(bucket: string): Promise<{ endpoint: string; stop(): void }> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-paging-'));
  const script = `
    import S3rver from 's3rver';
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(bucket)} }] });
    const { port } = await server.run();
    console.log('port ' + port);`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const port = /^port (\d+)$/.exec(line)?.[1];
  if (!port) throw new Error(`s3rver did not start: ${line}`);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGKILL');
      void rm(directory, { recursive: true, force: true });
    },
  };
}

describe('S3Storage.list', () => {
  it('pages through the bucket with continuation tokens', async () => {
    const server = await startPagingS3Server('paging');
    try {
      const storage = new S3Storage({ ...s3Options(), endpoint: server.endpoint, bucket: 'paging' });
      const keys = Array.from({ length: 7 }, (_, index) => `u${index % 3}/${index}.pdf`);
      for (const key of keys) await storage.put(key, Buffer.from(key));
      const listed: string[] = [];
      for await (const object of storage.list(2)) listed.push(object.key);
      expect(listed.sort()).toEqual([...keys].sort());
    } finally {
      server.stop();
    }
  });
});
