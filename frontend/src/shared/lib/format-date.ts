// Dates are shown in UTC so a date-only value ('2025-06-01') never slips to the previous day.
const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

function parse(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** 'June 20, 2025' from an ISO date or date-time. */
export function formatDate(value: string): string {
  return dayFormat.format(parse(value));
}

/** 'September 2025' from an ISO date or date-time. */
export function formatMonth(value: string): string {
  return monthFormat.format(parse(value));
}

/** 'June 20, 2025 at 2:30 PM UTC' from an ISO date-time. */
export function formatDateTime(value: string): string {
  return dateTimeFormat.format(parse(value));
}
