import { DEFAULT_DATE_STYLE, isKnownTimeZone, isSupportedLocale, journalDates } from './journal-dates.js';

describe('journalDates', () => {
  const us = journalDates(DEFAULT_DATE_STYLE);
  const london = journalDates({ locale: 'en-GB', timeZone: 'Europe/London' });
  const tokyo = journalDates({ locale: 'en-US', timeZone: 'Asia/Tokyo' });

  it("writes a day in the journal's locale, by default as the web app always did", () => {
    expect(us.day(new Date('2026-12-07T10:16:00Z'))).toBe('December 7, 2026');
    expect(us.day('2026-12-07T10:16:00.000Z')).toBe('December 7, 2026');
    expect(london.day(new Date('2026-12-07T10:16:00Z'))).toBe('7 December 2026');
    expect(us.month('2025-09-01')).toBe('September 2025');
  });

  it("takes the day an instant falls on in the journal's time zone, but a date-only value as that day anywhere", () => {
    expect(us.day('2026-12-07T20:00:00Z')).toBe('December 7, 2026');
    expect(tokyo.day('2026-12-07T20:00:00Z')).toBe('December 8, 2026');
    expect(tokyo.day('2026-12-07')).toBe('December 7, 2026');
    expect(journalDates({ locale: 'en-US', timeZone: 'America/Los_Angeles' }).day('2026-12-07')).toBe('December 7, 2026');
  });

  it('always names the time zone with a time', () => {
    expect(us.moment('2026-12-07T10:16:00Z')).toBe('December 7, 2026 at 10:16 AM UTC');
    expect(london.moment(new Date('2026-07-07T10:16:00Z'))).toBe('7 July 2026 at 11:16 BST');
  });

  it("gives a picked day's last second in the journal's time zone, across clock changes, and the day back", () => {
    expect(us.endOfDay('2026-12-07')).toBe('2026-12-07T23:59:59.000Z');
    expect(tokyo.endOfDay('2026-12-07')).toBe('2026-12-07T14:59:59.000Z');
    // London goes on summer time at 01:00 UTC on 29 March 2026: that day ends at 22:59:59 UTC.
    expect(london.endOfDay('2026-03-29')).toBe('2026-03-29T22:59:59.000Z');
    expect(london.endOfDay('2026-03-28')).toBe('2026-03-28T23:59:59.000Z');
    for (const dates of [us, tokyo, london]) expect(dates.isoDay(dates.endOfDay('2026-03-29'))).toBe('2026-03-29');
    expect(tokyo.isoDay('2026-12-07T20:00:00Z')).toBe('2026-12-08');
    expect(() => us.endOfDay('7 December')).toThrow(RangeError);
  });

  it('tells a known locale and time zone from a made-up one', () => {
    expect(isSupportedLocale('en-GB')).toBe(true);
    expect(isSupportedLocale('de')).toBe(true);
    expect(isSupportedLocale('xx-YY')).toBe(false);
    expect(isSupportedLocale('not a locale')).toBe(false);
    expect(isKnownTimeZone('Europe/London')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
