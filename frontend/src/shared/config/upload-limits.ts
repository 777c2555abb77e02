// The upload limits the browser checks before sending, and every text that states them: the
// server's own (UPLOAD_MAX_PDF_BYTES, …), which it writes into the page it serves.
import { readUploadLimits } from './server-config';

export const UPLOAD_LIMITS = readUploadLimits();
export const MAX_PDF_BYTES = UPLOAD_LIMITS.maxPdfBytes;

/** Whole kilobytes and megabytes as the spec writes them ("10MB"; "10 MB" with a space). */
export function formatByteLimit(bytes: number, separator = ''): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}${separator}MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}${separator}KB`;
  return `${bytes} bytes`;
}

/** "10MB", as the spec's toast says it. */
export const MAX_PDF_SIZE = formatByteLimit(MAX_PDF_BYTES);
/** "10 MB", as prose says it. */
export const MAX_PDF_SIZE_PROSE = formatByteLimit(MAX_PDF_BYTES, ' ');
