/** The server takes a due date at most 365 days ahead; the last whole day that is surely inside it. */
const MAX_DAYS_AHEAD = 364;
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The day picked, as the end of that day in UTC: the dates are shown in UTC, so "Due June 20"
 * means through June 20 wherever the reader is.
 */
export const endOfDay = (day: string) => `${day}T23:59:59.000Z`;

/** A date picker's `min` and `max` for a due date, from a clock reading taken once. */
export const dueDayBounds = (now: number) => ({ min: dayOf(now), max: dayOf(now + MAX_DAYS_AHEAD * DAY_MS) });
