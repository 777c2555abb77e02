import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DownloadCaching, type FileDownload, ifRangeAllows, resolveRange, sendDownload, storedDownload } from './file-download.js';
import { StorageFault } from './storage-faults.js';
import { type ByteRange, StorageService, type StoredObject } from './storage.service.js';

describe('resolveRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=10-10', { start: 10, end: 10 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=-1000', { start: 0, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['BYTES=0-0', { start: 0, end: 0 }],
    [' bytes=999-999 ', { start: 999, end: 999 }],
  ])('serves %s as one range', (header, range) => {
    expect(resolveRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=5000-5001', 'bytes=-0'])('answers %s as unsatisfiable', (header) => {
    expect(resolveRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another unit', 'items=0-9'],
    ['no unit', '0-99'],
    ['several ranges', 'bytes=0-9,20-29'],
    ['a trailing comma', 'bytes=0-9,'],
    ['last before first', 'bytes=50-10'],
    ['no position at all', 'bytes=-'],
    ['a negative number', 'bytes=-5-9'],
    ['a non-number', 'bytes=a-b'],
    ['a space inside', 'bytes=0 -9'],
    ['a decimal', 'bytes=0.5-9'],
  ])('ignores %s (the whole file)', (_label, header) => {
    expect(resolveRange(header, 1000)).toBe('whole');
  });

  it('sends an empty file whole, whatever the range', () => {
    expect(resolveRange('bytes=0-', 0)).toBe('whole');
    expect(resolveRange('bytes=-5', 0)).toBe('whole');
  });
});

describe('ifRangeAllows', () => {
  it('allows a range without If-Range, or with the strong tag itself', () => {
    expect(ifRangeAllows(undefined, '"a"')).toBe(true);
    expect(ifRangeAllows('"a"', '"a"')).toBe(true);
  });

  it('refuses another tag, a weak tag, a date, or any If-Range for a file without a tag', () => {
    expect(ifRangeAllows('"b"', '"a"')).toBe(false);
    expect(ifRangeAllows('W/"a"', '"a"')).toBe(false);
    expect(ifRangeAllows('Wed, 21 Oct 2015 07:28:00 GMT', '"a"')).toBe(false);
    expect(ifRangeAllows('"a"', undefined)).toBe(false);
  });
});

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

/** A reply that records what sendDownload sets, for a request with these headers. */
function fakeReply(headers: Record<string, string>, method = 'GET') {
  const sent: Record<string, string> = {};
  let status = 200;
  const reply = {
    request: { headers, method },
    header(name: string, value: string) {
      sent[name.toLowerCase()] = value;
      return reply;
    },
    status(code: number) {
      status = code;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent, status: () => status };
}

/** A download of CONTENT whose ranges are sliced from it, recording what was opened. */
function download(overrides: Partial<FileDownload> = {}) {
  const opened: ByteRange[] = [];
  const stream = Readable.from([CONTENT]);
  const file: FileDownload = {
    stream,
    size: CONTENT.length,
    contentType: 'application/pdf',
    fileName: 'paper.pdf',
    etag: '"tag"',
    openRange: (range) => {
      opened.push(range);
      return Promise.resolve(Readable.from([CONTENT.subarray(range.start, range.end + 1)]));
    },
    ...overrides,
  };
  return { file, opened, stream };
}

async function bytesOf(result: StreamableFile | undefined): Promise<Buffer> {
  if (!result) throw new Error('no body');
  const chunks: Buffer[] = [];
  for await (const chunk of result.getStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('sendDownload', () => {
  const options = { caching: DownloadCaching.SharedRevalidate };

  it('sends the whole file with its type, name, nosniff, caching, ETag and Accept-Ranges', async () => {
    const { reply, sent, status } = fakeReply({});
    const { file } = download();
    const result = await sendDownload(reply, file, options);
    expect(status()).toBe(200);
    expect(sent).toEqual({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, no-cache', etag: '"tag"', 'accept-ranges': 'bytes' });
    expect(result?.getHeaders()).toEqual({ type: 'application/pdf', length: 1000, disposition: 'inline; filename=paper.pdf' });
    expect(await bytesOf(result)).toEqual(CONTENT);
  });

  it('answers one range with 206, Content-Range, its length and only its bytes, opened from storage', async () => {
    const { reply, sent, status } = fakeReply({ range: 'bytes=100-199' });
    const { file, opened, stream } = download();
    const result = await sendDownload(reply, file, options);
    expect(status()).toBe(206);
    expect(sent['content-range']).toBe('bytes 100-199/1000');
    expect(result?.getHeaders().length).toBe(100);
    expect(await bytesOf(result)).toEqual(CONTENT.subarray(100, 200));
    expect(opened).toEqual([{ start: 100, end: 199 }]);
    expect(stream.destroyed).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const { reply, sent, status } = fakeReply({ range: 'bytes=-10' });
    const result = await sendDownload(reply, download().file, options);
    expect(status()).toBe(206);
    expect(sent['content-range']).toBe('bytes 990-999/1000');
    expect(await bytesOf(result)).toEqual(CONTENT.subarray(990));
  });

  it('answers an unsatisfiable range with 416, Content-Range: bytes */size and no body', async () => {
    const { reply, sent, status } = fakeReply({ range: 'bytes=1000-' });
    const { file, opened } = download();
    expect(await sendDownload(reply, file, options)).toBeUndefined();
    expect(status()).toBe(416);
    expect(sent['content-range']).toBe('bytes */1000');
    expect(opened).toEqual([]);
  });

  it('ignores a malformed or multi-range header: 200 with the whole file', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=9-0', 'pages=1-2']) {
      const { reply, sent, status } = fakeReply({ range });
      const { file, opened } = download();
      expect(await bytesOf(await sendDownload(reply, file, options))).toEqual(CONTENT);
      expect(status()).toBe(200);
      expect(sent['content-range']).toBeUndefined();
      expect(opened).toEqual([]);
    }
  });

  it('answers a matching If-None-Match with 304, the tag and no body', async () => {
    const { reply, sent, status } = fakeReply({ 'if-none-match': 'W/"other", "tag"', range: 'bytes=0-9' });
    const { file, stream } = download();
    expect(await sendDownload(reply, file, options)).toBeUndefined();
    expect(status()).toBe(304);
    expect(sent.etag).toBe('"tag"');
    expect(sent['cache-control']).toBe('public, no-cache');
    expect(stream.destroyed).toBe(true);
  });

  it('serves the range under a matching If-Range, the whole file under another', async () => {
    const matching = fakeReply({ range: 'bytes=0-9', 'if-range': '"tag"' });
    expect(await bytesOf(await sendDownload(matching.reply, download().file, options))).toEqual(CONTENT.subarray(0, 10));
    expect(matching.status()).toBe(206);
    const stale = fakeReply({ range: 'bytes=0-9', 'if-range': '"old"' });
    expect(await bytesOf(await sendDownload(stale.reply, download().file, options))).toEqual(CONTENT);
    expect(stale.status()).toBe(200);
  });

  it('ignores Range on a HEAD', async () => {
    const { reply, status } = fakeReply({ range: 'bytes=0-9' }, 'HEAD');
    const result = await sendDownload(reply, download().file, options);
    expect(status()).toBe(200);
    expect(result?.getHeaders().length).toBe(1000);
  });

  it('keeps a download without a tag or ranges as before: no ETag, no Accept-Ranges, Range ignored', async () => {
    const { reply, sent, status } = fakeReply({ range: 'bytes=0-9', 'if-none-match': '*' });
    const result = await sendDownload(reply, download({ etag: undefined, openRange: undefined }).file, { caching: DownloadCaching.Keep, disposition: 'attachment' });
    expect(status()).toBe(200);
    expect(sent).toEqual({ 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=3600' });
    expect(result?.getHeaders().disposition).toBe('attachment; filename=paper.pdf');
    expect(await bytesOf(result)).toEqual(CONTENT);
  });
});

describe('storedDownload', () => {
  const stored = (): StoredObject => ({ stream: Readable.from([CONTENT]), size: 1000 });
  // The port's own openReferenced over a stand-in open.
  const storage = (open: StorageService['open'] = () => Promise.resolve(null)) =>
    Object.assign(Object.create(StorageService.prototype) as StorageService, { open, driverName: 'local' });

  it('tags the content by its key and size: the same on every process, different for another file', () => {
    const details = { contentType: 'application/pdf', fileName: 'a.pdf' };
    const tag = storedDownload(storage(), 'u1/1.pdf', stored(), details).etag;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(storedDownload(storage(), 'u1/1.pdf', stored(), { ...details, published: true }).etag).toBe(tag);
    expect(storedDownload(storage(), 'u1/2.pdf', stored(), details).etag).not.toBe(tag);
    expect(storedDownload(storage(), 'u1/1.pdf', { ...stored(), size: 999 }, details).etag).not.toBe(tag);
  });

  it('opens a range of the same key from storage', async () => {
    const calls: [string, ByteRange | undefined][] = [];
    const part = Readable.from([CONTENT.subarray(5, 10)]);
    const file = storedDownload(
      storage((key, range) => {
        calls.push([key, range]);
        return Promise.resolve({ stream: part, size: 1000 });
      }),
      'u1/1.pdf',
      stored(),
      { contentType: 'application/pdf', fileName: 'a.pdf', published: true },
    );
    expect(file).toMatchObject({ size: 1000, contentType: 'application/pdf', fileName: 'a.pdf', published: true });
    expect(await file.openRange!({ start: 5, end: 9 })).toBe(part);
    expect(calls).toEqual([['u1/1.pdf', { start: 5, end: 9 }]]);
  });

  it('answers an object that disappeared before its range was opened as storage unavailable (503), not a missing file', async () => {
    const file = storedDownload(storage(), 'u1/1.pdf', stored(), { contentType: 'application/pdf', fileName: 'a.pdf' });
    await expect(file.openRange!({ start: 0, end: 1 })).rejects.toMatchObject({ fault: StorageFault.ObjectMissing, code: 'STORAGE_UNAVAILABLE' });
  });
});
