/**
 * Instants arrive from the API as ISO 8601 UTC strings and are shown in the viewer's own time zone
 * and locale. Both are optional parameters so tests (and later a user preference) can pin them.
 */
export interface DateFormatOptions {
  /** IANA zone such as 'Europe/London'; omitted means the viewer's zone. */
  timeZone?: string;
  /** BCP 47 locale; omitted means the viewer's locale. */
  locale?: string;
}

const dateTimeParts: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

const dateParts: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

function toDate(isoInstant: string): Date {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO instant: ${isoInstant}`);
  return date;
}

function formatter(parts: Intl.DateTimeFormatOptions, options: DateFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(options.locale, { ...parts, timeZone: options.timeZone });
}

/** e.g. "Fri, 15 Aug 2025, 20:00" (en-GB, Europe/London). */
export function formatDateTime(isoInstant: string, options: DateFormatOptions = {}): string {
  return formatter(dateTimeParts, options).format(toDate(isoInstant));
}

/** e.g. "20:00": the time of day in the zone (for instants of today, such as a live score's). */
export function formatTime(isoInstant: string, options: DateFormatOptions = {}): string {
  return formatter({ hour: '2-digit', minute: '2-digit' }, options).format(toDate(isoInstant));
}

/** e.g. "Fri, 15 Aug 2025": the calendar day the instant falls on in the zone. */
export function formatDate(isoInstant: string, options: DateFormatOptions = {}): string {
  return formatter(dateParts, options).format(toDate(isoInstant));
}

/** The zone dates are shown in, for a caption such as "Times in Europe/London". */
export function displayTimeZone(options: DateFormatOptions = {}): string {
  return options.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
