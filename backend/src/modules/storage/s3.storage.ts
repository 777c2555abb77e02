import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/app-config.js';
import { assertSafeStorageKey, isSafeStorageKey } from './storage-key.js';
import {
  DEFAULT_STORAGE_TIMEOUT_MS,
  StorageFault,
  StorageTimeoutError,
  StorageUnavailableError,
  systemErrorCode,
  UNREACHABLE_CODES,
  withDeadline,
} from './storage-faults.js';
import { type ByteRange, type ListedObject, type PutOptions, StorageService, type StoredObject } from './storage.service.js';

/** The bucket's settings as the configuration reads them; `timeoutMs` (STORAGE_TIMEOUT_SECONDS) bounds one request to the store. */
export type S3StorageOptions = Omit<Extract<AppConfig['storage'], { driver: 's3' }>, 'driver' | 'dir' | 'timeoutMs'> & { timeoutMs?: number };

/** Uploads are at most 100 MB (the ceiling of the UPLOAD_MAX_* settings), so a stream is collected before the PUT: S3 needs the length up front. */
async function toBuffer(body: Readable | Buffer | Uint8Array): Promise<Buffer | Uint8Array> {
  if (!(body instanceof Readable)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissingBucket(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchBucket' || (error.name === 'NotFound' && statusOf(error) === 404));
}

function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404);
}

/** The whole object's size in a ranged answer's `Content-Range: bytes 0-99/1234`. */
function totalSizeOf(contentRange: string | undefined): number | undefined {
  const total = contentRange?.match(/\/(\d+)$/)?.[1];
  return total === undefined ? undefined : Number(total);
}

/** S3's names for credentials or policies that refuse the journal. */
const DENIED_NAMES = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AllAccessDisabled', 'InvalidToken', 'ExpiredToken', 'Forbidden']);

/** The SDK's names for a request it gave up waiting on (its own timeouts, our deadline's abort). */
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError', 'RequestTimeout', 'RequestTimeoutException']);

/** Objects in one bucket of any S3-compatible store (AWS, MinIO, s3rver in tests). */
export class S3Storage extends StorageService {
  readonly driverName = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly timeoutMs: number;

  constructor(options: S3StorageOptions) {
    super();
    this.bucket = options.bucket;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default checksums are not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A server that accepts and never answers (or stalls mid-download) is given up on, not waited for.
      requestHandler: { connectionTimeout: this.timeoutMs, requestTimeout: this.timeoutMs },
    });
  }

  async assertReady(): Promise<void> {
    await this.send('check the bucket', null, (abortSignal) => this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }));
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, options?: PutOptions): Promise<void> {
    assertSafeStorageKey(key);
    // Collected first, at the client's pace; the deadline is for the store alone.
    const bytes = await toBuffer(body);
    await this.send('store', key, (abortSignal) =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: options?.contentType }), {
        abortSignal,
      }),
    );
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeStorageKey(key);
    const object = await this.send(
      'read',
      key,
      (abortSignal) => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }), { abortSignal }),
      { missingObject: null },
    );
    if (object === null) return null;
    if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
    return { stream: object.Body, size: totalSizeOf(object.ContentRange) ?? object.ContentLength ?? 0 };
  }

  async exists(key: string): Promise<boolean> {
    assertSafeStorageKey(key);
    const found = await this.send('look for', key, (abortSignal) => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }), {
      missingObject: null,
    });
    return found !== null;
  }

  async delete(key: string): Promise<void> {
    assertSafeStorageKey(key);
    await this.send('delete', key, (abortSignal) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }), {
      missingObject: null,
    });
  }

  /**
   * `pageSize` is S3's own ceiling (1,000) but for tests. A PUT is one request, so an upload cut
   * short leaves nothing in the bucket: nothing listed here is partial.
   */
  async *list(pageSize = 1000): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.send('list', null, (abortSignal) =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: pageSize }), { abortSignal }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isSafeStorageKey(object.Key)) continue;
        // No date would make it look as old as can be; as new as can be keeps it instead.
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(), partial: false };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  deleteListed(object: ListedObject): Promise<void> {
    return this.delete(object.key);
  }

  /**
   * One request to the store within the deadline; a missing object is `missingObject` when the
   * caller gives one, and every failure of the store is the fault it means.
   */
  private async send<T, M = never>(operation: string, key: string | null, request: (signal: AbortSignal) => Promise<T>, handling?: { missingObject: M }): Promise<T | M> {
    const target = key === null ? `the bucket ${this.bucket}` : `${this.bucket}/${key}`;
    try {
      return await withDeadline(`${operation} ${target}`, this.timeoutMs, request);
    } catch (error) {
      // A HEAD has no body to tell a missing bucket from a missing key: only a named NoSuchBucket is the bucket.
      if (handling && !(error instanceof S3ServiceException && error.name === 'NoSuchBucket') && isMissingObject(error)) return handling.missingObject;
      throw this.asFault(error, operation, target, key === null) ?? error;
    }
  }

  private asFault(error: unknown, operation: string, target: string, bucketCall: boolean): StorageUnavailableError | null {
    const fault = (kind: StorageFault, what: string) => new StorageUnavailableError(kind, 's3', `${operation} ${target}: ${what}`, { cause: error });
    const name = error instanceof Error ? error.name : '';
    const status = statusOf(error);
    const code = systemErrorCode(error);
    if (error instanceof StorageTimeoutError || TIMEOUT_NAMES.has(name) || code === 'ETIMEDOUT') return fault(StorageFault.TimedOut, name || String(code));
    // A bucket call's bare 404 (HEAD has no body to name it) is the bucket missing.
    if (isMissingBucket(error) || (bucketCall && status === 404)) return fault(StorageFault.Missing, `the bucket ${this.bucket} does not exist`);
    if (status === 403 || DENIED_NAMES.has(name)) return fault(StorageFault.Denied, name || `HTTP ${status}`);
    if (code !== undefined && UNREACHABLE_CODES.has(code)) return fault(StorageFault.Unreachable, code);
    if (error instanceof S3ServiceException) return fault(StorageFault.Failed, `${name} (HTTP ${status ?? '?'})`);
    return null;
  }
}
