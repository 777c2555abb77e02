import { basename } from 'node:path';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppException } from '../../../common/http/app.exception.js';
import { findIllFormedText, illFormedTextException } from '../../../common/http/well-formed-input.js';
import type { StorageService } from '../storage.service.js';
import { UploadContentCheck } from './upload-content-check.js';
import { FileTooLargeException, InvalidFileTypeException, NotMultipartException, UploadRefusedException } from './upload.exception.js';
import type { UploadPolicy } from './upload-policy.js';

/** A file of the form, in storage: what a service receives instead of the request. */
export interface StoredUpload {
  /** Generated; never derived from the client's name beyond the policy's sanitising. */
  key: string;
  size: number;
  /** Sniffed from the content. */
  contentType: string;
  /** As uploaded: the base name only, without control characters. */
  originalName: string;
}

let lastTimestamp = 0;
/** Strictly increasing within the process, so two uploads in the same millisecond never share a key. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

function uploadedName(filename: string | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const name = basename((filename ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return name || fallback;
}

/** Counts what goes to storage when the policy rewrites the file (the stored size is the output's). */
class ByteCount extends Transform {
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    callback(null, chunk);
  }
}

/** The form's text fields and its stored files. Whoever fails after receiving it calls `discard()`. */
export class ReceivedUpload {
  private readonly logger = new Logger(ReceivedUpload.name);

  constructor(
    readonly fields: Record<string, string>,
    readonly files: readonly StoredUpload[],
    private readonly policy: UploadPolicy,
    private readonly storage: StorageService,
  ) {}

  /** The form's one file; a form without it is refused with the policy's message. */
  requireFile(): StoredUpload {
    const file = this.files[0];
    if (!file) throw new UploadRefusedException(this.policy.messages.missing);
    return file;
  }

  /** Removes the stored files; a failure is logged, so the caller's own error is the one answered. */
  async discard(): Promise<void> {
    for (const file of this.files) {
      await this.storage.delete(file.key).catch((err: unknown) => this.logger.error({ err, key: file.key }, 'Could not delete the file of a refused upload'));
    }
  }
}

/**
 * A multipart form not read yet, given to a service by `@UploadedForm(kind)`: the service makes
 * its own checks first (a fee, access), so nobody waits for a file to upload to be refused.
 */
export class IncomingUpload {
  private readonly logger = new Logger(IncomingUpload.name);

  constructor(
    private readonly request: FastifyRequest,
    readonly policy: UploadPolicy,
    private readonly storage: StorageService,
    /** Spends the uploader's allowance (`policy.rateLimit`); throws RateLimitedException when it is used up. */
    private readonly admit?: (userId: string) => Promise<void>,
  ) {}

  /**
   * Reads the form: the text fields, and the policy's file part, each file streamed to storage
   * under a new key while its type and size are checked. The whole request is always read to its
   * end (refused parts are drained) so the answer reaches the client; on any refusal whatever
   * was stored is deleted before the error is thrown. `ownerId` is the signed-in uploader, whose
   * per-user limit is spent first: a flood is refused before its bytes are read.
   */
  async receive(ownerId: string): Promise<ReceivedUpload> {
    const policy = this.policy;
    if (!this.request.isMultipart()) throw new NotMultipartException(policy);
    await this.admit?.(ownerId);
    await this.storage.assertReady();
    const fields: Record<string, string> = {};
    const files: StoredUpload[] = [];
    let refusal: Error | null = null;
    const refuse = (error: unknown) => {
      refusal ??= error instanceof Error ? error : new Error(String(error));
    };
    const options = {
      throwFileSizeLimit: false,
      limits: { fileSize: policy.maxBytes, files: policy.maxFiles, fields: policy.maxFields, fieldSize: policy.maxFieldBytes, parts: policy.maxParts },
    } as Parameters<FastifyRequest['parts']>[0];
    try {
      for await (const part of this.request.parts(options)) {
        if (part.type === 'field') {
          if (part.valueTruncated) refuse(new UploadRefusedException(`${part.fieldname} is too long`));
          else if (part.fieldname in fields) refuse(new UploadRefusedException(`${part.fieldname} is given more than once`));
          else {
            // The same rule as for every other input (common/http/well-formed-input.ts), which cannot see multipart parts.
            const found = findIllFormedText({ [part.fieldname]: String(part.value) });
            if (found) refuse(illFormedTextException(found, 'body'));
            else fields[part.fieldname] = String(part.value);
          }
          continue;
        }
        if (refusal !== null) {
          part.file.resume();
          continue;
        }
        if (part.fieldname !== policy.field) {
          part.file.resume();
          const verb = policy.maxFiles > 1 ? 'go' : 'goes';
          refuse(new UploadRefusedException(`Unexpected file part '${part.fieldname}': ${policy.noun} ${verb} in the part '${policy.field}'.`));
          continue;
        }
        const stored = await this.store(part, ownerId).catch((error: unknown) => {
          refuse(error);
          return null;
        });
        if (stored) files.push(stored);
      }
    } catch (error) {
      refuse(this.asUploadError(error));
    }
    // Assigned in callbacks, which the compiler's narrowing does not follow.
    const failure = refusal as Error | null;
    const received = new ReceivedUpload(fields, files, policy, this.storage);
    if (failure) {
      await received.discard();
      throw failure;
    }
    return received;
  }

  private async store(part: MultipartFile, ownerId: string): Promise<StoredUpload> {
    const check = new UploadContentCheck(this.policy);
    const source = part.file;
    // On a refusal the rest of the file is drained, not destroyed: the request must be read to its end.
    const stopReading = (error: Error) => {
      source.unpipe(check);
      source.resume();
      check.destroy(error);
    };
    source.on('limit', () => stopReading(new FileTooLargeException(this.policy)));
    source.on('error', (error) => check.destroy(error));
    check.on('error', () => {
      source.unpipe(check);
      source.resume();
    });
    source.pipe(check);
    const type = await check.detected;
    const originalName = uploadedName(part.filename, this.policy.defaultName);
    const key = this.policy.key(ownerId, nextTimestamp(), originalName, type.extension);
    const rewritten = this.rewrite(check);
    try {
      await this.storage.put(key, rewritten?.body ?? check, { contentType: type.mime });
      if (source.truncated) throw new FileTooLargeException(this.policy);
    } catch (error) {
      // Storage may have failed before reading a byte (a read-only or full disk): the rest of the
      // part must still be read, or the form never ends and the request hangs.
      stopReading(error instanceof Error ? error : new Error(String(error)));
      // What could not be removed now is the orphan sweep's; the answer is the first failure.
      await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ err, key }, 'Could not delete the file of a failed upload'));
      // The rewriter could not read what the sniffer recognised by its head: not an image after all.
      if (rewritten?.unreadable()) throw new InvalidFileTypeException(this.policy);
      throw error;
    }
    return { key, size: rewritten?.counted.size ?? check.size, contentType: type.mime, originalName };
  }

  /** The policy's rewriting stage after the check, if it has one; errors travel down to storage's read. */
  private rewrite(check: UploadContentCheck): { body: Readable; counted: ByteCount; unreadable: () => boolean } | null {
    if (!this.policy.rewrite) return null;
    const rewriter = this.policy.rewrite();
    const counted = new ByteCount();
    let rewriterFailed = false;
    rewriter.once('error', (error: Error & { code?: unknown }) => {
      // The check's refusals (too large) and storage's failures reach the rewriter too, as errors
      // of the API or with a code; only its own (decoding) failures say the content is bad.
      if (!(error instanceof AppException) && error.code === undefined) rewriterFailed = true;
    });
    pipeline(check, rewriter, counted, () => undefined);
    return { body: counted, counted, unreadable: () => rewriterFailed };
  }

  /** Multipart's own limits (parts, files, fields) and malformed bodies, as the API's errors. */
  private asUploadError(error: unknown): Error {
    const code = (error as { code?: unknown } | null)?.code;
    const policy = this.policy;
    switch (code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        return new FileTooLargeException(policy);
      case 'FST_FILES_LIMIT':
        return new UploadRefusedException(policy.maxFiles === 1 ? `Send one file only, in the part '${policy.field}'.` : `Send at most ${policy.maxFiles} files, in the part '${policy.field}'.`);
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return new UploadRefusedException('The form has too many fields.');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return new NotMultipartException(policy);
      default:
        if (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message)) return new UploadRefusedException('The form data is malformed.');
        return error instanceof Error ? error : new Error(String(error));
    }
  }
}
