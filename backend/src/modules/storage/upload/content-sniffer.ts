import { fileTypeFromBuffer } from 'file-type';
import type { UploadPolicy } from './upload-policy.js';

/** Enough of the head for every signature file-type reads (its own sample size). */
export const SNIFF_BYTES = 4100;

export interface SniffedType {
  mime: string;
  /** The extension the stored key gets. */
  extension: string;
}

/**
 * The file's type as its first bytes say, if the policy accepts it; null otherwise. The name
 * and the declared type are never consulted: a PDF renamed `.png` is still a PDF.
 */
export async function sniffContentType(head: Uint8Array, policy: UploadPolicy): Promise<SniffedType | null> {
  if (policy.header && !Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, policy.header.length)).equals(policy.header)) return null;
  const found = await fileTypeFromBuffer(head);
  const extension = found ? policy.types[found.mime] : undefined;
  return found && extension ? { mime: found.mime, extension } : null;
}
