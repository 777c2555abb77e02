import { SERVER_CONFIG_ELEMENT_ID, readDateStyle } from '@/shared/config/server-config';
import { calendarDay, endOfCalendarDay, formatDate, formatDateTime, formatMonth } from './format-date';

function serveDateStyle(dateStyle: unknown) {
  const element = document.createElement('script');
  element.id = SERVER_CONFIG_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify({ journal: { issn: null, dateStyle } });
  document.head.append(element);
}

describe("the journal's date style on screens", () => {
  afterEach(() => document.getElementById(SERVER_CONFIG_ELEMENT_ID)?.remove());

  it('writes en-US in UTC without a settings block, a time always with its time zone', () => {
    expect(formatDate('2026-12-07T20:00:00.000Z')).toBe('December 7, 2026');
    expect(formatMonth('2025-09-01')).toBe('September 2025');
    expect(formatDateTime('2026-12-07T10:16:00.000Z')).toBe('December 7, 2026 at 10:16 AM UTC');
    expect(endOfCalendarDay('2026-12-07')).toBe('2026-12-07T23:59:59.000Z');
  });

  it('writes what the server configured, in its locale and time zone', () => {
    serveDateStyle({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(formatDate('2026-12-07T20:00:00.000Z')).toBe('8 December 2026');
    // A date-only value is that day, whatever the zone.
    expect(formatDate('2026-12-07')).toBe('7 December 2026');
    expect(formatDateTime('2026-12-07T10:16:00.000Z')).toMatch(/^7 December 2026(,| at) 19:16 GMT\+9$/);
    expect(endOfCalendarDay('2026-12-07')).toBe('2026-12-07T14:59:59.000Z');
    expect(calendarDay('2026-12-07T14:59:59.000Z')).toBe('2026-12-07');
  });

  it('keeps the default for a value the browser cannot use', () => {
    serveDateStyle({ locale: 'not a locale', timeZone: 'Mars/Olympus' });
    expect(readDateStyle()).toEqual({ locale: 'en-US', timeZone: 'UTC' });
    document.getElementById(SERVER_CONFIG_ELEMENT_ID)?.remove();
    serveDateStyle(42);
    expect(readDateStyle()).toEqual({ locale: 'en-US', timeZone: 'UTC' });
  });
});
