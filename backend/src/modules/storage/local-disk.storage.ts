import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeStorageKey, InvalidStorageKeyError } from './storage-key.js';
import { type ByteRange, type PutOptions, StorageService, StorageUnavailableError, type StoredObject } from './storage.service.js';

/**
 * Files under one directory, one file per key (development, tests, single-machine installs).
 * The root must exist (`npm start` and the container image create it); subdirectories are made
 * as needed.
 */
export class LocalDiskStorage extends StorageService {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  /** The file of a key; the key check and the prefix check are two locks on the same door. */
  pathOf(key: string): string {
    assertSafeStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  async assertReady(): Promise<void> {
    const stats = await stat(this.root).catch(() => null);
    if (!stats?.isDirectory()) throw new StorageUnavailableError(`the directory ${this.root} does not exist`);
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, _options?: PutOptions): Promise<void> {
    const path = this.pathOf(key);
    await this.assertReady();
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.partial`;
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      else await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    const stats = await stat(path).catch(() => null);
    if (!stats?.isFile()) return null;
    return { stream: createReadStream(path, range && { start: range.start, end: range.end }), size: stats.size };
  }

  async exists(key: string): Promise<boolean> {
    const stats = await stat(this.pathOf(key)).catch(() => null);
    return stats?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
