import { journalDates, type JournalDates } from '@journal/web-shared/journal-dates';
import { readDateStyle } from '@/shared/config/server-config';

// The journal's one date style (JOURNAL_LOCALE, JOURNAL_TIME_ZONE), the one its e-mails and
// certificates are written in, read from the page the server sent. A date-only value
// ('2025-06-01') is that day in any time zone.
const dates = (): JournalDates => journalDates(readDateStyle());

/** 'June 20, 2025' from an ISO date or date-time. */
export function formatDate(value: string): string {
  return dates().day(value);
}

/** 'September 2025' from an ISO date or date-time. */
export function formatMonth(value: string): string {
  return dates().month(value);
}

/** 'June 20, 2025 at 2:30 PM UTC' from an ISO date-time: a time always names its time zone. */
export function formatDateTime(value: string): string {
  return dates().moment(value);
}

/** '2025-06-20': the journal's calendar day of an instant, as a date input holds it. */
export function calendarDay(value: string | number): string {
  return dates().isoDay(typeof value === 'number' ? new Date(value) : value);
}

/** The last second of a calendar day in the journal's time zone, as an ISO instant: a due date picked as a day. */
export function endOfCalendarDay(day: string): string {
  return dates().endOfDay(day);
}
