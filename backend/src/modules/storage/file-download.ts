import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** A stored file a service has opened for a caller, after its access check. */
export interface FileDownload {
  stream: Readable;
  size: number;
  /** The type sniffed when the file was uploaded. */
  contentType: string;
  /** What the browser saves it as; made safe for the header by `content-disposition` (RFC 6266). */
  fileName: string;
}

/**
 * How long a browser may keep a download. Private in both: the file may be an unpublished
 * paper, and a shared cache must not hand it to someone else.
 */
export enum DownloadCaching {
  /** The same URL can start serving another file (a paper's current PDF): ask every time. */
  Revalidate = 'private, no-cache',
  /** The URL's file never changes (a numbered version). */
  Keep = 'private, max-age=3600',
}

export interface DownloadOptions {
  caching: DownloadCaching;
  /** `inline` shows it in the browser (PDFs, images); `attachment` saves it. */
  disposition?: 'inline' | 'attachment';
}

/** The one way a handler answers with a stored file: its type, length, name, caching, and `nosniff`. */
export function sendDownload(reply: FastifyReply, file: FileDownload, options: DownloadOptions): StreamableFile {
  void reply.header('x-content-type-options', 'nosniff').header('cache-control', options.caching);
  return new StreamableFile(file.stream, {
    type: file.contentType,
    length: file.size,
    disposition: contentDisposition(file.fileName, { type: options.disposition ?? 'inline' }),
  });
}
