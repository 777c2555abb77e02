import { basename } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { paperPdfKey } from '../storage/storage-key.js';
import type { StorageService } from '../storage/storage.service.js';
import { FileTooLargeException, InvalidFileTypeException, NotMultipartException, UploadRefusedException } from './papers.exception.js';

/** 10 MB (spec section 9); also the multipart plugin's `fileSize` limit (app.factory.ts). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const PDF_FIELD = 'pdf';
const PDF_MAGIC = Buffer.from('%PDF-');

export interface StoredPdf {
  key: string;
  /** As uploaded (the base name only). */
  fileName: string;
  size: number;
}

export interface PdfUpload {
  fields: Record<string, string>;
  file: StoredPdf | null;
}

let lastTimestamp = 0;
/** Strictly increasing within the process, so two uploads in the same millisecond never share a key. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** Passes the bytes through once the first five are `%PDF-`; counts them. The name and declared type are not trusted. */
class PdfContentCheck extends Transform {
  size = 0;
  private head: Buffer | null = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > MAX_PDF_BYTES) return callback(new FileTooLargeException());
    if (this.head === null) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < PDF_MAGIC.length) return callback();
    if (!this.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return callback(new InvalidFileTypeException());
    const head = this.head;
    this.head = null;
    callback(null, head);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.head === null ? null : new InvalidFileTypeException());
  }
}

function uploadedName(filename: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = basename((filename ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return name || 'paper.pdf';
}

/** Multipart's own limits (parts, files, fields) and malformed bodies, as the API's errors. */
function asUploadError(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new FileTooLargeException();
    case 'FST_FILES_LIMIT':
      return new UploadRefusedException(`Send one file only, in the part '${PDF_FIELD}'.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new UploadRefusedException('The form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new NotMultipartException();
    default:
      if (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message)) return new UploadRefusedException('The form data is malformed.');
      return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Reads a multipart form: the text fields, and the one file part `pdf`, streamed to storage
 * under a new `{userId}/{timestamp}.pdf` key while its content and size are checked. The whole
 * request is always read to its end (refused parts are drained) so the answer reaches the
 * client; on any refusal the stored object is deleted before the error is thrown. The caller
 * deletes `file.key` if it fails later.
 */
export async function readPdfUpload(request: FastifyRequest, storage: StorageService, userId: string): Promise<PdfUpload> {
  if (!request.isMultipart()) throw new NotMultipartException();
  await storage.assertReady();
  const fields: Record<string, string> = {};
  let file: StoredPdf | null = null;
  let refusal: Error | null = null;
  const refuse = (error: unknown) => {
    refusal ??= error instanceof Error ? error : new Error(String(error));
  };
  try {
    for await (const part of request.parts({ throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        const field = part;
        if (field.valueTruncated) refuse(new UploadRefusedException(`${field.fieldname} is too long`));
        else if (field.fieldname in fields) refuse(new UploadRefusedException(`${field.fieldname} is given more than once`));
        else fields[field.fieldname] = String(field.value);
        continue;
      }
      const filePart = part;
      if (refusal !== null || file !== null) {
        filePart.file.resume();
        continue;
      }
      if (filePart.fieldname !== PDF_FIELD) {
        filePart.file.resume();
        refuse(new UploadRefusedException(`Unexpected file part '${filePart.fieldname}': the PDF goes in the part '${PDF_FIELD}'.`));
        continue;
      }
      const stored = await storePdf(filePart, storage, userId).catch((error: unknown) => {
        refuse(error);
        return null;
      });
      file = stored;
    }
  } catch (error) {
    refuse(asUploadError(error));
  }
  // Assigned in callbacks, which the compiler's narrowing does not follow.
  const failure = refusal as Error | null;
  if (failure) {
    if (file) await storage.delete(file.key);
    throw failure;
  }
  return { fields, file };
}

async function storePdf(part: MultipartFile, storage: StorageService, userId: string): Promise<StoredPdf> {
  const key = paperPdfKey(userId, nextTimestamp());
  const check = new PdfContentCheck();
  const source = part.file;
  // On a refusal the rest of the file is drained, not destroyed: the request must be read to its end.
  const stopReading = (error: Error) => {
    source.unpipe(check);
    source.resume();
    check.destroy(error);
  };
  source.on('limit', () => stopReading(new FileTooLargeException()));
  source.on('error', (error) => check.destroy(error));
  check.on('error', () => {
    source.unpipe(check);
    source.resume();
  });
  source.pipe(check);
  try {
    await storage.put(key, check, { contentType: 'application/pdf' });
    if (source.truncated) throw new FileTooLargeException();
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { key, fileName: uploadedName(part.filename), size: check.size };
}
