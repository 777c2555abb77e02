import { calendarDay, endOfCalendarDay } from '@/shared/lib/format-date';

/** The server takes a due date at most 365 days ahead; the last whole day that is surely inside it. */
const MAX_DAYS_AHEAD = 364;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The day picked, as the end of that day in the journal's time zone (JOURNAL_TIME_ZONE): the
 * dates are shown in that zone, so "Due June 20" means through June 20 there, wherever the reader is.
 */
export const endOfDay = (day: string) => endOfCalendarDay(day);

/** The day a due date falls on, as the picker holds it. */
export const dueDay = (dueAt: string) => calendarDay(dueAt);

/** A date picker's `min` and `max` for a due date, from a clock reading taken once. */
export const dueDayBounds = (now: number) => ({ min: calendarDay(now), max: calendarDay(now + MAX_DAYS_AHEAD * DAY_MS) });
