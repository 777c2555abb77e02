/**
 * The opaque keyset cursor of GET /api/papers: base64url of `{publishedAt}|{id}` of the last
 * paper of a page. `publishedAt` keeps PostgreSQL's microseconds (a JavaScript Date would lose
 * them and pages would skip or repeat papers).
 */

export interface PaperCursor {
  publishedAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodePaperCursor(cursor: PaperCursor): string {
  return Buffer.from(`${cursor.publishedAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor, or null when it is not one this API produced. */
export function decodePaperCursor(value: string): PaperCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const [publishedAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !publishedAt || !id || !TIMESTAMP.test(publishedAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(publishedAt))) return null;
  return { publishedAt, id: id.toLowerCase() };
}
