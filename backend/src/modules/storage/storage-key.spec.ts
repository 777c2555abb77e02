import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from './local-disk.storage.js';
import { assertSafeStorageKey, InvalidStorageKeyError, messageAttachmentKey, paperPdfKey } from './storage-key.js';

describe('storage keys', () => {
  it.each([
    '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01/1718452800000.pdf',
    'a/b/c.pdf',
    'file_name-1.v2.pdf',
  ])('accepts %s', (key) => {
    expect(() => assertSafeStorageKey(key)).not.toThrow();
  });

  it.each([
    '',
    '/etc/passwd',
    '../secret.pdf',
    'a/../../b.pdf',
    'a/./b.pdf',
    'a//b.pdf',
    'a/b/',
    '..',
    'a\\..\\b.pdf',
    'C:\\windows\\x.pdf',
    '.hidden',
    'a/..b/../c',
    'with space.pdf',
    'nul\u0000.pdf',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(() => assertSafeStorageKey(key)).toThrow(InvalidStorageKeyError);
  });

  it('builds paper keys as {userId}/{timestamp}.pdf', () => {
    expect(paperPdfKey('6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01', 1718452800000)).toBe('6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01/1718452800000.pdf');
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-spec-'));
    storage = new LocalDiskStorage(root);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores buffers and streams, reports existence and size, and deletes', async () => {
    await storage.put('u1/1.pdf', Buffer.from('%PDF-1.7 buffer'));
    await storage.put('u1/2.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('stream')]));
    expect(await storage.exists('u1/1.pdf')).toBe(true);
    const opened = await storage.open('u1/2.pdf');
    expect(opened?.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-stream');
    expect(await readFile(join(root, 'u1/1.pdf'), 'utf8')).toBe('%PDF-1.7 buffer');
    await storage.delete('u1/1.pdf');
    expect(await storage.exists('u1/1.pdf')).toBe(false);
    expect(await storage.open('u1/1.pdf')).toBeNull();
    await storage.delete('u1/1.pdf');
  });

  it('refuses unsafe keys in every method', async () => {
    await expect(storage.put('../x.pdf', Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.open('/etc/passwd')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists('a/../../x')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete('..')).rejects.toThrow(InvalidStorageKeyError);
  });
});

describe('message attachment keys', () => {
  const owner = '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01';

  it.each([
    ['holiday photo (1).JPG', 'jpg', `message-attachments/${owner}/1718452800000-holiday_photo__1_.jpg`],
    ['../../etc/passwd', 'png', `message-attachments/${owner}/1718452800000-._._etc_passwd.png`],
    ['...', 'gif', `message-attachments/${owner}/1718452800000-image.gif`],
    ['report.pdf.png', 'webp', `message-attachments/${owner}/1718452800000-report.pdf.webp`],
  ])('makes %s a safe key ending in the sniffed type', (name, extension, key) => {
    expect(messageAttachmentKey(owner, 1718452800000, name, extension)).toBe(key);
  });
});
