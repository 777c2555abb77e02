/**
 * The opaque keyset cursor of GET /api/papers: base64url of `{publishedAt}|{id}` of the last
 * paper of a page. `publishedAt` keeps PostgreSQL's microseconds (a JavaScript Date would lose
 * them and pages would skip or repeat papers).
 */

export interface PaperCursor {
  publishedAt: string;
  id: string;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodePaperCursor(cursor: PaperCursor): string {
  return Buffer.from(`${cursor.publishedAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/**
 * Whether the timestamp names an instant PostgreSQL accepts as written. `Date.parse` is no test:
 * it takes 2024-02-30 (as 1 March) and the year 0000, which PostgreSQL refuses with an error.
 */
export function isRealTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** The cursor, or null when it is not one this API produced. */
export function decodePaperCursor(value: string): PaperCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const [publishedAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !publishedAt || !id || !isRealTimestamp(publishedAt) || !UUID.test(id)) return null;
  return { publishedAt, id: id.toLowerCase() };
}
