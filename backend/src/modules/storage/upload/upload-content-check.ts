import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES, type SniffedType, sniffContentType } from './content-sniffer.js';
import { FileTooLargeException, InvalidFileTypeException } from './upload.exception.js';
import type { UploadPolicy } from './upload-policy.js';

/**
 * Holds the bytes back until the head has shown the file's type (`detected`), then passes them
 * through, counting them against the policy's size. Fails the stream on a type the policy does
 * not accept, or past the size.
 */
export class UploadContentCheck extends Transform {
  size = 0;
  /** Settles once the type is known: the key can be made and the bytes sent to storage. */
  readonly detected: Promise<SniffedType>;
  private head: Buffer[] | null = [];
  private headLength = 0;
  private resolveDetected!: (type: SniffedType) => void;

  constructor(private readonly policy: UploadPolicy) {
    super();
    this.detected = new Promise((resolve, reject) => {
      this.resolveDetected = resolve;
      this.once('error', reject);
    });
    // Refused before anyone asked is still refused; the rejection is read where `detected` is awaited.
    this.detected.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.policy.maxBytes) return callback(new FileTooLargeException(this.policy));
    if (this.head === null) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.head === null) return callback();
    this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    const head = Buffer.concat(this.head ?? []);
    this.head = null;
    sniffContentType(head, this.policy).then(
      (type) => {
        if (!type) return callback(new InvalidFileTypeException(this.policy));
        this.resolveDetected(type);
        callback(null, head);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
