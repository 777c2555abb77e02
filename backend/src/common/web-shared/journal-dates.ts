// How the journal writes dates, known to both halves: e-mails, server messages, certificates and
// the server-rendered pages use it through the configuration (JOURNAL_LOCALE, JOURNAL_TIME_ZONE),
// the web app through the settings block the server writes into its page, so a date reads the
// same wherever it is met.

/** The journal's locale (a BCP 47 tag) and time zone (an IANA name). */
export interface DateStyle {
  locale: string;
  timeZone: string;
}

/** What a journal that configures nothing writes: "December 7, 2026", in UTC. */
export const DEFAULT_DATE_STYLE: DateStyle = { locale: 'en-US', timeZone: 'UTC' };

export interface JournalDates {
  /** "December 7, 2026": the day an instant falls on in the journal's time zone; a date-only value ('2026-12-07') is that day. */
  day(value: Date | string): string;
  /** "December 2026". */
  month(value: Date | string): string;
  /** "December 7, 2026 at 10:16 AM UTC": a time is always written with its time zone. */
  moment(value: Date | string): string;
  /** "2026-12-07": the calendar day an instant falls on in the journal's time zone, as a date input holds it. */
  isoDay(value: Date | string): string;
  /** The last second of a calendar day ('2026-12-07') in the journal's time zone, as an ISO instant: a due date picked as a day. */
  endOfDay(day: string): string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `locale` is a well-formed tag this runtime can write dates in. */
export function isSupportedLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0;
  } catch {
    return false;
  }
}

/** Whether `timeZone` is a time zone this runtime knows (an IANA name such as 'Europe/London', or 'UTC'). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

const cache = new Map<string, JournalDates>();

/** The formatter of a style; built once per style, since building Intl formats is the costly part. */
export function journalDates(style: DateStyle): JournalDates {
  const key = `${style.locale}\n${style.timeZone}`;
  let dates = cache.get(key);
  if (!dates) {
    dates = buildJournalDates(style);
    cache.set(key, dates);
  }
  return dates;
}

function buildJournalDates({ locale, timeZone }: DateStyle): JournalDates {
  const dayIn = (zone: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });
  const monthIn = (zone: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: zone });
  const zonedDay = dayIn(timeZone);
  const zonedMonth = monthIn(timeZone);
  // A date-only value names a calendar day, not an instant: written as itself in any time zone.
  const utcDay = dayIn('UTC');
  const utcMonth = monthIn('UTC');
  const moment = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const numeric = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const wallClock = (instant: number) => {
    const parts = Object.fromEntries(numeric.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return { year: parts.year ?? '', month: parts.month ?? '', day: parts.day ?? '', asUtc: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) };
  };
  const offsetAt = (instant: number) => wallClock(instant).asUtc - Math.floor(instant / 1000) * 1000;
  const instantOf = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);
  return {
    day: (value) => (typeof value === 'string' && DATE_ONLY.test(value) ? utcDay.format(new Date(`${value}T00:00:00Z`)) : zonedDay.format(instantOf(value))),
    month: (value) => (typeof value === 'string' && DATE_ONLY.test(value) ? utcMonth.format(new Date(`${value}T00:00:00Z`)) : zonedMonth.format(instantOf(value))),
    moment: (value) => moment.format(instantOf(value)),
    isoDay(value) {
      if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
      const { year, month, day } = wallClock(instantOf(value).getTime());
      return `${year}-${month}-${day}`;
    },
    endOfDay(day) {
      const match = DATE_ONLY.exec(day);
      if (!match) throw new RangeError(`not a calendar day: ${day}`);
      const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
      // The zone's offset at that wall time; asked again at the answer, in case a clock change lies between.
      const first = wall - offsetAt(wall);
      return new Date(wall - offsetAt(first)).toISOString();
    },
  };
}
