import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeStorageKey } from './storage-key.js';
import { type ByteRange, type PutOptions, StorageService, StorageUnavailableError, type StoredObject } from './storage.service.js';

export interface S3StorageOptions {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

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

/** Objects in one bucket of any S3-compatible store (AWS, MinIO, s3rver in tests). */
export class S3Storage extends StorageService {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    super();
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default checksums are not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async assertReady(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (statusOf(error) === 404 || isMissingBucket(error)) throw new StorageUnavailableError(`the bucket ${this.bucket} does not exist`, { cause: error });
      throw error;
    }
  }

  async put(key: string, body: Readable | Buffer | Uint8Array, options?: PutOptions): Promise<void> {
    assertSafeStorageKey(key);
    const bytes = await toBuffer(body);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: options?.contentType }),
      );
    } catch (error) {
      if (isMissingBucket(error)) throw new StorageUnavailableError(`the bucket ${this.bucket} does not exist`, { cause: error });
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return { stream: object.Body, size: totalSizeOf(object.ContentRange) ?? object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingBucket(error)) throw new StorageUnavailableError(`the bucket ${this.bucket} does not exist`, { cause: error });
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return;
      throw error;
    }
  }
}
