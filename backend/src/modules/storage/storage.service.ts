import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface PutOptions {
  contentType?: string;
}

/**
 * The port every module stores files through. Keys are checked by `assertSafeStorageKey`;
 * drivers: local disk (`LocalDiskStorage`), S3 later. Injected by this class as the token.
 */
export abstract class StorageService {
  /** Stores (or replaces) the object; the object appears whole or not at all. */
  abstract put(key: string, body: Readable | Buffer | Uint8Array, options?: PutOptions): Promise<void>;
  /** The object's content and size, or null when there is none. */
  abstract open(key: string): Promise<StoredObject | null>;
  abstract exists(key: string): Promise<boolean>;
  /** Removes the object; no error when it does not exist. */
  abstract delete(key: string): Promise<void>;
}
