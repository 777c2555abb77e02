import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { ifNoneMatchMatches } from '../../common/http/conditional-get.js';
import type { ByteRange, StorageService, StoredObject } from './storage.service.js';

/** A stored file a service has opened for a caller, after its access check. */
export interface FileDownload {
  stream: Readable;
  size: number;
  /** The type sniffed when the file was uploaded. */
  contentType: string;
  /** What the browser saves it as; made safe for the header by `content-disposition` (RFC 6266). */
  fileName: string;
  /** A strong entity tag of the content, quotes included: sent as `ETag`, for `If-None-Match` and `If-Range`. */
  etag?: string;
  /** Opens bytes of the same content; with it the answer honours `Range` (and says `Accept-Ranges: bytes`). */
  openRange?: (range: ByteRange) => Promise<Readable>;
  /** Everyone may read it (a published paper's PDF): its controller may let shared caches keep it. */
  published?: boolean;
}

/**
 * A stored object as a download: ranges are read from storage, and the entity tag is the
 * SHA-256 of the storage key and size, the same on every API process. Keys are generated once per
 * upload (`{userId}/{timestamp}.pdf`) and never written again with other content, so the tag names the content.
 */
export function storedDownload(
  storage: StorageService,
  key: string,
  stored: StoredObject,
  details: Pick<FileDownload, 'contentType' | 'fileName' | 'published'>,
): FileDownload {
  return {
    ...stored,
    ...details,
    etag: `"${hash('sha256', `${key}\n${stored.size}`, 'base64url')}"`,
    openRange: async (range) => (await storage.openReferenced(key, range)).stream,
  };
}

/** `bytes=first-last`, `bytes=first-` or `bytes=-suffix`: one range; a list (multipart answers) is not served. */
const SINGLE_BYTE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110, 14.1.2): the bytes to send, or
 * `unsatisfiable` (416) when none of them exists. `whole` (200 with the whole file) when there is
 * no header, or it is malformed, invalid (`last < first`), names several ranges or another unit:
 * RFC 9110 lets a server ignore those. A suffix longer than the file means the whole file (14.1.3).
 */
export function resolveRange(header: string | undefined, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = header === undefined ? null : SINGLE_BYTE_RANGE.exec(header.trim());
  // An empty file has no byte to name (Content-Range needs one): it is sent whole.
  if (!match || size === 0) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return 'whole';
    const suffix = Number(last);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Whether a `Range` may be served under the request's `If-Range` (RFC 9110, 13.1.5): always
 * without one; with one, only when it is the file's strong entity tag, compared strongly. A date
 * never matches: downloads carry no `Last-Modified`.
 */
export function ifRangeAllows(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined) return true;
  return etag !== undefined && header.trim() === etag;
}

/**
 * Who may keep a download, and for how long. Private unless everyone may read the file: it may
 * be an unpublished paper, and a shared cache must not hand it to someone else.
 */
export enum DownloadCaching {
  /** The same URL can start serving another file (a paper's current PDF): ask every time. */
  Revalidate = 'private, no-cache',
  /** The URL's file never changes (a numbered version). */
  Keep = 'private, max-age=3600',
  /**
   * A file everyone may read (a published paper's current PDF): shared caches may keep it too,
   * asking every time (`If-None-Match`), so an approved new version or an unpublication shows at once.
   */
  SharedRevalidate = 'public, no-cache',
}

export interface DownloadOptions {
  caching: DownloadCaching;
  /** `inline` shows it in the browser (PDFs, images); `attachment` saves it. */
  disposition?: 'inline' | 'attachment';
}

/**
 * The one way a handler answers with a stored file: its type, length, name, caching, and `nosniff`.
 * With an entity tag: `ETag`, and 304 for a matching `If-None-Match`. With `openRange`:
 * `Accept-Ranges: bytes`, 206 with `Content-Range` for one satisfiable range of a GET (under
 * `If-Range`), 416 (its `Content-Range` names only the size) for an unsatisfiable one. Returns what the
 * handler returns (`@Res({ passthrough: true })`): nothing for 304 and 416.
 */
export async function sendDownload(reply: FastifyReply, file: FileDownload, options: DownloadOptions): Promise<StreamableFile | undefined> {
  void reply.header('x-content-type-options', 'nosniff').header('cache-control', options.caching);
  if (file.etag !== undefined) void reply.header('etag', file.etag);
  if (file.openRange) void reply.header('accept-ranges', 'bytes');
  const { headers, method } = reply.request;
  const ifRange = headers['if-range'];
  if (file.etag !== undefined && ifNoneMatchMatches(headers['if-none-match'], file.etag)) {
    file.stream.destroy();
    void reply.status(304);
    return undefined;
  }
  // Range is only defined for GET (RFC 9110, 14.2): a HEAD describes the whole file.
  const wanted = file.openRange && method === 'GET' && ifRangeAllows(typeof ifRange === 'string' ? ifRange : undefined, file.etag) ? resolveRange(headers.range, file.size) : 'whole';
  if (wanted === 'unsatisfiable') {
    file.stream.destroy();
    void reply.status(416).header('content-range', `bytes */${file.size}`);
    return undefined;
  }
  let stream = file.stream;
  let length = file.size;
  if (wanted !== 'whole' && file.openRange) {
    file.stream.destroy();
    stream = await file.openRange(wanted);
    length = wanted.end - wanted.start + 1;
    void reply.status(206).header('content-range', `bytes ${wanted.start}-${wanted.end}/${file.size}`);
  }
  return new StreamableFile(stream, {
    type: file.contentType,
    length,
    disposition: contentDisposition(file.fileName, { type: options.disposition ?? 'inline' }),
  });
}

/** What a PDF route answers besides 200: one byte range (RFC 9110), and revalidation. */
export const PDF_PARTIAL = {
  status: 206,
  description: 'Partial Content: one range of a Range header (bytes=a-b, bytes=a-, bytes=-n), under If-Range when given (the ETag); Content-Range: bytes a-b/size',
  schema: { type: 'string', format: 'binary' },
} as const;
export const PDF_NOT_MODIFIED = { status: 304, description: 'Not Modified: If-None-Match names the file’s ETag (no body)' } as const;
export const PDF_RANGE_NOT_SATISFIABLE = { status: 416, description: 'Range Not Satisfiable: the range starts past the end; Content-Range: bytes */size, no body' } as const;
