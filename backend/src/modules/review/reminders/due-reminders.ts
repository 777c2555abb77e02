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

export const reviewPageUrl = (publicUrl: string, reviewId: string): string => `${publicUrl}/review/${reviewId}`;

export const paperPageUrl = (publicUrl: string, paperId: string): string => `${publicUrl}/papers/${paperId}`;
