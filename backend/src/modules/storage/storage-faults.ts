import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';

/** What went wrong with the store itself, whichever driver: each is answered 503 `STORAGE_UNAVAILABLE`. */
export enum StorageFault {
  /** The directory or bucket does not exist (an installation problem). */
  Missing = 'missing',
  /** The file system is mounted read-only. */
  ReadOnly = 'read-only',
  /** The process may not write there (wrong owner, immutable directory, refused credentials). */
  Denied = 'denied',
  /** No space (or quota) left. */
  Full = 'full',
  /** Something under the root vanished while a file was being written (a directory removed). */
  Interrupted = 'interrupted',
  /** The store's server refuses connections or cannot be found. */
  Unreachable = 'unreachable',
  /** The store did not answer within STORAGE_TIMEOUT_SECONDS. */
  TimedOut = 'timed-out',
  /** An object a row references is not there: files were lost or the volume is not mounted. */
  ObjectMissing = 'object-missing',
  /** Any other failure the store reported (an I/O error, a 5xx). */
  Failed = 'failed',
}

export type StorageDriverName = 'local' | 's3';

/** STORAGE_TIMEOUT_SECONDS's default, for drivers built without the configuration (tests, tools). */
export const DEFAULT_STORAGE_TIMEOUT_MS = 30_000;

/**
 * What people are told, per driver: a local directory is never called a bucket. Only the missing
 * bucket's words come from the spec; the detail (path, bucket, error code) goes to the logs only.
 */
const MESSAGES: Record<StorageDriverName, Record<StorageFault, string>> = {
  local: {
    [StorageFault.Missing]: 'Storage directory not found. Please contact administrator.',
    [StorageFault.ReadOnly]: 'Storage directory is read-only. Please contact administrator.',
    [StorageFault.Denied]: 'Storage directory cannot be written (permission denied). Please contact administrator.',
    [StorageFault.Full]: 'Storage is full. Please contact administrator.',
    [StorageFault.Interrupted]: 'Storage failed while saving the file. Please try again.',
    [StorageFault.Unreachable]: 'Storage cannot be reached. Please try again later.',
    [StorageFault.TimedOut]: 'Storage did not answer in time. Please try again later.',
    [StorageFault.ObjectMissing]: 'The file is missing from storage. Please contact administrator.',
    [StorageFault.Failed]: 'Storage failed. Please try again later.',
  },
  s3: {
    [StorageFault.Missing]: 'Storage bucket not found. Please contact administrator.',
    [StorageFault.ReadOnly]: 'Storage bucket is read-only. Please contact administrator.',
    [StorageFault.Denied]: 'Storage bucket refused access. Please contact administrator.',
    [StorageFault.Full]: 'Storage bucket is full. Please contact administrator.',
    [StorageFault.Interrupted]: 'Storage failed while saving the file. Please try again.',
    [StorageFault.Unreachable]: 'Storage server cannot be reached. Please try again later.',
    [StorageFault.TimedOut]: 'Storage server did not answer in time. Please try again later.',
    [StorageFault.ObjectMissing]: 'The file is missing from storage. Please contact administrator.',
    [StorageFault.Failed]: 'Storage server failed. Please try again later.',
  },
};

/**
 * The store failed, not the request: answered as 503 `STORAGE_UNAVAILABLE` wherever it surfaces,
 * with the driver's words for the fault. `detail` (for the logs) says which directory, bucket or
 * key, and what the driver reported.
 */
export class StorageUnavailableError extends AppException {
  constructor(
    readonly fault: StorageFault,
    readonly driver: StorageDriverName,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(503, ErrorCode.StorageUnavailable, MESSAGES[driver][fault]);
    this.name = 'StorageUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
    this.operatorDetail = { storageFault: fault, storageDriver: driver, detail, err: options?.cause };
  }
}

/** Thrown by a deadline: classified as `TimedOut` by every driver. */
export class StorageTimeoutError extends Error {
  constructor(operation: string, timeoutMs: number) {
    super(`${operation} took longer than ${timeoutMs} ms`);
    this.name = 'StorageTimeoutError';
  }
}

/**
 * `work` settled, or a `StorageTimeoutError` once `timeoutMs` passed. The work is not cancelled
 * (a blocked file system call cannot be); its late result is dropped, and `signal` tells
 * cancellable work (an S3 request) to stop.
 */
export async function withDeadline<T>(operation: string, timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new StorageTimeoutError(operation, timeoutMs));
    }, timeoutMs);
    timer.unref();
  });
  const running = work(controller.signal);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Node's system error code of `error` or of what it wraps. Some wrappers keep only the words
 * (the AWS SDK's "AWS SDK error wrapper for Error: connect ECONNREFUSED ..."), so the message is read too.
 */
export function systemErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 3) return undefined;
  const { code, cause, message } = error as { code?: unknown; cause?: unknown; message?: unknown };
  if (typeof code === 'string') return code;
  return systemErrorCode(cause, depth + 1) ?? (typeof message === 'string' ? /\b(E[A-Z]{3,12})\b/.exec(message)?.[1] : undefined);
}

/** Network failures of a store's server, by Node's error codes. */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
