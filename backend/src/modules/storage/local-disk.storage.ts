import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, opendir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeStorageKey, InvalidStorageKeyError, isSafeStorageKey } from './storage-key.js';
import { DEFAULT_STORAGE_TIMEOUT_MS, StorageFault, StorageTimeoutError, StorageUnavailableError, systemErrorCode, withDeadline } from './storage-faults.js';
import { type ByteRange, type ListedObject, type PutOptions, StorageService, type StoredObject } from './storage.service.js';

/** What `put` appends to a key's path while the file is being written (`${path}.${uuid}.partial`). */
const PARTIAL_SUFFIX = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.partial$/;

export interface LocalDiskStorageOptions {
  /** How long one call to the file system may take (STORAGE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
}

/** A missing file is an answer (null), not a fault. */
function missingAsNull(error: unknown): null {
  const code = systemErrorCode(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return null;
  throw error;
}

/**
 * Files under one directory, one file per key (development, tests, single-machine installs).
 * The root must exist (`npm start` and the container image create it); subdirectories are made
 * as needed.
 */
export class LocalDiskStorage extends StorageService {
  readonly driverName = 'local';
  private readonly root: string;
  private readonly timeoutMs: number;

  constructor(root: string, options: LocalDiskStorageOptions = {}) {
    super();
    this.root = resolve(root);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  }

  /** The file of a key; the key check and the prefix check are two locks on the same door. */
  pathOf(key: string): string {
    assertSafeStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  /** The root exists, may be written by this process, and has space left (statfs, no test file written). */
  async assertReady(): Promise<void> {
    await this.guard('check the directory', this.root, async () => {
      const stats = await stat(this.root);
      if (!stats.isDirectory()) throw Object.assign(new Error(`${this.root} is not a directory`), { code: 'ENOTDIR' });
      await access(this.root, constants.W_OK);
      const space = await statfs(this.root);
      if (space.bavail === 0) throw Object.assign(new Error(`no space left under ${this.root}`), { code: 'ENOSPC' });
    });
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, _options?: PutOptions): Promise<void> {
    const path = this.pathOf(key);
    await this.assertReady();
    await this.guard('make the directory', dirname(path), () => mkdir(dirname(path), { recursive: true }));
    const temporary = `${path}.${randomUUID()}.partial`;
    try {
      // No deadline on the write itself: it goes at the pace of the client sending the file.
      if (body instanceof Readable) await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      else await writeFile(temporary, body, { flag: 'wx' });
      await this.guard('move the file into place', path, () => rename(temporary, path));
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      // A refusal of the upload (too large, not a PDF) travels through the stream; only the disk's own errors are faults.
      throw (await this.asFault(error, 'write the file', temporary)) ?? error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    const stats = await this.guard('read the file', path, () => stat(path).catch(missingAsNull));
    if (!stats?.isFile()) return null;
    return { stream: createReadStream(path, range && { start: range.start, end: range.end }), size: stats.size };
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    const stats = await this.guard('look for the file', path, () => stat(path).catch(missingAsNull));
    return stats?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await this.guard('delete the file', path, () => rm(path, { force: true }));
  }

  /** Runs a file system call within the deadline; its failure becomes the fault it means. */
  private async guard<T>(operation: string, path: string, work: () => Promise<T>): Promise<T> {
    try {
      return await withDeadline(`${operation} ${path}`, this.timeoutMs, work);
    } catch (error) {
      throw (await this.asFault(error, operation, path)) ?? error;
    }
  }

  /** The fault an error of the file system means, or null when it is not one (a refused upload). */
  private async asFault(error: unknown, operation: string, path: string): Promise<StorageUnavailableError | null> {
    if (error instanceof StorageUnavailableError) return error;
    const detail = (fault: StorageFault, what: string) =>
      new StorageUnavailableError(fault, 'local', `${operation} ${path}: ${what}`, { cause: error });
    if (error instanceof StorageTimeoutError) return detail(StorageFault.TimedOut, error.message);
    const code = systemErrorCode(error);
    if (code === undefined) return null;
    switch (code) {
      case 'ENOENT':
      case 'ENOTDIR': {
        // The root gone is an installation problem; a folder under it gone mid-write can be retried.
        const root = await stat(this.root).catch(() => null);
        return root?.isDirectory() ? detail(StorageFault.Interrupted, code) : detail(StorageFault.Missing, `the directory ${this.root} does not exist`);
      }
      case 'EROFS':
        return detail(StorageFault.ReadOnly, code);
      case 'EACCES':
      case 'EPERM':
        return detail(StorageFault.Denied, code);
      case 'ENOSPC':
      case 'EDQUOT':
        return detail(StorageFault.Full, code);
      // Something other than a folder where a key's folder goes: the directory's layout is damaged.
      case 'EEXIST':
      case 'EIO':
      case 'EBUSY':
      case 'EMFILE':
      case 'ENFILE':
      case 'ESTALE':
      case 'ETIMEDOUT':
      case 'ENOTCONN':
        return detail(StorageFault.Failed, code);
      default:
        return null;
    }
  }

  /** Not behind `assertReady`: a full or read-only disk is listed too (the sweep frees space; the deletes say what fails). */
  async *list(): AsyncIterable<ListedObject> {
    yield* this.walk(this.root, true);
  }

  async deleteListed(object: ListedObject): Promise<void> {
    if (!object.partial) return this.delete(object.key);
    const suffix = PARTIAL_SUFFIX.exec(object.key)?.[0];
    if (!suffix) throw new InvalidStorageKeyError(object.key);
    // The key it was going to be checked as any key is, so nothing outside the root is touched.
    await rm(this.pathOf(object.key.slice(0, -suffix.length)) + suffix, { force: true });
  }

  private async *walk(directory: string, root = false): AsyncGenerator<ListedObject> {
    const entries = await opendir(directory).catch((error: NodeJS.ErrnoException) => {
      // A subdirectory removed since its parent was read (by an operator): nothing to list. A missing root is a fault.
      if (error.code === 'ENOENT' && !root) return null;
      throw error;
    });
    if (!entries) return;
    for await (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(path);
        continue;
      }
      if (!entry.isFile()) continue;
      const key = relative(this.root, path).split(sep).join('/');
      const suffix = PARTIAL_SUFFIX.exec(key)?.[0];
      const partial = suffix !== undefined && isSafeStorageKey(key.slice(0, -suffix.length));
      if (!partial && !isSafeStorageKey(key)) continue;
      // Renamed into place or deleted since the directory was read: the next pass sees what became of it.
      const stats = await stat(path).catch(() => null);
      if (!stats?.isFile()) continue;
      yield { key, size: stats.size, modifiedAt: stats.mtime, partial };
    }
  }
}
