import type { Readable } from 'node:stream';
import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

/** Bytes `start` to `end` of an object, both included and within its size (`fs.createReadStream`, HTTP `Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
}

/**
 * The bucket or the root directory does not exist: an installation problem, not a missing
 * object. Drivers never create their root themselves, so a wrong setting shows at once instead
 * of scattering files in a directory nobody backs up. Answered as 503 `STORAGE_UNAVAILABLE`
 * wherever it surfaces; `detail` (for the logs) says which bucket or directory.
 */
export class StorageUnavailableError extends AppException {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(503, ErrorCode.StorageUnavailable, 'Storage bucket not found. Please contact administrator.');
    this.name = 'StorageUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * The port every module stores files through. Keys are checked by `assertSafeStorageKey`;
 * drivers: local disk (`LocalDiskStorage`) and S3 (`S3Storage`). Injected by this class as the token.
 */
export abstract class StorageService {
  /** Throws `StorageUnavailableError` when the bucket or the root directory is missing. */
  abstract assertReady(): Promise<void>;
  /** Stores (or replaces) the object; the object appears whole or not at all. */
  abstract put(key: string, body: Readable | Buffer | Uint8Array, options?: PutOptions): Promise<void>;
  /**
   * The object's content and size, or null when there is none. With a range, the stream holds
   * only those bytes (the caller checked them against the size); `size` is still the whole object's.
   */
  abstract open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  abstract exists(key: string): Promise<boolean>;
  /** Removes the object; no error when it does not exist. */
  abstract delete(key: string): Promise<void>;
}
