import type { Readable } from 'node:stream';
import { type StorageDriverName, StorageFault, StorageUnavailableError } from './storage-faults.js';

export { StorageUnavailableError } from './storage-faults.js';

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

/** One entry of `StorageService.list()`. */
export interface ListedObject {
  /** The object's key; for a partial upload, its temporary file's path under the root (`{key}.{uuid}.partial`). */
  key: string;
  /** Bytes. */
  size: number;
  modifiedAt: Date;
  /** The temporary file of an upload that never finished (local disk only): no row can name it. */
  partial: boolean;
}

/**
 * The port every module stores files through. Keys are checked by `assertSafeStorageKey`;
 * drivers: local disk (`LocalDiskStorage`) and S3 (`S3Storage`). Injected by this class as the token.
 */
export abstract class StorageService {
  /** Names the driver in what people are told (a directory is no bucket). */
  abstract readonly driverName: StorageDriverName;
  /**
   * Throws `StorageUnavailableError` when the store cannot take a file now: the bucket or root
   * directory missing, not writable, full, unreachable or not answering in time. Every other
   * method throws the same error for a failure of the store itself, within STORAGE_TIMEOUT_SECONDS.
   */
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
  /**
   * Everything stored, page by page, partial uploads included (for the orphan sweep). What is
   * not the journal's (a name that is no storage key) is left out.
   */
  abstract list(): AsyncIterable<ListedObject>;
  /** Removes what `list()` gave, a partial upload too; no error when it is gone already. */
  abstract deleteListed(object: ListedObject): Promise<void>;

  /**
   * The object a row references. Its absence is an outage (files lost, a volume not mounted),
   * never the caller's 404: it is answered 503 and logged as an error for the operator.
   */
  async openReferenced(key: string, range?: ByteRange): Promise<StoredObject> {
    const stored = await this.open(key, range);
    if (!stored) throw new StorageUnavailableError(StorageFault.ObjectMissing, this.driverName, `the object ${key} that a row references is missing`);
    return stored;
  }
}
