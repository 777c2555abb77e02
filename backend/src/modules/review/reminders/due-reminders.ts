const DAY_MS = 24 * 60 * 60 * 1000;

/** The worker looks for reminders to send this often; a reminder goes out at most this late. */
export const DUE_REMINDERS_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The "upcoming" reminder goes out this long before the due date. An assignment (or a revision
 * request) made closer to its date than this gets none: it was just given, with its date.
 */
export const UPCOMING_REMINDER_LEAD_MS = 3 * DAY_MS;

/** The "overdue" reminder goes out this long after the due date: a day's grace, not minutes after it. */
export const OVERDUE_REMINDER_DELAY_MS = DAY_MS;

/** An editor may remind a reviewer by hand at most once in this long. */
export const MANUAL_REMINDER_SPACING_MS = DAY_MS;

/** At most this many reminders of each subject per sweep; the next sweep sends the rest. */
export const DUE_REMINDERS_BATCH_SIZE = 500;

const DUE_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "24 December 2026", as the reminder e-mails write the due date. */
export function formatDueDate(date: Date): string {
  return DUE_DATE_FORMAT.format(date);
}

const MOMENT_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "24 December 2026 at 14:05 UTC", for a moment people are told to wait for. */
export function formatMoment(date: Date): string {
  const parts = Object.fromEntries(MOMENT_FORMAT.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} UTC`;
}

export const reviewPageUrl = (publicUrl: string, reviewId: string): string => `${publicUrl}/review/${reviewId}`;

export const paperPageUrl = (publicUrl: string, paperId: string): string => `${publicUrl}/papers/${paperId}`;
