import { decodePaperCursor, encodePaperCursor, isRealTimestamp } from './paper-cursor.js';

const ID = '00000000-0000-4000-8000-000000000000';
const cursorAt = (timestamp: string) => Buffer.from(`${timestamp}|${ID}`, 'utf8').toString('base64url');

describe('paper cursor', () => {
  it('decodes what it encodes, microseconds kept', () => {
    const cursor = { publishedAt: '2026-11-21T09:08:07.123456Z', id: ID };
    expect(decodePaperCursor(encodePaperCursor(cursor))).toEqual(cursor);
  });

  it.each(['2024-02-29T00:00:00Z', '2000-02-29T23:59:59.999999Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-04-30T12:00:00.5Z'])(
    'accepts the real instant %s',
    (timestamp) => {
      expect(isRealTimestamp(timestamp)).toBe(true);
      expect(decodePaperCursor(cursorAt(timestamp))).toEqual({ publishedAt: timestamp, id: ID });
    },
  );

  // PostgreSQL refuses each of these with an error, which used to become a 500.
  it.each([
    '2024-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T00:00:00.1234567Z',
    '2026-01-01T00:00:00+01:00',
    '2026-01-01',
  ])('refuses the impossible or foreign timestamp %s', (timestamp) => {
    expect(isRealTimestamp(timestamp)).toBe(false);
    expect(decodePaperCursor(cursorAt(timestamp))).toBeNull();
  });

  it('refuses what is not a cursor of this API', () => {
    expect(decodePaperCursor('')).toBeNull();
    expect(decodePaperCursor('not base64!')).toBeNull();
    expect(decodePaperCursor(Buffer.from(`2026-01-01T00:00:00Z|${ID}|x`).toString('base64url'))).toBeNull();
    expect(decodePaperCursor(Buffer.from('2026-01-01T00:00:00Z|not-a-uuid').toString('base64url'))).toBeNull();
    expect(decodePaperCursor('A'.repeat(201))).toBeNull();
  });
});
