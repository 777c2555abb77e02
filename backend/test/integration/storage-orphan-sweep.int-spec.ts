import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { LocalDiskStorage } from '../../src/modules/storage/local-disk.storage.js';
import { S3Storage } from '../../src/modules/storage/s3.storage.js';
import { StorageOrphanSweep } from '../../src/modules/storage/storage-orphan-sweep.chore.js';
import type { StorageService } from '../../src/modules/storage/storage.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { createPaper } from '../support/papers.js';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3Server } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
const GRACE_HOURS = 24;

async function listedKeys(storage: StorageService): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

/** Rows that name `keys`: a paper's current PDF, a version of a paper, and a message's image. */
async function referenceKeys(testApp: TestApp, keys: { paperPdf: string; version: string; attachment: string }): Promise<void> {
  const author = await createAccount(testApp);
  const paper = await createPaper(testApp, { userId: author.id });
  await sql(testApp.app, 'update research_papers set pdf_storage_key = ? where id = ?', [keys.paperPdf, paper.id]);
  await sql(
    testApp.app,
    `insert into paper_files (id, paper_id, version, storage_key, file_name, size_bytes, uploaded_by) values (gen_random_uuid(), ?, 1, ?, 'v1.pdf', 5, ?)`,
    [paper.id, keys.version, author.id],
  );
  const [message] = await sql<{ id: string }>(testApp.app, `insert into reviewer_messages (sender_id, subject, content) values (?, 'Figures', 'See the image.') returning id`, [author.id]);
  await sql(
    testApp.app,
    `insert into message_attachments (message_id, position, storage_key, content_type, size, original_name) values (?, 0, ?, 'image/png', 5, 'figure.png')`,
    [message.id, keys.attachment],
  );
}

describe('storage orphan sweep', () => {
  let testApp: TestApp;
  let s3: S3TestServer;
  let root: string;
  let config: AppConfig;

  beforeAll(async () => {
    testApp = await startTestApp();
    s3 = await startS3Server(['sweep']);
    root = await mkdtemp(join(tmpdir(), 'orphan-sweep-'));
    const appConfig = testApp.app.get<AppConfig>(APP_CONFIG);
    config = { ...appConfig, storageOrphans: { graceMs: GRACE_HOURS * HOUR } };
  });

  afterAll(async () => {
    await s3?.close();
    await testApp?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const drivers: [string, () => Promise<StorageService>][] = [
    ['local disk', async () => new LocalDiskStorage(await mkdtemp(join(root, 'store-')))],
    ['s3', () => Promise.resolve(new S3Storage({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, bucket: 'sweep', ...S3_TEST_CREDENTIALS }))],
  ];

  describe.each(drivers)('on %s', (_name, create) => {
    it('keeps young objects and referenced ones however old, and removes old objects no row names', async () => {
      const storage = await create();
      const sweep = new StorageOrphanSweep(storage, testApp.app.get(MikroORM), config);
      const run = randomUUID();
      const keys = { paperPdf: `${run}/1.pdf`, version: `${run}/2.pdf`, attachment: `message-attachments/${run}/3-figure.png` };
      const orphans = [`${run}/4.pdf`, `message-attachments/${run}/5-lost.png`];
      for (const key of [...Object.values(keys), ...orphans]) await storage.put(key, Buffer.from('bytes'));
      await referenceKeys(testApp, keys);
      const everything = [...Object.values(keys), ...orphans].sort();

      // Just stored: within the grace period, orphans included (an upload in flight has no row yet).
      expect(await sweep.sweep(new Date())).toEqual({ orphans: 0, partials: 0, bytes: 0 });
      expect(await listedKeys(storage)).toEqual(everything);
      expect(await sweep.sweep(new Date(Date.now() + (GRACE_HOURS - 1) * HOUR))).toEqual({ orphans: 0, partials: 0, bytes: 0 });
      expect(await listedKeys(storage)).toEqual(everything);

      // A year on: what no row names goes, what a row names stays.
      expect(await sweep.sweep(new Date(Date.now() + 365 * 24 * HOUR))).toEqual({ orphans: 2, partials: 0, bytes: 10 });
      expect(await listedKeys(storage)).toEqual(Object.values(keys).sort());
      for (const key of Object.values(keys)) expect(await storage.exists(key)).toBe(true);
    });
  });

  it('removes an upload’s partial file on local disk once it is older than the grace period', async () => {
    const dir = await mkdtemp(join(root, 'partials-'));
    const storage = new LocalDiskStorage(dir);
    const sweep = new StorageOrphanSweep(storage, testApp.app.get(MikroORM), config);
    await mkdir(join(dir, 'u1'));
    const partial = 'u1/7.pdf.5d0f3c1e-8a1d-4a5e-9c3b-2f1e0d9c8b7a.partial';
    await writeFile(join(dir, partial), 'half of a paper');

    expect(await sweep.sweep(new Date(Date.now() + (GRACE_HOURS - 1) * HOUR))).toEqual({ orphans: 0, partials: 0, bytes: 0 });
    expect(await readdir(join(dir, 'u1'))).toEqual([partial.slice(3)]);
    expect(await sweep.sweep(new Date(Date.now() + (GRACE_HOURS + 1) * HOUR))).toEqual({ orphans: 0, partials: 1, bytes: 15 });
    expect(await readdir(join(dir, 'u1'))).toEqual([]);
  });

  it('asks PostgreSQL about the listed keys in batches, however many there are', async () => {
    const storage = new LocalDiskStorage(await mkdtemp(join(root, 'many-')));
    const sweep = new StorageOrphanSweep(storage, testApp.app.get(MikroORM), config);
    const run = randomUUID();
    const referenced = { paperPdf: `${run}/0.pdf`, version: `${run}/1.pdf`, attachment: `message-attachments/${run}/2-figure.png` };
    const keys = [...Object.values(referenced), ...Array.from({ length: 2497 }, (_, index) => `${run}/${index + 3}.pdf`)];
    for (const key of keys) await storage.put(key, Buffer.from('x'));
    await referenceKeys(testApp, referenced);
    const queries = jest.spyOn(testApp.app.get(MikroORM).em.getConnection(), 'execute');
    try {
      expect(await sweep.sweep(new Date(Date.now() + 365 * 24 * HOUR))).toEqual({ orphans: 2497, partials: 0, bytes: 2497 });
      // 2,500 keys, 1,000 a query.
      expect(queries).toHaveBeenCalledTimes(3);
    } finally {
      queries.mockRestore();
    }
    expect((await listedKeys(storage)).sort()).toEqual(Object.values(referenced).sort());
  }, 120_000);
});
