const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are relative, slash-separated paths of plain segments (`{userId}/{timestamp}.pdf`): no
 * absolute paths, no `..` or `.` segments, no backslashes, no empty segments. The same keys work
 * as local file paths and as S3 object keys.
 */
export function assertSafeStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(String(key));
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..' || segment.includes('..')) throw new InvalidStorageKeyError(key);
  }
}

export function isSafeStorageKey(key: string): boolean {
  try {
    assertSafeStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Where a paper's PDF goes (spec section 3: `{userId}/{timestamp}.{extension}`). */
export function paperPdfKey(userId: string, timestamp: number): string {
  const key = `${userId}/${timestamp}.pdf`;
  assertSafeStorageKey(key);
  return key;
}

/**
 * Where a message's image goes (spec: `{userId}/{timestamp}-{sanitised name}` in its own
 * bucket, here a prefix). The extension is the sniffed type's, whatever the name claimed.
 */
export function messageAttachmentKey(userId: string, timestamp: number, originalName: string, extension: string): string {
  const stem = originalName
    .replace(/\.[A-Za-z0-9]{1,10}$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/\.{2,}/g, '.')
    .slice(0, 100)
    .replace(/\.+$/, '');
  const key = `message-attachments/${userId}/${timestamp}-${stem || 'image'}.${extension}`;
  assertSafeStorageKey(key);
  return key;
}
